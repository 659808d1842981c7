#include "app/observed_steps.h"

#include <limits>

namespace sc2::app {

namespace {
// A stub observation (loop 2^32-1) carries only the end of the game (as Env handles it).
constexpr std::uint32_t kStubGameLoop = std::numeric_limits<std::uint32_t>::max();
}  // namespace

SC2APIProtocol::InterfaceOptions viewer_interface(const pysc2::EnvOptions& env) {
  SC2APIProtocol::InterfaceOptions options;
  options.set_raw(true);
  options.set_score(true);
  auto* feature = options.mutable_feature_layer();
  feature->set_width(env.camera_width);
  feature->mutable_resolution()->set_x(env.feature_screen_size);
  feature->mutable_resolution()->set_y(env.feature_screen_size);
  feature->mutable_minimap_resolution()->set_x(env.feature_minimap_size);
  feature->mutable_minimap_resolution()->set_y(env.feature_minimap_size);
  feature->set_crop_to_playable_area(false);
  feature->set_allow_cheating_layers(false);
  return options;
}

pysc2::TimeStep ObservedSteps::next(const SC2APIProtocol::ResponseObservation& incoming) {
  SC2APIProtocol::ResponseObservation response = incoming;
  const bool ended = response.player_result_size() > 0;
  if (response.observation().game_loop() == kStubGameLoop && last_loop_) {
    SC2APIProtocol::ResponseObservation merged = last_proto_;
    *merged.mutable_actions() = response.actions();
    *merged.mutable_action_errors() = response.action_errors();
    *merged.mutable_player_result() = response.player_result();
    response = std::move(merged);
  }
  const std::uint32_t loop = response.observation().game_loop();
  const bool first = !last_loop_ || (loop < *last_loop_ && !jumped_);

  pysc2::TimeStep step;
  step.observation = pysc2::to_observation(response, spec_, game_info_);
  if (first) {
    ++episode_;
    episode_steps_ = 0;
    step.step_type = ended ? pysc2::StepType::last : pysc2::StepType::first;
    step.reward = 0.0f;
    step.discount = 0.0f;
  } else {
    ++episode_steps_;
    step.step_type = ended ? pysc2::StepType::last : pysc2::StepType::mid;
    step.reward = static_cast<float>(step.observation.score - last_score_);
    step.discount = ended ? 0.0f : 1.0f;
  }
  jumped_ = false;
  last_score_ = step.observation.score;
  last_loop_ = loop;
  last_proto_ = std::move(response);
  return step;
}

}  // namespace sc2::app
