#include "engine/maps/melee_game.h"

#include "engine/maps/mini_game_registry.h"
#include "engine/mini_game_list.h"  // generated: declares make_melee_game
#include "engine/scripted/builtin_maps.h"

namespace sc2::engine {

int structure_count(const World& world, int player) {
  int count = 0;
  for (const Unit* u : world.units()) count += (u->owner == player && u->stats->role == UnitRole::Structure) ? 1 : 0;
  return count;
}

std::vector<Vec2> MeleeGame::enemy_start_locations(int player) const {
  std::vector<Vec2> out;
  for (std::size_t i = 0; i < asset_.start_locations.size(); ++i) {
    if (static_cast<int>(i) + 1 != player) out.push_back(asset_.start_locations[i].command_center);
  }
  return out;
}

void MeleeGame::setup(World& world) {
  world.set_economy(true);
  for (std::size_t i = 0; i < asset_.start_locations.size(); ++i) {
    const int player = static_cast<int>(i) + 1;
    const StartLocation& start = asset_.start_locations[i];
    world.player(player).economy.minerals = kMeleeStartMinerals;
    world.player(player).camera = start.command_center;
    world.spawn(unit_type::kCommandCenter, player, start.command_center);
    for (Vec2 offset : asset_.base.mineral_fields) world.spawn(unit_type::kMineralField, kNeutralOwner, start.place(offset));
    for (Vec2 offset : asset_.base.geysers) world.spawn(unit_type::kVespeneGeyser, kNeutralOwner, start.place(offset));
    for (Vec2 offset : asset_.base.workers) world.spawn(unit_type::kScv, player, start.place(offset));
  }
  for (int player = 1; player <= players(); ++player) structures_[player] = structure_count(world, player);
}

void MeleeGame::on_loop(World& world) {
  bool structure_died = false;
  for (const UnitDeath& death : world.deaths_last_loop()) {
    const UnitTypeStats* type = find_unit_type(death.unit_type);
    structure_died = structure_died || (type != nullptr && type->role == UnitRole::Structure);
  }
  if (!structure_died) return;
  for (int player = 1; player <= players(); ++player) structures_[player] = structure_count(world, player);
}

std::optional<GameResult> MeleeGame::early_end(const World&) const {
  const bool first_lost = structures_[1] == 0;
  const bool second_lost = structures_[2] == 0;
  if (first_lost && second_lost) return GameResult::Tie;
  if (first_lost) return GameResult::Defeat;
  if (second_lost) return GameResult::Victory;
  return std::nullopt;
}

// The map folder (assets/maps/Melee/<Name>.SC2Map/, issue 35) unless the process chose the C++ rules.
std::unique_ptr<MiniGame> make_melee_game(std::string_view map) {
  if (playing_builtin_map_folders()) {
    if (auto folder = scripted::builtin_map_factory(map)) return folder->make();
  }
  return std::make_unique<MeleeGame>(melee_map_asset(map));
}

}  // namespace sc2::engine
