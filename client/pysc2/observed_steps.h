#pragma once
// ObservedSteps: PySC2 TimeSteps from the observations of a game this program does not drive
// (a game observed on another server, a replay played back). The first observation and every
// one whose game loop went back (the player restarted) start an episode; one that carries a
// player_result ends it; reward = change of score.score, as Env computes it. Each observation
// is decoded once; the game info once per set_game_info, shared by the TimeSteps that follow.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "client/pysc2/env.h"
#include "client/pysc2/features.h"
#include "client/pysc2/game_view.h"
#include "client/pysc2/observation.h"

namespace sc2::pysc2 {

// What a viewer decodes of `env`'s setup (screen and minimap sizes, camera width, specific
// actions); `map_name` as the map_name key (empty: the game info's).
ObservationSpec viewer_observation_spec(const EnvOptions& env, std::string map_name = {});

class ObservedSteps {
 public:
  explicit ObservedSteps(ObservationSpec spec) : spec_(std::move(spec)) {}

  // The game now watched (after a join or a replay start).
  void set_game_info(const SC2APIProtocol::ResponseGameInfo& info) { game_view_ = to_game_view(info); }
  const std::shared_ptr<const GameView>& game_view() const { return game_view_; }
  // The next observation starts a new episode (after a seek back or a re-join).
  void restart() { last_loop_.reset(); }
  // The next observation follows a jump (a replay seek, back or forward): the same episode
  // even when the loop went back; its reward is the score change across the jump, so the
  // rewards still sum to the score.
  void jump() { jumped_ = true; }

  // Whether `response` shows anything new: the first one, another game loop than the last
  // one, or the game's end.
  bool is_new(const SC2APIProtocol::ResponseObservation& response) const;
  // Throws std::runtime_error when the observation cannot be decoded.
  std::shared_ptr<const TimeStep> next(SC2APIProtocol::ResponseObservation response);

  int episode() const { return episode_; }
  std::int64_t episode_steps() const { return episode_steps_; }
  std::optional<std::uint32_t> last_loop() const { return last_loop_; }

 private:
  ObservationSpec spec_;
  std::shared_ptr<const GameView> game_view_;
  std::shared_ptr<const SC2APIProtocol::ResponseObservation> last_response_;  // for a stub's merge
  std::optional<std::uint32_t> last_loop_;
  std::int64_t last_score_ = 0;
  int episode_ = 0;
  bool jumped_ = false;
  std::int64_t episode_steps_ = 0;
};

}  // namespace sc2::pysc2
