#include "engine/maps/economy_base.h"

#include <algorithm>

namespace sc2::engine::economy_base {

Vec2 command_center() { return economy_base_asset().command_center; }
std::vector<Vec2> east_mineral_line() { return economy_base_asset().east_mineral_line; }
std::vector<Vec2> west_mineral_line() { return economy_base_asset().west_mineral_line; }
std::vector<Vec2> geyser_spots() { return economy_base_asset().geysers; }
std::vector<Vec2> worker_spots() { return economy_base_asset().workers; }

void place(World& world, int player, int mineral_fields, bool geysers) {
  place(world, economy_base_asset(), player, mineral_fields, geysers);
}

void place(World& world, const EconomyBaseSpec& base, int player, int mineral_fields, bool geysers) {
  world.set_economy(true);
  world.player(player).economy.minerals = kStartMinerals;
  world.spawn(unit_type::kCommandCenter, player, base.command_center);
  std::vector<Vec2> fields = base.east_mineral_line;
  if (mineral_fields > 8) {
    for (Vec2 p : base.west_mineral_line) fields.push_back(p);
  }
  fields.resize(std::min<std::size_t>(fields.size(), static_cast<std::size_t>(mineral_fields)));
  for (Vec2 p : fields) world.spawn(unit_type::kMineralField, kNeutralOwner, p);
  if (geysers) {
    for (Vec2 p : base.geysers) world.spawn(unit_type::kVespeneGeyser, kNeutralOwner, p);
  }
  for (Vec2 p : base.workers) world.spawn(unit_type::kScv, player, p);
}

}  // namespace sc2::engine::economy_base
