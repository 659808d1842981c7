#pragma once
// One running episode: the World, its mini-game, the end state, and what happened since
// the last observation (echoed actions, action errors).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/maps/melee_ai.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/scripted/scripted_map.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

inline constexpr int kAgentPlayer = 1;  // the one participant of a single-player game

// What RequestCreateGame fixed for every episode of this game.
struct GameConfig {
  const MiniGameEntry* map = nullptr;  // a built-in map, or
  std::shared_ptr<const scripted::ScriptedMapFactory> map_file;  // a map file (engine/scripted)
  std::string map_path;  // as requested, e.g. "mini_games/MoveToBeacon.SC2Map"
  std::uint64_t seed = 0;
  bool disable_fog = false;
  std::vector<SC2APIProtocol::PlayerSetup> players;  // as requested (participant + computers)

  // The map's name: the built-in's, or the file's ("3m").
  std::string map_name() const { return map != nullptr ? std::string(map->name) : map_file->data().map.name; }
};

class Game {
 public:
  Game(const GameConfig& config, std::uint64_t episode_seed);

  World& world() { return world_; }
  const World& world() const { return world_; }
  const MiniGame& mini_game() const { return *mini_game_; }

  bool ended() const { return result_.has_value(); }
  // Player 1's result once the game has ended; result_of_player() gives the others'.
  std::optional<GameResult> result() const { return result_; }

  // The built-in AIs playing the Computer players (player 2 of a melee game).
  const std::vector<MeleeAi>& computers() const { return computers_; }
  // Players played by clients (1, or 2 in a melee game of two Participants).
  int participants() const { return participants_; }

  // `player` gave up (left a two-Participant game): the other wins and the game is over.
  void concede(int player) {
    if (!result_) result_ = player == 1 ? GameResult::Defeat : GameResult::Victory;
  }

  // RequestDebug from a player (replays record it), its commands in order:
  // * kill_unit: the units die in the next game loop, as in the game; unknown tags are ignored;
  // * create_unit: `quantity` units of `unit_type` (a built-in id, or a map file's new type:
  //   Marine_RL with the map's values) for `owner` (1..16, 16 the neutral player) at `pos`, each
  //   at the nearest free spot as a script's UnitCreate places them (unit_placement.h), made
  //   through the map's script world so the script sees them (UnitGroup, ...);
  // * draw: nothing (headless, the real game draws nothing either).
  // Any other command (game_state, score, end_game, unit_value, test_process, game_pace), an
  // unknown unit type, an owner, pos (missing, not finite, off the map) or quantity (1..
  // kMaxDebugCreate) out of range, or more units than the map's ScriptedLimits allow: nothing
  // is applied and the error says why. Returns "" when applied.
  static constexpr std::uint32_t kMaxDebugCreate = 500;  // units per create_unit command
  std::string debug(const SC2APIProtocol::RequestDebug& request);
  // Whether the request has a command that changes the game (kill_unit, create_unit).
  static bool changes_game(const SC2APIProtocol::RequestDebug& request);

  // Also keep the feeds (dead units, alerts) of players nobody plays from a client (the
  // Computer): someone watches that player's side (an observer, a replay viewer).
  void feed_every_player() { fed_players_ = 2; }

  // Simulates up to `loops` game loops; stops early when the game ends. The built-in AIs
  // decide before each loop.
  void step(std::uint32_t loops);

  // What happened since one player's last observation; that player's observation takes it.
  struct PlayerFeed {
    std::vector<SC2APIProtocol::Action> echoed_actions;
    std::vector<SC2APIProtocol::ActionError> action_errors;
    std::vector<std::uint64_t> dead_unit_tags;  // raw Event.dead_units
    std::vector<Alert> alerts;                  // Observation.alerts
  };
  // Player 1's or player 2's (a Computer's gets dead units and alerts only after feed_every_player()).
  PlayerFeed& feed(int player) { return feeds_.at(static_cast<std::size_t>(player == 2 ? 1 : 0)); }

 private:
  std::string debug_problem(const SC2APIProtocol::RequestDebug& request);
  void create_units(const SC2APIProtocol::DebugCreateUnit& create, std::int64_t& placement_checks);

  std::array<PlayerFeed, 2> feeds_;
  int participants_ = 1;  // the Participants (ids 1.. before the Computers)
  int fed_players_ = 1;   // players 1..fed_players_ get dead units and alerts: the Participants, or all
  std::unique_ptr<MiniGame> mini_game_;
  World world_;
  std::vector<MeleeAi> computers_;  // the Computer players of a melee game, played here
  std::optional<GameResult> result_;
};

}  // namespace sc2::engine
