#pragma once
// The N games a synchronous actor-critic steps together (no torch). Each game is an Env over
// its own Controller: by default the engine as a library in this process (a GameServer behind
// an in-memory channel: no socket, no process), or a launched game process (sc2lite or a real
// StarCraft II) over the websocket. An episode that ends is restarted at once, so every game
// always has a current observation.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "client/pysc2/env.h"
#include "client/pysc2/function_call.h"

namespace sc2::learning {

enum class GameSource { in_process, launched };

struct EnvironmentOptions {
  std::string map = "MoveToBeacon";
  int count = 1;
  int screen_size = 32;
  int minimap_size = 32;
  int step_mul = 8;
  std::uint64_t seed = 1;  // game i gets its own seed derived from this one
  // Games stepped at once on worker threads (1 = in turn on the caller's thread).
  int threads = 1;
  GameSource source = GameSource::in_process;
  std::optional<std::filesystem::path> sc2path;  // launched: a StarCraft II install (else $SC2PATH, else sc2lite)
  std::filesystem::path sc2lite_dir;             // launched: the folder holding sc2lite
  // Game 0 is also served to observers on ws://observe_host:observe_port/sc2api (0 = any free
  // port; see observe_port()), as sc2lite serves its game: `sc2studio --connect` joins it as an
  // observer while training plays it in-process. In-process games only.
  std::optional<std::uint16_t> observe_port;
  std::string observe_host = "127.0.0.1";
};

// What one game's step gave.
struct StepOutcome {
  float reward = 0;
  bool episode_ended = false;
  double episode_score = 0;          // when ended: the episode's summed reward
  std::int64_t episode_steps = 0;    // when ended: its agent steps
};

class EnvironmentSet {
 public:
  // Starts every game and its first episode. Throws std::invalid_argument for bad options,
  // std::runtime_error naming the address when the observe port cannot be listened on, and
  // what the Controller / Launcher throw when a game cannot start.
  explicit EnvironmentSet(const EnvironmentOptions& options);
  ~EnvironmentSet();
  EnvironmentSet(const EnvironmentSet&) = delete;
  EnvironmentSet& operator=(const EnvironmentSet&) = delete;

  int size() const;
  const EnvironmentOptions& options() const { return options_; }
  // Game i's current TimeStep: the first of a new episode right after one ended.
  const pysc2::TimeStep& current(int i) const;
  // One call per game (calls.size() == size()); games whose episode ends are reset.
  std::vector<StepOutcome> step(const std::vector<pysc2::FunctionCall>& calls);
  // The port game 0 is served to observers on (the one bound when options asked for 0);
  // nullopt without options.observe_port.
  std::optional<std::uint16_t> observe_port() const;
  std::size_t observer_count() const;  // observers of game 0 now

 private:
  struct Game;
  void step_range(const std::vector<pysc2::FunctionCall>& calls, std::vector<StepOutcome>& outcomes, int first,
                  int last);
  EnvironmentOptions options_;
  std::vector<std::unique_ptr<Game>> games_;
};

}  // namespace sc2::learning
