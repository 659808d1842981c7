#pragma once
// A game that runs a real map file (issue 34 items 2 and 3): its layout, its placed units and
// its trigger script over our world, with no built-in rules.
//
//   auto map = ScriptedMapFactory::load(mapfile::read_map(path), path.string());  // throws ScriptedMapError
//   std::unique_ptr<MiniGame> game = map->make();                                // one per episode
//
// Loading compiles the script once for every episode and runs its map init once on a probe
// world (seed 0) to learn what fixes the layout before a game exists: the playable area, the
// start camera and its lock, whether fog stays on (scripted_layout.h). A script that fails
// there (a syntax or type error, an unknown unit type, a native's failure, a budget) is refused
// with the error; so is a map placing a unit type sc2lite does not have.
//
// An episode (MiniGame):
// * setup(): the map's placed units, then map init (its units, orders, player properties,
//   timers); the world's economy runs once a worker, structure or resource exists;
// * on_loop(): what the world did that loop fires the script's events (world_events.h), then
//   the script runs up to the world's loop (waits, timers, periodic triggers);
// * score(): player 1's curriculum-score property (Observation.score.score);
// * the end (spec §2.6): the scripts never end a game; a mini-game's episode-timer trigger and
//   its defeat trigger mark the objectives completed or failed and pause every unit
//   (UnitPauseAll(true)) as their last action. So an episode ends at the end of a loop in which
//   the units are left paused (a wave's pause and unpause within one trigger ends nothing):
//   Defeat when an objective is failed, else Victory (the built-ins' time-up result). A map
//   without such an end (SMAC's) runs until the client stops it: time_limit_loops() is none;
// * a melee map (its map init calls a melee native, natives_melee.cpp; our assumption of how
//   the game's melee maps end, spec melee.md): players() is its number of start locations; the
//   episode ends when player 1's game is over (GameOver, or the melee end rule MeleeInitOptions
//   turns on: a player without structures loses), in that result; our melee maps' scripts call
//   a tie for everyone when their time limit runs out, and time_up_result() is a tie too;
// * a script error at run time (a failing native, a budget of the runtime or of
//   ScriptedLimits) ends the episode at the end of that loop as Undecided, with
//   script_error() saying what; RestartGame (a chat "restart") ends it Undecided too.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/maps/mini_game.h"
#include "engine/scripted/script_session.h"
#include "engine/scripted/scripted_map_data.h"

namespace sc2::engine::scripted {

// A map refused at load: "<source>: <reason>".
class ScriptedMapError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ScriptedMap final : public MiniGame {
 public:
  explicit ScriptedMap(std::shared_ptr<const ScriptedMapData> data);

  std::string_view name() const override { return data_->map.name; }
  MapLayout layout() const override { return data_->layout; }
  bool fog() const override { return data_->fog; }
  std::uint32_t time_limit_loops() const override;  // none: the script decides
  GameResult time_up_result() const override;       // a tie on a melee map
  int players() const override { return players_; }
  // The map's start locations (Objects' StartLoc points) but the player's own (player p holds
  // the p-th), as the real game lists them in game_info.
  std::vector<Vec2> enemy_start_locations(int player) const override;
  void setup(World& world) override;
  void on_loop(World& world) override;
  int score() const override;
  std::optional<GameResult> early_end(const World&) const override { return end_; }

  // The script error that ended the episode, if one did.
  const std::optional<std::string>& script_error() const { return error_; }
  // The script's run (tests look into its world and runtime); null before setup().
  ScriptSession* session() { return session_.get(); }

 private:
  void check_end();
  void apply_end_rules(const World& world, bool at_start);

  std::shared_ptr<const ScriptedMapData> data_;
  int players_ = 1;  // a melee map's start locations, else 1
  std::unique_ptr<ScriptSession> session_;
  std::optional<GameResult> end_;
  std::optional<std::string> error_;
};

class ScriptedMapFactory {
 public:
  // Throws ScriptedMapError (see above). `source` names the map in errors (default: its name).
  static std::shared_ptr<const ScriptedMapFactory> load(mapfile::MapData map, std::string source = {},
                                                        ScriptedLimits limits = {});

  std::unique_ptr<ScriptedMap> make() const { return std::make_unique<ScriptedMap>(data_); }
  const ScriptedMapData& data() const { return *data_; }

 private:
  explicit ScriptedMapFactory(std::shared_ptr<const ScriptedMapData> data) : data_(std::move(data)) {}
  std::shared_ptr<const ScriptedMapData> data_;
};

}  // namespace sc2::engine::scripted
