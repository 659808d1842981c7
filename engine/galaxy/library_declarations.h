#pragma once
// The built-in library's declarations, in Galaxy's own syntax: the 117 external functions and
// 31 constants the 30 reference map scripts use (spec sc2-map-files.md §2.3-§2.4: names,
// signatures and values are facts from Blizzard's natives.galaxy / NativeLib / AI.galaxy /
// GameData; the text is ours), and the 5 functions and 3 constants our melee maps' scripts use
// (GameOver, MeleeInit*, c_gameOver*: our assumption, no reference script has them), and
// SMACv2's UnitOrderCount (its 32x32_flat map's script).
// library.cpp compiles them once with our own parser.
#include <span>
#include <string_view>

namespace sc2::galaxy {

struct LibraryPart {
  std::string_view file_name;  // as a script would include it, e.g. "TriggerLibs/NativeLib"
  std::string_view source;
  // Natives and game-data constants are always visible; the NativeLib and AI functions only
  // after an `include "TriggerLibs/..."` (every reference script includes NativeLib).
  bool needs_include;
};

std::span<const LibraryPart> library_parts();

}  // namespace sc2::galaxy
