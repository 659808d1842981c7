// The games a trainer steps together, the engine in-process: episodes end and restart at once,
// the scores add up, stepping on threads gives what stepping in turn gives, sc2lite processes
// over the websocket give what the in-process engine gives; bad input.
#include <doctest/doctest.h>

#include <stdexcept>

#include "learning/environments.h"

using namespace sc2;
using learning::EnvironmentOptions;
using learning::EnvironmentSet;

namespace {

EnvironmentOptions quick(int threads) {
  EnvironmentOptions options;
  options.map = "MoveToBeacon";
  options.count = 3;
  options.screen_size = options.minimap_size = 16;
  options.step_mul = 32;  // 1920 / 32 = 60 steps an episode
  options.seed = 4;
  options.threads = threads;
  return options;
}

// select_army, then Move_screen to the beacon's pixel (a scripted policy that scores).
pysc2::FunctionCall toward_beacon(const pysc2::TimeStep& step) {
  const auto& available = step.observation.available_actions;
  if (std::find(available.begin(), available.end(), 331) == available.end()) return {7, {{0}}};
  const pysc2::Layer* relative = step.observation.screen("player_relative");
  for (int y = 0; y < relative->height; ++y)
    for (int x = 0; x < relative->width; ++x)
      if (relative->values[static_cast<std::size_t>(y * relative->width + x)] == 3) return {331, {{0}, {x, y}}};
  return {0, {}};
}

struct Played {
  std::vector<double> scores;
  std::vector<std::int64_t> lengths;
};

Played play(EnvironmentSet& games, int steps) {
  Played played;
  for (int t = 0; t < steps; ++t) {
    std::vector<pysc2::FunctionCall> calls;
    for (int i = 0; i < games.size(); ++i) calls.push_back(toward_beacon(games.current(i)));
    for (const auto& outcome : games.step(calls)) {
      if (!outcome.episode_ended) continue;
      played.scores.push_back(outcome.episode_score);
      played.lengths.push_back(outcome.episode_steps);
    }
  }
  return played;
}

}  // namespace

TEST_CASE("in-process games restart their episodes at once and report each episode's score and length") {
  EnvironmentSet games(quick(1));
  REQUIRE(games.size() == 3);
  CHECK(games.current(0).first());
  const Played played = play(games, 66);
  REQUIRE(played.scores.size() == 3);  // each game finished one 60-step episode
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(played.lengths[i] == 60);
    CHECK(played.scores[i] >= 1);  // the scripted policy reaches beacons
  }
  // After the restart each game is 6 steps into its second episode.
  CHECK_FALSE(games.current(0).first());
}

TEST_CASE("stepping the games on threads gives what stepping them in turn gives") {
  EnvironmentSet in_turn(quick(1));
  EnvironmentSet threaded(quick(2));
  const Played a = play(in_turn, 90);
  const Played b = play(threaded, 90);
  CHECK(a.scores == b.scores);
  CHECK(a.lengths == b.lengths);
}

TEST_CASE("games in sc2lite processes over the websocket play as the in-process games do (same seeds)") {
  auto options = quick(1);
  options.count = 2;
  EnvironmentSet in_process(options);
  options.source = learning::GameSource::launched;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.sc2path.reset();
  EnvironmentSet launched(options);
  REQUIRE(launched.size() == 2);
  const Played a = play(in_process, 90);
  const Played b = play(launched, 90);
  REQUIRE(b.scores.size() == 2);
  CHECK(a.scores == b.scores);
  CHECK(a.lengths == b.lengths);
  for (int i = 0; i < 2; ++i) {
    CHECK(launched.current(i).observation.game_loop == in_process.current(i).observation.game_loop);
    CHECK(launched.current(i).observation.screen("player_relative")->values ==
          in_process.current(i).observation.screen("player_relative")->values);
  }
}

TEST_CASE("the games refuse bad options and a wrong number of calls") {
  auto options = quick(1);
  options.count = 0;
  CHECK_THROWS_AS(EnvironmentSet{options}, std::invalid_argument);
  options = quick(0);
  CHECK_THROWS_AS(EnvironmentSet{options}, std::invalid_argument);
  options = quick(1);
  options.map = "NoSuchMap";
  CHECK_THROWS(EnvironmentSet{options});
  EnvironmentSet games(quick(1));
  CHECK_THROWS_AS(games.step({pysc2::FunctionCall{0, {}}}), std::invalid_argument);
}
