#pragma once
// The Defeat trigger of the mini-game files with Marines to lose (DefeatRoaches,
// DefeatZerglingsAndBanelings, FindAndDefeatZerglings; DR's gt_Defeat): each death of a
// player-1 unit subtracts 1; the death event that finds no Marine alive (all of the loop's
// deaths have happened by then) also disables the scoring triggers, so the loop's later deaths,
// of either side, count nothing. Marines dying together at the end cost 1 in all.
#include <algorithm>
#include <vector>

#include "engine/sim/world.h"

namespace sc2::engine {

// Whether this loop's deaths leave none of `marines` alive.
inline bool last_marines_die(const std::vector<UnitDeath>& deaths, const std::vector<UnitId>& marines) {
  if (marines.empty()) return false;
  return std::all_of(marines.begin(), marines.end(), [&](UnitId id) {
    return std::any_of(deaths.begin(), deaths.end(), [&](const UnitDeath& d) { return d.id == id; });
  });
}

}  // namespace sc2::engine
