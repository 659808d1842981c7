// ObservedSteps (client/pysc2/observed_steps.h): TimeSteps of a game this program does not
// drive. Episodes start on the first observation and when the loop goes back (not after a
// jump), end with a player_result (a stub end keeps the last full observation), rewards are
// score changes; each observation is decoded once, the game info once per set_game_info.
#include <doctest/doctest.h>

#include "client/pysc2/observed_steps.h"

using namespace sc2::pysc2;
namespace api = SC2APIProtocol;

namespace {

api::ResponseObservation at(std::uint32_t loop, std::int32_t score) {
  api::ResponseObservation response;
  response.mutable_observation()->set_game_loop(loop);
  response.mutable_observation()->mutable_player_common()->set_player_id(1);
  response.mutable_observation()->mutable_score()->set_score(score);
  auto* unit = response.mutable_observation()->mutable_raw_data()->add_units();
  unit->set_tag(loop + 1);  // tells the observations apart
  return response;
}

api::ResponseObservation ended(api::ResponseObservation response) {
  auto* result = response.add_player_result();
  result->set_player_id(1);
  result->set_result(api::Victory);
  return response;
}

api::ResponseGameInfo game_info(const char* map) {
  api::ResponseGameInfo info;
  info.set_map_name(map);
  info.mutable_start_raw()->mutable_map_size()->set_x(64);
  info.mutable_start_raw()->mutable_map_size()->set_y(64);
  return info;
}

EnvOptions env_options() {
  EnvOptions env;
  env.feature_screen_size = 16;
  env.feature_minimap_size = 8;
  env.camera_width = 20.0f;
  return env;
}

}  // namespace

TEST_CASE("viewer_observation_spec takes the Env's sizes, camera width and map name") {
  EnvOptions env = env_options();
  env.hide_specific_actions = false;
  const ObservationSpec spec = viewer_observation_spec(env, "Replayed");
  CHECK(spec.screen_width == 16);
  CHECK(spec.screen_height == 16);
  CHECK(spec.minimap_width == 8);
  CHECK(spec.minimap_height == 8);
  CHECK(spec.camera_width == 20.0f);
  CHECK_FALSE(spec.hide_specific_actions);
  CHECK(spec.map_name == "Replayed");
  CHECK(viewer_observation_spec(env).map_name.empty());
}

TEST_CASE("observed steps: episodes, rewards, a stub end, a restart and a jump back") {
  ObservedSteps steps(viewer_observation_spec(env_options()));
  steps.set_game_info(game_info("Watched"));
  CHECK(steps.is_new(at(0, 0)));  // the first one always is

  auto first = steps.next(at(0, 0));
  CHECK(first->first());
  CHECK(first->discount == 0.0f);
  CHECK(steps.episode() == 1);
  CHECK(first->observation.map_name == "Watched");
  CHECK(first->observation.game_view == steps.game_view());
  CHECK_FALSE(steps.is_new(at(0, 0)));  // the player has not stepped
  CHECK(steps.is_new(ended(at(0, 0))));  // ... but the game ended

  auto mid = steps.next(at(8, 3));
  CHECK(mid->step_type == StepType::mid);
  CHECK(mid->reward == 3.0f);
  CHECK(steps.episode_steps() == 1);

  // A stub end (loop 2^32-1) keeps the last full observation and its reward is 0.
  api::ResponseObservation stub;
  stub.mutable_observation()->set_game_loop(0xffffffffu);
  auto last = steps.next(ended(stub));
  CHECK(last->last());
  CHECK(last->observation.game_loop == 8);
  CHECK(last->observation.score == 3);
  CHECK(last->reward == 0.0f);
  REQUIRE(last->observation.raw_view.units.size() == 1);
  CHECK(last->observation.raw_view.units[0].tag == 9);

  // The loop went back: the player restarted, a new episode.
  auto again = steps.next(at(0, 0));
  CHECK(again->first());
  CHECK(steps.episode() == 2);
  // A jump (a replay seek back) keeps the episode; the reward sums across it.
  steps.next(at(16, 5));
  steps.jump();
  auto back = steps.next(at(8, 2));
  CHECK(back->step_type == StepType::mid);
  CHECK(back->reward == -3.0f);
  CHECK(steps.episode() == 2);
  steps.restart();
  CHECK(steps.next(at(8, 2))->first());
  CHECK(steps.episode() == 3);
}

TEST_CASE("observed steps decode each observation once and the game info once per set_game_info") {
  ObservedSteps steps(viewer_observation_spec(env_options()));
  const std::uint64_t views = game_view_decodes();
  steps.set_game_info(game_info("One"));
  CHECK(game_view_decodes() == views + 1);
  const std::shared_ptr<const GameView> game = steps.game_view();
  REQUIRE(game != nullptr);
  CHECK(game->map_width == 64);

  const std::uint64_t decodes = observation_decodes();
  std::shared_ptr<const TimeStep> step;
  for (std::uint32_t loop = 0; loop < 5; ++loop) {
    step = steps.next(at(loop * 8, 0));
    CHECK(step->observation.game_view == game);  // shared, not decoded again
    CHECK_FALSE(steps.is_new(at(loop * 8, 0)));  // looking costs no decode
  }
  CHECK(observation_decodes() == decodes + 5);
  CHECK(game_view_decodes() == views + 1);

  steps.set_game_info(game_info("Two"));  // a new game (a re-join, a replay restarted)
  CHECK(game_view_decodes() == views + 2);
  CHECK(steps.next(at(48, 0))->observation.map_name == "Two");
  CHECK(observation_decodes() == decodes + 6);
}

TEST_CASE("observed steps before any game info decode without one, and refuse undecodable observations") {
  ObservedSteps steps(viewer_observation_spec(env_options()));
  auto step = steps.next(at(0, 0));
  CHECK(step->observation.game_view == nullptr);
  CHECK(step->observation.map_name.empty());
  api::ResponseObservation bad = at(8, 0);
  auto* layer = bad.mutable_observation()->mutable_feature_layer_data()->mutable_renders()->mutable_height_map();
  layer->set_bits_per_pixel(8);
  layer->mutable_size()->set_x(16);
  layer->mutable_size()->set_y(16);
  layer->set_data("too short");
  CHECK_THROWS_AS(steps.next(bad), std::runtime_error);
}
