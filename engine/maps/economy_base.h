#pragma once
// The starting base CollectMineralsAndGas and BuildMarines share, on the single-screen
// layout (24x24 playable area, one camera). Its spots are assets/maps/EconomyBase.json
// (compiled in, see map_assets.h):
// * a finished Command Center (5x5) at (32.5, 32.5), the middle of the screen;
// * mineral fields (2x1, centres on whole x / half y as in recorded games) in arcs of 8,
//   6.9-7.6 from the Command Center's centre (edge gaps 3.1-3.7, like a real base's
//   patches), each reachable straight from the Command Center: the east arc, and the
//   mirrored west arc;
// * vespene geysers (3x3) 9.2 from the Command Center, north and south of it, clear of
//   the arcs' ends;
// * 12 SCVs in two rows of 6 just south of the Command Center, idle, not selected.
// The start bank (code, a rule): 50 minerals, 0 gas; supply 12/15.
#include <vector>

#include "engine/maps/map_assets.h"
#include "engine/sim/world.h"

namespace sc2::engine::economy_base {

inline constexpr int kStartMinerals = 50;

Vec2 command_center();
// The asset's Command Center spot, for callers that want a constant; read (and checked)
// when the program starts.
inline const Vec2 kCommandCenter = command_center();

std::vector<Vec2> east_mineral_line();
std::vector<Vec2> west_mineral_line();
std::vector<Vec2> geyser_spots();
std::vector<Vec2> worker_spots();

// Places `base` for `player` with 8 (east) or 16 (east + west) fields and, when asked,
// the four geysers; turns the world's economy on and sets the start bank.
void place(World& world, const EconomyBaseSpec& base, int player, int mineral_fields, bool geysers);
// The same with the shared EconomyBase asset (tests, benchmarks).
void place(World& world, int player, int mineral_fields, bool geysers);

}  // namespace sc2::engine::economy_base
