// The typed requests of client/pysc2/game_requests.h against the in-process engine: a game's
// replay saved, described, started with the viewer's interface and watched to its end
// through ObservedSteps; a refused replay is a ControllerError.
#include <doctest/doctest.h>

#include <memory>

#include "client/controller.h"
#include "client/pysc2/env.h"
#include "client/pysc2/game_requests.h"
#include "client/pysc2/observed_steps.h"
#include "tests/client/engine_channel.h"

using namespace sc2::pysc2;
using sc2::test::EngineChannel;

TEST_CASE("a saved replay is described, started with the viewer's interface and watched to its end") {
  sc2::Controller player(std::make_unique<EngineChannel>());
  EnvOptions options;
  options.map = "MoveToBeacon";
  options.seed = 7;
  Env env(player, options);
  env.reset();
  for (int i = 0; i < 10; ++i) env.step(FunctionCall{fn::select_army, {{0}}});
  CHECK_FALSE(game_ended(player));
  const std::string replay = save_replay(player);
  REQUIRE_FALSE(replay.empty());

  sc2::Controller viewer(std::make_unique<EngineChannel>());
  const ReplayInfo info = replay_info(viewer, replay);
  CHECK(info.map_name == "MoveToBeacon");
  CHECK(info.game_loops == env.game_loop());
  CHECK(info.player_ids == std::vector<int>{1});

  EnvOptions view = options;
  view.feature_screen_size = 32;
  view.feature_minimap_size = 24;
  view.camera_width = 20.0f;
  start_replay(viewer, replay, view, 1);
  CHECK_FALSE(game_ended(viewer));
  ObservedSteps steps(viewer_observation_spec(view, info.map_name));
  steps.set_game_info(viewer.game_info());
  REQUIRE(steps.game_view() != nullptr);
  CHECK(steps.game_view()->camera_width == 20.0f);  // the viewer's interface, as asked for
  const auto first = steps.next(viewer.observe());
  CHECK(first->first());
  CHECK(first->observation.map_name == "MoveToBeacon");
  CHECK(first->observation.feature_screen.front().width == 32);
  CHECK(first->observation.feature_minimap.front().width == 24);
  CHECK(first->observation.raw_view.sent);  // raw data and score on
  CHECK_FALSE(first->observation.raw_view.units.empty());

  viewer.step(info.game_loops);
  const auto end = steps.next(viewer.observe());
  CHECK(end->observation.game_loop == info.game_loops);
  CHECK(game_ended(viewer));

  sc2::Controller refusing(std::make_unique<EngineChannel>());
  CHECK_THROWS_AS(replay_info(refusing, "not a replay"), sc2::ControllerError);
  CHECK_THROWS_AS(start_replay(refusing, "not a replay", view, 1), sc2::ControllerError);
}
