#pragma once
// Bounds on what a map's script may make the world do (issue 34 item 4: a map is untrusted
// input). Past one, the native that asked fails with an error naming the limit, which ends the
// episode cleanly (scripted_map.h). The script's own budgets (instructions, stack, threads,
// strings) are the runtime's: engine/galaxy/runtime_limits.h.
#include <cstddef>
#include <cstdint>

#include "engine/galaxy/runtime_limits.h"

namespace sc2::engine::scripted {

struct ScriptedLimits {
  // Live units in the world (the reference maps need at most 57: 27m_vs_30m).
  std::uint32_t max_units = 10'000;
  // Units one UnitCreate / CreateUnitsWithDefaultFacing call may ask for.
  std::int32_t max_units_per_call = 1'000;
  // Unit-against-spot checks the placement search of one create call may make
  // (unit_placement.h); past it, the call's remaining units stand where asked and the
  // simulation's separation spreads them (a script piling thousands of units on one point).
  std::int64_t placement_checks_per_call = 20'000'000;
  // Unit groups alive at once (after unreachable ones are freed) and their members together.
  std::uint32_t max_unit_groups = 65'536;
  std::size_t max_group_members = 1u << 20;
  // New groups (or forgotten units) after which unreachable ones are freed at the loop's end.
  std::uint32_t collect_after_new_groups = 512;
  std::uint32_t collect_after_gone_units = 4'096;
  // Tries of RegionRandomPoint before a region with (almost) no area is an error.
  int random_point_tries = 10'000;
  // Objectives ObjectiveCreate may make in a game (the mini-games make 2).
  std::int32_t max_objectives = 1'024;
  galaxy::RuntimeLimits runtime;
};

}  // namespace sc2::engine::scripted
