#include "engine/server/game.h"

#include <algorithm>

#include "engine/sim/rng.h"

namespace sc2::engine {

Game::Game(const GameConfig& config, std::uint64_t episode_seed)
    : mini_game_(config.map_file ? config.map_file->make() : config.map->make()),
      world_(mini_game_->layout(), episode_seed) {
  world_.set_fog(mini_game_->fog() && !config.disable_fog);
  mini_game_->setup(world_);
  if (mini_game_->players() < 2) return;
  participants_ = 0;
  for (const auto& setup : config.players) participants_ += setup.type() == SC2APIProtocol::Participant ? 1 : 0;
  participants_ = std::clamp(participants_, 1, 2);
  fed_players_ = participants_;
  // Player ids: Participants first (1), then the Computers (as game_info lists them); a game of
  // two Computers (melee_bench) has ids 1 and 2 for them.
  int next_player = 1;
  for (const auto& setup : config.players) next_player += setup.type() == SC2APIProtocol::Participant ? 1 : 0;
  const MapLayout& map = world_.map();
  const Vec2 centre{(map.playable.x0 + map.playable.x1) * 0.5f, (map.playable.y0 + map.playable.y1) * 0.5f};
  for (const auto& setup : config.players) {
    if (setup.type() != SC2APIProtocol::Computer || next_player > mini_game_->players()) continue;
    const int player = next_player++;
    const auto enemy = mini_game_->enemy_start_locations(player);
    const auto home = mini_game_->enemy_start_locations(player == 1 ? 2 : 1);
    if (enemy.empty() || home.empty()) continue;
    const auto difficulty = setup.has_difficulty() ? setup.difficulty() : SC2APIProtocol::Easy;
    const auto build = setup.has_ai_build() ? setup.ai_build() : SC2APIProtocol::RandomBuild;
    computers_.emplace_back(player, difficulty, build, derive_seed(episode_seed, 1000 + static_cast<std::uint64_t>(player)),
                            home.front(), enemy.front(), centre);
  }
}

void Game::kill_units(const SC2APIProtocol::RequestDebug& request) {
  for (const auto& command : request.debug()) {
    for (std::uint64_t tag : command.kill_unit().tag()) {
      Unit* unit = world_.find_by_tag(tag);
      if (unit != nullptr && unit->stats->solid()) unit->health = 0.0f;
    }
  }
}

void Game::step(std::uint32_t loops) {
  for (std::uint32_t i = 0; i < loops && !ended(); ++i) {
    for (MeleeAi& computer : computers_) computer.on_loop(world_);
    world_.advance();
    for (const UnitDeath& death : world_.deaths_last_loop()) {
      for (int player = 1; player <= fed_players_; ++player) feed(player).dead_unit_tags.push_back(to_tag(death.id));
    }
    for (const RaisedAlert& raised : world_.alerts_last_loop()) {
      if (raised.player >= 1 && raised.player <= fed_players_) feed(raised.player).alerts.push_back(raised.alert);
    }
    mini_game_->on_loop(world_);
    if (auto early = mini_game_->early_end(world_)) {
      result_ = *early;
    } else if (world_.game_loop() >= mini_game_->time_limit_loops()) {
      result_ = mini_game_->time_up_result();
    }
  }
}

}  // namespace sc2::engine
