#include "engine/server/game.h"

namespace sc2::engine {

Game::Game(const GameConfig& config, std::uint64_t episode_seed)
    : mini_game_(config.map->make()), world_(mini_game_->layout(), episode_seed) {
  world_.set_fog(mini_game_->fog() && !config.disable_fog);
  mini_game_->setup(world_);
}

void Game::step(std::uint32_t loops) {
  for (std::uint32_t i = 0; i < loops && !ended(); ++i) {
    world_.advance();
    for (const UnitDeath& death : world_.deaths_last_loop()) dead_unit_tags.push_back(to_tag(death.id));
    for (const RaisedAlert& raised : world_.alerts_last_loop()) {
      if (raised.player == kAgentPlayer) alerts.push_back(raised.alert);
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
