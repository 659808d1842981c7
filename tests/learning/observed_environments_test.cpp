// sc2train --observe_port: game 0 of the training's environments is served to observers over
// the websocket while the trainer plays it in-process. An observer sees its game loop advance
// and its episodes restart, may leave and join again; a stray client cannot play it; a port in
// use is a clear error at start-up.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "client/controller.h"
#include "client/pysc2/env.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/game_requests.h"
#include "learning/environments.h"

using namespace sc2;
using learning::EnvironmentOptions;
using learning::EnvironmentSet;

namespace {

EnvironmentOptions observed_training() {
  EnvironmentOptions options;
  options.map = "MoveToBeacon";
  options.count = 2;
  options.screen_size = options.minimap_size = 16;
  options.step_mul = 32;  // 60 steps an episode (1920 loops)
  options.seed = 7;
  options.observe_port = 0;  // any free port
  return options;
}

pysc2::EnvOptions viewer() {
  pysc2::EnvOptions view;
  view.map = "MoveToBeacon";
  view.feature_screen_size = view.feature_minimap_size = 24;  // the observer's own resolution
  return view;
}

void no_ops(EnvironmentSet& games, int steps, int* episodes_ended = nullptr) {
  for (int t = 0; t < steps; ++t) {
    const std::vector<pysc2::FunctionCall> calls(static_cast<std::size_t>(games.size()), pysc2::FunctionCall{0, {}});
    for (const auto& outcome : games.step(calls))
      if (outcome.episode_ended && episodes_ended) ++*episodes_ended;
  }
}

}  // namespace

TEST_CASE("an observer of the training's first game sees its game loop advance and its episodes restart") {
  EnvironmentSet games(observed_training());
  REQUIRE(games.observe_port());
  CHECK(*games.observe_port() != 0);
  CHECK(games.observer_count() == 0);

  Controller observer("127.0.0.1", *games.observe_port());
  pysc2::join_as_observer(observer, viewer(), 1);
  CHECK(games.observer_count() == 1);
  const auto before = observer.observe();
  no_ops(games, 10);
  const auto after = observer.observe();
  // 10 agent steps of 32 game loops each, as the trainer played them.
  CHECK(after.observation().game_loop() == before.observation().game_loop() + 320);
  CHECK(after.observation().game_loop() == games.current(0).observation.game_loop);
  // The observer's own resolution, not the trainer's 16x16.
  CHECK(after.observation().feature_layer_data().renders().height_map().size().x() == 24);

  // Through an episode's end: the trainer restarts the game, the observer stays on it and
  // sees the new episode from its start.
  int ended = 0;
  no_ops(games, 80, &ended);
  CHECK(ended == 2);  // both games, 60 steps each
  const auto next_episode = observer.observe();
  CHECK(next_episode.observation().game_loop() == games.current(0).observation.game_loop);
  CHECK(next_episode.observation().game_loop() == 30 * 32);  // 90 steps - 60: the new episode
}

TEST_CASE("an observer of the training may leave and join again, and training goes on without it") {
  EnvironmentSet games(observed_training());
  const std::uint16_t port = *games.observe_port();
  {
    Controller first("127.0.0.1", port);
    pysc2::join_as_observer(first, viewer(), 1);
    no_ops(games, 3);
    first.leave_game();
    CHECK(games.observer_count() == 0);
    no_ops(games, 3);
  }
  {
    Controller gone("127.0.0.1", port);
    pysc2::join_as_observer(gone, viewer(), 1);
  }  // closed without leave_game: the server forgets it
  no_ops(games, 3);
  Controller again("127.0.0.1", port);
  pysc2::join_as_observer(again, viewer(), 1);
  CHECK(again.observe().observation().game_loop() == 9 * 32);
  no_ops(games, 1);
  CHECK(again.observe().observation().game_loop() == 10 * 32);
}

TEST_CASE("a client on the observe port cannot play or end the training's game") {
  EnvironmentSet games(observed_training());
  Controller stray("127.0.0.1", *games.observe_port());
  CHECK_NOTHROW(stray.ping());
  CHECK_THROWS_WITH_AS(stray.restart_game(), doctest::Contains("other connections may only observe it"),
                       ControllerError);
  CHECK_THROWS_AS(stray.step(8), ControllerError);
  CHECK_THROWS_AS(stray.leave_game(), ControllerError);
  stray.quit();  // refused, then the connection closes: the game is still the trainer's
  no_ops(games, 2);
  CHECK(games.current(0).observation.game_loop == 2 * 32);
}

TEST_CASE("an observe port in use is a clear error when the training starts") {
  EnvironmentSet first(observed_training());
  EnvironmentOptions same = observed_training();
  same.observe_port = *first.observe_port();
  const std::string expected =
      "--observe_port " + std::to_string(*same.observe_port) + ": cannot serve the training game to observers";
  CHECK_THROWS_WITH_AS(EnvironmentSet{same}, doctest::Contains(expected.c_str()), std::runtime_error);

  EnvironmentOptions launched = observed_training();
  launched.source = learning::GameSource::launched;
  CHECK_THROWS_AS(EnvironmentSet{launched}, std::invalid_argument);
}
