#include "engine/server/game.h"

#include <algorithm>
#include <cmath>

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

bool Game::changes_game(const SC2APIProtocol::RequestDebug& request) {
  for (const auto& command : request.debug()) {
    if (command.has_kill_unit() || command.has_create_unit()) return true;
  }
  return false;
}

std::string Game::debug_problem(const SC2APIProtocol::RequestDebug& request) {
  auto* map = dynamic_cast<scripted::ScriptedMap*>(mini_game_.get());
  scripted::ScriptSession* session = map != nullptr ? map->session() : nullptr;
  std::uint64_t creating = 0;
  for (int i = 0; i < request.debug_size(); ++i) {
    const auto& command = request.debug(i);
    const std::string which = "debug command " + std::to_string(i) + ": ";
    switch (command.command_case()) {
      case SC2APIProtocol::DebugCommand::kKillUnit:
      case SC2APIProtocol::DebugCommand::kDraw:
      case SC2APIProtocol::DebugCommand::COMMAND_NOT_SET:
        break;
      case SC2APIProtocol::DebugCommand::kCreateUnit: {
        const auto& create = command.create_unit();
        const std::string what = which + "create_unit: ";
        if (session == nullptr) return what + "this game has no map script world to create units in";
        if (session->script_world().types().find_id(create.unit_type()) == nullptr) {
          return what + "unit_type " + std::to_string(create.unit_type()) +
                 " is not a unit type sc2lite has, nor one of this map's it can play (RequestData lists them)";
        }
        if (create.owner() < 1 || create.owner() > kNeutralOwner) {
          return what + "owner " + std::to_string(create.owner()) + " is not a player 1.." +
                 std::to_string(kNeutralOwner) + " (" + std::to_string(kNeutralOwner) + ": neutral)";
        }
        if (!create.has_pos()) return what + "no pos given";
        const float x = create.pos().x();
        const float y = create.pos().y();
        const MapLayout& layout = world_.map();
        if (!std::isfinite(x) || !std::isfinite(y) || x < 0.0f || y < 0.0f || x > static_cast<float>(layout.width) ||
            y > static_cast<float>(layout.height)) {
          return what + "pos (" + std::to_string(x) + ", " + std::to_string(y) + ") is not on the map (0.." +
                 std::to_string(layout.width) + ", 0.." + std::to_string(layout.height) + ")";
        }
        if (create.quantity() < 1 || create.quantity() > kMaxDebugCreate) {
          return what + "quantity " + std::to_string(create.quantity()) + " is not 1.." +
                 std::to_string(kMaxDebugCreate) + " (sc2lite's limit per create_unit command)";
        }
        creating += create.quantity();
        break;
      }
      default: {
        const auto* field = SC2APIProtocol::DebugCommand::descriptor()->FindFieldByNumber(command.command_case());
        return which + (field != nullptr ? field->name() : std::string("this command")) +
               " is not supported by sc2lite yet (kill_unit, create_unit and draw are; game_pace is for "
               "observer connections)";
      }
    }
  }
  if (creating > 0) {
    const std::uint64_t limit = session->script_world().limits().max_units;
    if (session->script_world().live_units() + creating > limit) {
      return "debug create_unit: the game would have more than " + std::to_string(limit) +
             " units (the map's ScriptedLimits)";
    }
  }
  return {};
}

void Game::create_units(const SC2APIProtocol::DebugCreateUnit& create, std::int64_t& placement_checks) {
  auto& map = dynamic_cast<scripted::ScriptedMap&>(*mini_game_);
  scripted::ScriptWorld& script_world = map.session()->script_world();
  const UnitTypeStats& type = *script_world.types().find_id(create.unit_type());
  const Vec2 at{create.pos().x(), create.pos().y()};
  for (std::uint32_t i = 0; i < create.quantity(); ++i) {
    script_world.create_unit(type, create.owner(), at, std::nullopt, placement_checks);
  }
}

std::string Game::debug(const SC2APIProtocol::RequestDebug& request) {
  if (std::string problem = debug_problem(request); !problem.empty()) return problem;
  // One placement budget for the request (a script's create call has one per call).
  std::int64_t placement_checks = scripted::ScriptedLimits{}.placement_checks_per_call;
  if (auto* map = dynamic_cast<scripted::ScriptedMap*>(mini_game_.get()); map != nullptr && map->session() != nullptr) {
    placement_checks = map->session()->script_world().limits().placement_checks_per_call;
  }
  for (const auto& command : request.debug()) {
    if (command.has_kill_unit()) {
      for (std::uint64_t tag : command.kill_unit().tag()) {
        Unit* unit = world_.find_by_tag(tag);
        if (unit != nullptr && unit->stats->solid()) unit->health = 0.0f;
      }
    } else if (command.has_create_unit()) {
      create_units(command.create_unit(), placement_checks);
    }
  }
  return {};
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
