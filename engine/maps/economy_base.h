#pragma once
// The starting base CollectMineralsAndGas and BuildMarines share, from their real map files
// (Objects and MapScript.galaxy; the data is assets/maps/EconomyBase.json, the layout
// assets/maps/EconomyScreen.json, both compiled in, see map_assets.h):
// * a finished Command Center created at the Objects point "Command Center" (29.8251,
//   28.0083). A 5x5 stands on whole cells, so it stands where our placement grid puts it
//   (construction.h snap_to_grid: the nearest half-cell centre), (29.5, 28.5); the game's own
//   snap is not visible in the files (inferred);
// * mineral fields (2x1) and vespene geysers (3x3) at their Objects positions: the west line
//   of 8 (x 23-25, 5.6-7.5 from the Command Center), the east line of 8 (x 41-43, 12.2-13.7
//   away: a long-distance line), 4 geysers 6.7-12.8 away. A map places the west line alone
//   (8 fields, BuildMarines) or both (16, CollectMineralsAndGas), with or without the geysers;
// * 12 SCVs, not selected, in two columns 3.5 and 4.5 east or west of the Objects point
//   (the side drawn once per episode: the scripts' RandomInt(1, 2)), rows y + 2.5 .. - 2.5, in
//   the scripts' creation order, exactly at the scripts' points: every centre is on a free
//   cell (on the west side two SCVs reach 0.05 into a mineral field's footprint, which the
//   game's placement search might resolve by a nudge; we leave them).
// The start bank (the scripts set minerals to 50; gas stays 0): supply 12/15.
#include <vector>

#include "engine/maps/map_assets.h"
#include "engine/sim/world.h"

namespace sc2::engine::economy_base {

inline constexpr int kStartMinerals = 50;
inline constexpr int kWestLineFields = 8;  // place(..., 8, ...): the west line only
inline constexpr int kAllFields = 16;      // both lines

// The side of the Command Center point the SCVs start on (the scripts' x offset sign).
enum class WorkerSide { East = 1, West = -1 };
// The scripts' draw: RandomInt(1, 2) == 1 is east, else west; one draw of the world's RNG.
WorkerSide random_worker_side(World& world);

// The economy maps' layout (EconomyScreen.json), for tests and benchmarks that place the base
// without a map.
MapLayout layout();

// Where the Command Center stands (the asset's point on the 5x5 grid), for callers that
// want a constant; read (and checked) when the program starts.
Vec2 command_center();
inline const Vec2 kCommandCenter = command_center();

std::vector<Vec2> east_mineral_line();
std::vector<Vec2> west_mineral_line();
std::vector<Vec2> geyser_spots();
std::vector<Vec2> worker_spots(WorkerSide side = WorkerSide::East);

// What place() put down, in creation order.
struct PlacedBase {
  UnitId command_center;
  std::vector<UnitId> mineral_fields;  // the west line first
  std::vector<UnitId> geysers;
  std::vector<UnitId> workers;
};

// Places `base` for `player`: the Command Center, the first `mineral_fields` of the west line
// then the east line (8 or 16), when asked the four geysers, then the 12 SCVs on `side`;
// turns the world's economy on and sets the start bank.
PlacedBase place(World& world, const EconomyBaseSpec& base, int player, int mineral_fields, bool geysers,
                 WorkerSide side);
// The same with the shared EconomyBase asset (tests, benchmarks).
PlacedBase place(World& world, int player, int mineral_fields, bool geysers, WorkerSide side = WorkerSide::East);

}  // namespace sc2::engine::economy_base
