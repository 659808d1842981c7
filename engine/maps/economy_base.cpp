#include "engine/maps/economy_base.h"

#include <algorithm>

namespace sc2::engine::economy_base {

std::vector<Vec2> east_mineral_line() {
  return {{36.0f, 26.5f}, {38.0f, 27.5f}, {39.0f, 29.5f}, {40.0f, 31.5f},
          {40.0f, 33.5f}, {39.0f, 35.5f}, {38.0f, 37.5f}, {36.0f, 38.5f}};
}

std::vector<Vec2> west_mineral_line() {
  std::vector<Vec2> out;
  for (Vec2 p : east_mineral_line()) out.push_back({2.0f * kCommandCenter.x - p.x, p.y});
  return out;
}

std::vector<Vec2> geyser_spots() { return {{30.5f, 41.5f}, {34.5f, 41.5f}, {30.5f, 23.5f}, {34.5f, 23.5f}}; }

std::vector<Vec2> worker_spots() {
  std::vector<Vec2> out;
  for (int i = 0; i < kStartWorkers; ++i) {
    out.push_back({30.5f + 0.8f * static_cast<float>(i % 6), i < 6 ? 29.0f : 28.2f});
  }
  return out;
}

void place(World& world, int player, int mineral_fields, bool geysers) {
  world.set_economy(true);
  world.player(player).economy.minerals = kStartMinerals;
  world.spawn(unit_type::kCommandCenter, player, kCommandCenter);
  std::vector<Vec2> fields = east_mineral_line();
  if (mineral_fields > 8) {
    for (Vec2 p : west_mineral_line()) fields.push_back(p);
  }
  fields.resize(std::min<std::size_t>(fields.size(), static_cast<std::size_t>(mineral_fields)));
  for (Vec2 p : fields) world.spawn(unit_type::kMineralField, kNeutralOwner, p);
  if (geysers) {
    for (Vec2 p : geyser_spots()) world.spawn(unit_type::kVespeneGeyser, kNeutralOwner, p);
  }
  for (Vec2 p : worker_spots()) world.spawn(unit_type::kScv, player, p);
}

}  // namespace sc2::engine::economy_base
