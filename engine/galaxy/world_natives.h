#pragma once
// The library functions the game registers (over its world: units, groups, regions, players,
// camera, AI...), grouped by area as spec §2.4 groups them. The runtime implements the other 48
// itself (runtime_natives.h). Some only speak to a person; `register_headless_natives` gives
// those the behaviour a headless game has (nothing shown; objectives and timer windows get ids),
// and the game may replace any of them (e.g. ObjectiveSetState, to see an episode's outcome).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/native_call.h"

namespace sc2::galaxy {

struct WorldNative {
  std::string_view name;
  std::string_view area;
  bool headless_default;  // register_headless_natives provides it
};

std::span<const WorldNative> world_natives();

// Registers the headless behaviour of the natives marked `headless_default`. Objectives and
// timer windows get ids 1, 2, ...; past `max_ids` of a kind the call fails (an int id cannot
// count further: a script creating them in a loop gets an error, never an overflow).
void register_headless_natives(NativeRegistry& registry, std::int32_t max_ids = INT32_MAX);

// The world natives `registry` lacks, "Area: Name" each (a host checks it is complete).
std::vector<std::string> missing_world_natives(const NativeRegistry& registry);

}  // namespace sc2::galaxy
