#include "client/pysc2/observed_steps.h"

#include <limits>

namespace sc2::pysc2 {

namespace {
// A stub observation (loop 2^32-1) carries only the end of the game (as Env handles it).
constexpr std::uint32_t kStubGameLoop = std::numeric_limits<std::uint32_t>::max();
}  // namespace

ObservationSpec viewer_observation_spec(const EnvOptions& env, std::string map_name) {
  ObservationSpec spec;
  spec.screen_width = spec.screen_height = env.feature_screen_size;
  spec.minimap_width = spec.minimap_height = env.feature_minimap_size;
  spec.hide_specific_actions = env.hide_specific_actions;
  spec.camera_width = env.camera_width;
  spec.map_name = std::move(map_name);
  return spec;
}

bool ObservedSteps::is_new(const SC2APIProtocol::ResponseObservation& response) const {
  return !last_loop_ || response.observation().game_loop() != *last_loop_ || response.player_result_size() > 0;
}

std::shared_ptr<const TimeStep> ObservedSteps::next(SC2APIProtocol::ResponseObservation response) {
  const bool ended = response.player_result_size() > 0;
  if (response.observation().game_loop() == kStubGameLoop && last_loop_ && last_response_) {
    SC2APIProtocol::ResponseObservation merged = *last_response_;
    *merged.mutable_actions() = response.actions();
    *merged.mutable_action_errors() = response.action_errors();
    *merged.mutable_player_result() = response.player_result();
    response = std::move(merged);
  }
  const std::uint32_t loop = response.observation().game_loop();
  const bool first = !last_loop_ || (loop < *last_loop_ && !jumped_);

  auto kept = std::make_shared<const SC2APIProtocol::ResponseObservation>(std::move(response));
  auto step = std::make_shared<TimeStep>();
  step->observation = to_observation(kept, spec_, game_view_);
  if (first) {
    ++episode_;
    episode_steps_ = 0;
    step->step_type = ended ? StepType::last : StepType::first;
    step->reward = 0.0f;
    step->discount = 0.0f;
  } else {
    ++episode_steps_;
    step->step_type = ended ? StepType::last : StepType::mid;
    step->reward = static_cast<float>(step->observation.score - last_score_);
    step->discount = ended ? 0.0f : 1.0f;
  }
  jumped_ = false;
  last_score_ = step->observation.score;
  last_loop_ = loop;
  last_response_ = std::move(kept);
  return step;
}

}  // namespace sc2::pysc2
