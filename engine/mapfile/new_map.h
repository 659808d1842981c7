#pragma once
// A new map from scratch (`sc2lite --new-map DIR`): what a map maker without the Windows editor
// starts from. Flat ground at the mini-games' height (level 1, 8.0), every cell pathable, the
// camera bounds given, a "Playable Space" region over them, a start point for player 1 in their
// middle, and a starter script (a Marine, a one-minute episode that ends in Victory) to edit.
// Our built-in maps' binary files (MapInfo and terrain) are exactly what this writes for their
// size and camera bounds (tests/engine/builtin_map_folders_test.cpp checks the bytes).
#include <cstdint>
#include <string>

#include "engine/mapfile/map_files.h"
#include "engine/mapfile/map_info.h"

namespace sc2::engine::mapfile {

struct NewMapOptions {
  std::uint32_t width = 64;   // cells
  std::uint32_t height = 64;  // cells
  // World units; where the camera may go and the starter's playable area. All zero: the whole
  // map but a 4-cell border.
  CameraBounds camera;
  std::string name = "NewMap";  // GameStrings DocInfo/Name
};

// The camera bounds `options` stand for (the whole-map default filled in). Throws MapError
// ("--new-map", reason) for a side under 16 or over MapLimits::max_map_side, or bounds that are
// empty or outside the map.
CameraBounds new_map_camera(const NewMapOptions& options);

// MapInfo, the three terrain files, Regions, Objects, MapScript.galaxy and GameStrings.
MapFiles new_map_files(const NewMapOptions& options);

}  // namespace sc2::engine::mapfile
