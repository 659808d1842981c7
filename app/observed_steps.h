#pragma once
// ObservedSteps: PySC2 TimeSteps from the observations of a game this app does not drive (a
// game observed on another server, a replay played back). The first observation and every
// one whose game loop went back (the player restarted) start an episode; one that carries a
// player_result ends it; reward = change of score.score, as Env computes it.
#include <cstdint>
#include <optional>

#include "client/pysc2/env.h"
#include "client/pysc2/features.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

// The InterfaceOptions an observer or replay viewer asks for: raw data, score and the feature
// layers at the resolutions and camera width of `env` (as Env joins a game).
SC2APIProtocol::InterfaceOptions viewer_interface(const pysc2::EnvOptions& env);

class ObservedSteps {
 public:
  explicit ObservedSteps(pysc2::ObservationSpec spec) : spec_(std::move(spec)) {}

  void set_game_info(SC2APIProtocol::ResponseGameInfo info) { game_info_ = std::move(info); }
  const SC2APIProtocol::ResponseGameInfo& game_info() const { return game_info_; }
  // The next observation starts a new episode (after a seek back or a re-join).
  void restart() { last_loop_.reset(); }
  // The next observation follows a jump (a replay seek, back or forward): the same episode
  // even when the loop went back; its reward is the score change across the jump, so the
  // rewards still sum to the score.
  void jump() { jumped_ = true; }

  // Throws std::runtime_error when the observation cannot be decoded.
  pysc2::TimeStep next(const SC2APIProtocol::ResponseObservation& response);

  int episode() const { return episode_; }
  std::int64_t episode_steps() const { return episode_steps_; }
  std::optional<std::uint32_t> last_loop() const { return last_loop_; }

 private:
  pysc2::ObservationSpec spec_;
  SC2APIProtocol::ResponseGameInfo game_info_;
  SC2APIProtocol::ResponseObservation last_proto_;
  std::optional<std::uint32_t> last_loop_;
  std::int64_t last_score_ = 0;
  int episode_ = 0;
  bool jumped_ = false;
  std::int64_t episode_steps_ = 0;
};

}  // namespace sc2::app
