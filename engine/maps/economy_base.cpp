#include "engine/maps/economy_base.h"

#include <algorithm>

#include "engine/sim/construction.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine::economy_base {

namespace {

constexpr std::string_view kLayout = "EconomyScreen";

Vec2 standing_spot(const EconomyBaseSpec& base) {
  return snap_to_grid(*find_unit_type(unit_type::kCommandCenter), base.command_center);
}

}  // namespace

WorkerSide random_worker_side(World& world) {
  return world.rng().below(2) == 0 ? WorkerSide::East : WorkerSide::West;
}

MapLayout layout() {
  static const LayoutSpec spec = parse_layout_asset(map_asset_path(kLayout), embedded_map_asset_text(kLayout).value());
  return spec.build();
}

Vec2 command_center() { return standing_spot(economy_base_asset()); }
std::vector<Vec2> east_mineral_line() { return economy_base_asset().east_mineral_line; }
std::vector<Vec2> west_mineral_line() { return economy_base_asset().west_mineral_line; }
std::vector<Vec2> geyser_spots() { return economy_base_asset().geysers; }
std::vector<Vec2> worker_spots(WorkerSide side) { return economy_base_asset().worker_spots(static_cast<int>(side)); }

PlacedBase place(World& world, int player, int mineral_fields, bool geysers, WorkerSide side) {
  return place(world, economy_base_asset(), player, mineral_fields, geysers, side);
}

PlacedBase place(World& world, const EconomyBaseSpec& base, int player, int mineral_fields, bool geysers,
                 WorkerSide side) {
  world.set_economy(true);
  world.player(player).economy.minerals = kStartMinerals;
  PlacedBase placed;
  placed.command_center = world.spawn(unit_type::kCommandCenter, player, standing_spot(base));
  std::vector<Vec2> fields = base.west_mineral_line;
  fields.insert(fields.end(), base.east_mineral_line.begin(), base.east_mineral_line.end());
  fields.resize(std::min(fields.size(), static_cast<std::size_t>(std::max(0, mineral_fields))));
  for (Vec2 p : fields) placed.mineral_fields.push_back(world.spawn(unit_type::kMineralField, kNeutralOwner, p));
  if (geysers) {
    for (Vec2 p : base.geysers) placed.geysers.push_back(world.spawn(unit_type::kVespeneGeyser, kNeutralOwner, p));
  }
  for (Vec2 p : base.worker_spots(static_cast<int>(side))) {
    placed.workers.push_back(world.spawn(unit_type::kScv, player, p));
  }
  return placed;
}

}  // namespace sc2::engine::economy_base
