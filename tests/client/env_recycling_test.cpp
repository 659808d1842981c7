// Env recycles the TimeSteps nobody holds any more: the next observation is parsed into the
// spent response and decoded into the spent layers' arrays, keeping the layers whose bytes
// did not change. Nothing of it may show: every TimeStep must be what a fresh decode of its
// response gives, also the ones a caller keeps, and the response must be the game's reply.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "client/controller.h"
#include "client/pysc2/env.h"
#include "client/pysc2/features.h"
#include "tests/client/engine_channel.h"

using namespace sc2::pysc2;
using sc2::test::EngineChannel;

namespace {

// The layers (and some keys) of `observation` against a fresh decode of its own response.
void check_layers_fresh(const Observation& observation, const ObservationSpec& spec) {
  REQUIRE(observation.shared_proto);
  const Observation fresh = to_observation(*observation.shared_proto, spec, observation.game_view);
  REQUIRE(observation.feature_screen.size() == fresh.feature_screen.size());
  REQUIRE(observation.feature_minimap.size() == fresh.feature_minimap.size());
  const auto same = [](const Layer& a, const Layer& b) {
    CAPTURE(a.name);
    CHECK(a.name == b.name);
    CHECK(a.width == b.width);
    CHECK(a.height == b.height);
    CHECK(a.sent == b.sent);
    CHECK(a.kind == b.kind);
    CHECK(a.scale == b.scale);
    CHECK(a.values == b.values);
  };
  for (std::size_t i = 0; i < fresh.feature_screen.size(); ++i) same(observation.feature_screen[i], fresh.feature_screen[i]);
  for (std::size_t i = 0; i < fresh.feature_minimap.size(); ++i) same(observation.feature_minimap[i], fresh.feature_minimap[i]);
  CHECK(observation.game_loop == fresh.game_loop);
  CHECK(observation.available_actions == fresh.available_actions);
  CHECK(observation.raw_units.rows == fresh.raw_units.rows);
}

ObservationSpec spec_of(const EnvOptions& options) {
  ObservationSpec spec;
  spec.screen_width = spec.screen_height = options.feature_screen_size;
  spec.minimap_width = spec.minimap_height = options.feature_minimap_size;
  return spec;
}

}  // namespace

TEST_CASE("Env's recycled observations equal fresh decodes, kept ones stay untouched, responses are the replies") {
  auto owned = std::make_unique<EngineChannel>();
  EngineChannel& channel = *owned;
  std::vector<std::string> replies;  // every observation reply the game sent, serialized
  channel.tamper = [&replies](SC2APIProtocol::Response& response) {
    if (response.has_observation()) replies.push_back(response.observation().SerializeAsString());
  };
  sc2::Controller controller(std::move(owned));
  EnvOptions options;
  options.map = "FindAndDefeatZerglings";  // fog, a map larger than the screen: the camera moves
  options.seed = 3;
  options.feature_screen_size = 32;
  options.feature_minimap_size = 24;
  Env env(controller, options);
  const ObservationSpec spec = spec_of(options);

  std::mt19937 random(5);
  std::vector<std::shared_ptr<const TimeStep>> kept;  // every 7th TimeStep, held to the end
  std::shared_ptr<const TimeStep> step = env.reset();
  int reused_arrays = 0;
  const std::int32_t* two_steps_ago = nullptr;
  const std::int32_t* one_step_ago = step->observation.feature_screen[6].values.data();
  for (int i = 0; i < 60; ++i) {
    CAPTURE(i);
    FunctionCall call{0, {}};  // no_op
    switch (random() % 4) {
      case 0:  // select_army, while there is an army (the defeat's last 2 s have none)
        if (std::find(step->observation.available_actions.begin(), step->observation.available_actions.end(), 7) !=
            step->observation.available_actions.end()) {
          call = FunctionCall{7, {{0}}};
        }
        break;
      case 1: {  // move_camera: the screen's terrain layers change; sometimes back to the same spot
        const int x = random() % 2 == 0 ? 12 : static_cast<int>(random() % 24);
        call = FunctionCall{1, {{x, static_cast<int>(random() % 24)}}};
        break;
      }
      case 2:  // Move_screen, when the army is selected
        if (std::find(step->observation.available_actions.begin(), step->observation.available_actions.end(), 331) !=
            step->observation.available_actions.end()) {
          call = FunctionCall{331, {{0}, {static_cast<int>(random() % 32), static_cast<int>(random() % 32)}}};
        }
        break;
      default: break;
    }
    step = env.step(call);
    REQUIRE(step->observation.shared_proto);
    CHECK(step->observation.shared_proto->SerializeAsString() == replies.back());
    check_layers_fresh(step->observation, spec);
    const std::int32_t* now = step->observation.feature_screen[6].values.data();  // unit_type
    if (now == two_steps_ago) ++reused_arrays;
    two_steps_ago = one_step_ago;
    one_step_ago = now;
    if (i % 7 == 0) kept.push_back(step);
    // Random moves can lose all three Marines early: play on in the next episode.
    if (step->last()) step = env.reset();
  }
  // The arrays went round (the caller held only the current TimeStep, except the kept ones).
  CHECK(reused_arrays > 30);
  // Held TimeSteps were never recycled under their holder.
  for (const auto& held : kept) check_layers_fresh(held->observation, spec);
}

TEST_CASE("an Env TimeStep outliving its Env stays whole") {
  std::shared_ptr<const TimeStep> survivor;
  std::string reply;
  {
    auto owned = std::make_unique<EngineChannel>();
    owned->tamper = [&reply](SC2APIProtocol::Response& response) {
      if (response.has_observation()) reply = response.observation().SerializeAsString();
    };
    sc2::Controller controller(std::move(owned));
    EnvOptions options;
    options.map = "MoveToBeacon";
    options.seed = 1;
    Env env(controller, options);
    env.reset();
    for (int i = 0; i < 3; ++i) survivor = env.step(FunctionCall{0, {}});
  }
  REQUIRE(survivor);
  CHECK(survivor->observation.shared_proto->SerializeAsString() == reply);
  check_layers_fresh(survivor->observation, ObservationSpec{});
}
