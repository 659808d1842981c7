#pragma once
// A starting base for the economy tests, placed straight on a world without a map: the base the
// economy mini-games' folders place (assets/maps/mini_games/CollectMineralsAndGas.SC2Map and
// BuildMarines.SC2Map: their Objects and map init), written out here so that a test can choose
// its parts (8 or 16 mineral fields, geysers or not) and know where each stands.
// * a finished Command Center at the folders' point (29.8251, 28.0083), standing where our
//   placement grid puts a 5x5 (29.5, 28.5);
// * mineral fields: the west line of 8 (5.6-7.5 from the Command Center), then the east line of
//   8 (a long-distance line); 4 geysers when asked;
// * 12 SCVs in two columns 3.5 and 4.5 east (or west) of the point, rows y + 2.5 .. - 2.5;
// * the economy on, 50 minerals.
#include <algorithm>
#include <vector>

#include "engine/sim/construction.h"
#include "engine/sim/unit_data.h"
#include "engine/sim/world.h"

namespace sc2::engine::economy_base {

inline constexpr int kStartMinerals = 50;

enum class WorkerSide { East = 1, West = -1 };

// The economy folders' playable area (20,19)-(46,37) on a flat 64x64 map, camera bounds as theirs.
inline MapLayout layout() {
  MapLayout map = make_flat_layout(64, 64, CellRect{20, 19, 46, 37}, 128, 96);
  map.camera_bounds = CellRect{10, 8, 54, 44};
  return map;
}

inline constexpr Vec2 kCommandCenterPoint{29.8251f, 28.0083f};
inline const Vec2 kCommandCenter = snap_to_grid(*find_unit_type(unit_type::kCommandCenter), kCommandCenterPoint);

inline std::vector<Vec2> west_mineral_line() {
  return {{23, 28.5f}, {24, 29.5f}, {23, 26.5f}, {25, 22.5f}, {25, 32.5f}, {24, 23.5f}, {24, 31.5f}, {24, 25.5f}};
}
inline std::vector<Vec2> east_mineral_line() {
  return {{41, 22.5f}, {42, 25.5f}, {42, 23.5f}, {41, 32.5f}, {43, 26.5f}, {43, 28.5f}, {42, 29.5f}, {42, 31.5f}};
}
inline std::vector<Vec2> geyser_spots() { return {{39.5f, 20.5f}, {26.5f, 34.5f}, {39.5f, 34.5f}, {26.5f, 20.5f}}; }

inline std::vector<Vec2> worker_spots(WorkerSide side = WorkerSide::East) {
  std::vector<Vec2> spots;
  const float sign = static_cast<float>(side);
  for (float dy : {2.5f, 1.5f, 0.5f, -0.5f, -1.5f, -2.5f}) {
    for (float dx : {4.5f, 3.5f}) spots.push_back({kCommandCenterPoint.x + dx * sign, kCommandCenterPoint.y + dy});
  }
  return spots;
}

// What place() put down, in creation order.
struct PlacedBase {
  UnitId command_center;
  std::vector<UnitId> mineral_fields;  // the west line first
  std::vector<UnitId> geysers;
  std::vector<UnitId> workers;
};

inline PlacedBase place(World& world, int player, int mineral_fields, bool geysers, WorkerSide side = WorkerSide::East) {
  world.set_economy(true);
  world.player(player).economy.minerals = kStartMinerals;
  PlacedBase placed;
  placed.command_center = world.spawn(unit_type::kCommandCenter, player, kCommandCenter);
  std::vector<Vec2> fields = west_mineral_line();
  for (Vec2 p : east_mineral_line()) fields.push_back(p);
  fields.resize(std::min(fields.size(), static_cast<std::size_t>(std::max(0, mineral_fields))));
  for (Vec2 p : fields) placed.mineral_fields.push_back(world.spawn(unit_type::kMineralField, kNeutralOwner, p));
  if (geysers) {
    for (Vec2 p : geyser_spots()) placed.geysers.push_back(world.spawn(unit_type::kVespeneGeyser, kNeutralOwner, p));
  }
  for (Vec2 p : worker_spots(side)) placed.workers.push_back(world.spawn(unit_type::kScv, player, p));
  return placed;
}

// A standard melee mineral line (the one our melee map folders, assets/maps/Melee/, place around
// each start in their Objects), as offsets from a Command Center whose minerals lie west of it.
inline std::vector<Vec2> melee_mineral_offsets() {
  return {{-3.5f, -6}, {-5.5f, -5}, {-6.5f, -3}, {-7.5f, -1}, {-7.5f, 1}, {-6.5f, 3}, {-5.5f, 5}, {-3.5f, 6}};
}

}  // namespace sc2::engine::economy_base
