// Agents against the real engine over the loopback websocket (EngineHost on port 0):
// the acceptance check "the scripted agent scores at least 20 in one episode".
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <unistd.h>

#include "agents/agent.h"
#include "agents/dataset/dataset_reader.h"
#include "agents/runner.h"
#include "client/pysc2/actions.h"
#include "client/controller.h"
#include "client/map_catalog.h"
#include "client/pysc2/env.h"
#include "tests/agents/engine_over_websocket.h"

using namespace sc2;

namespace {

// MoveToBeacon lasts 120 game seconds of 16 loops: 1,920 loops (the map's own limit, from the
// catalogue the build makes of the engine's map data).
const std::uint32_t kMoveToBeaconLoops = sc2::find_map_facts("MoveToBeacon")->time_limit_loops;

using test::EngineOverWebsocket;

agents::RunOptions options_for(const char* agent, std::uint64_t seed) {
  agents::RunOptions options;
  options.agent = agent;
  options.seed = seed;
  return options;
}

}  // namespace

TEST_CASE("end to end: the scripted agent scores at least 20 in one MoveToBeacon episode over the websocket") {
  EngineOverWebsocket engine;
  const auto options = options_for("scripted", 11);
  pysc2::Env env(*engine.controller, agents::env_options(options));
  auto agent = agents::make_agent(options.agent, *options.seed);
  agent->setup(agents::agent_spec(options));

  const auto result = agents::run_episode(env, *agent);

  CHECK(result.score >= 20);
  // The episode ended by its time limit, not early and not late.
  const pysc2::TimeStep& last = *env.last();
  CHECK(last.last());
  CHECK(last.observation.game_loop >= kMoveToBeaconLoops);
  CHECK(last.observation.game_loop < kMoveToBeaconLoops + static_cast<std::uint32_t>(options.step_mul));
  CHECK(result.steps == (kMoveToBeaconLoops + options.step_mul - 1) / options.step_mul);
  // The score the game keeps agrees with the rewards summed by the runner.
  CHECK(static_cast<double>(last.observation.score) == doctest::Approx(result.score));
}

TEST_CASE("end to end: the random agent's calls are all accepted by the env and the engine for a whole episode") {
  EngineOverWebsocket engine;
  const auto options = options_for("random", 3);
  // run_on throws if the Env rejects a call or the game answers with an error.
  const auto summary = agents::run_on(*engine.controller, options);
  REQUIRE(summary.episodes.size() == 1);
  CHECK(summary.episodes[0].game_loops >= kMoveToBeaconLoops - options.step_mul);
  CHECK(summary.total_steps > 0);
}

TEST_CASE("end to end: the noop agent scores nothing, and two episodes run back to back") {
  EngineOverWebsocket engine;
  auto options = options_for("noop", 5);
  options.episodes = 2;
  int callbacks = 0;
  const auto summary = agents::run_on(*engine.controller, options, [&](const agents::EpisodeResult& episode, int total) {
    ++callbacks;
    CHECK(episode.episode == callbacks);
    CHECK(total == 2);
  });
  CHECK(callbacks == 2);
  REQUIRE(summary.episodes.size() == 2);
  CHECK(summary.max_score == 0);
  CHECK(summary.episodes[0].steps == summary.episodes[1].steps);  // restart gives a full episode again
  CHECK(summary.episodes[1].game_loops >= kMoveToBeaconLoops - options.step_mul);
}

TEST_CASE("end to end: a run without a seed reports the one it drew, and that seed repeats the run") {
  // Scripted: its score depends on where the game's seed puts the beacons.
  auto options = options_for("scripted", 0);
  options.seed.reset();
  agents::RunSummary first;
  {
    EngineOverWebsocket engine;
    first = agents::run_on(*engine.controller, options);
  }
  options.seed = first.seed;
  agents::RunSummary again;
  {
    EngineOverWebsocket engine;
    again = agents::run_on(*engine.controller, options);
  }
  CHECK(again.seed == first.seed);
  REQUIRE(again.episodes.size() == 1);
  CHECK(again.episodes[0].score == first.episodes[0].score);
  CHECK(again.episodes[0].steps == first.episodes[0].steps);
}

TEST_CASE("end to end: recording a run gives a dataset whose steps, calls and rewards match the run") {
  const auto folder = std::filesystem::temp_directory_path() / ("sc2_record_e2e_" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  auto options = options_for("scripted", 8);
  options.episodes = 2;
  options.feature_screen_size = 24;
  options.feature_minimap_size = 16;
  options.record_dir = folder;
  agents::RunSummary summary;
  {
    EngineOverWebsocket engine;
    summary = agents::run_on(*engine.controller, options);
  }
  const auto dataset = agents::dataset::Dataset::open(folder);
  CHECK(dataset.index().steps == summary.total_steps);
  REQUIRE(dataset.index().episodes.size() == 2);
  CHECK(dataset.index().episodes[1].first_step == summary.episodes[0].steps);
  CHECK(dataset.index().episodes[1].score == summary.episodes[1].score);
  CHECK(dataset.index().info.seed == 8);
  const auto& calls = dataset.function_calls();
  REQUIRE(calls.size() == static_cast<std::size_t>(summary.total_steps));
  // The Marine starts unselected: the scripted agent's first call selects the army, then moves.
  CHECK(calls.front() == pysc2::FunctionCall{pysc2::fn::select_army, {{0}}});
  CHECK(calls[1].function == pysc2::find_function("Move_screen")->id);
  const auto rewards = dataset.rewards();
  double first_episode = 0;
  for (std::int64_t t = 0; t < summary.episodes[0].steps; ++t) first_episode += rewards[static_cast<std::size_t>(t)];
  CHECK(first_episode == summary.episodes[0].score);
  // Every recorded call was available when it was chosen.
  for (std::size_t t = 0; t < calls.size(); t += 37) {
    const auto available = dataset.available_actions(static_cast<std::int64_t>(t));
    CHECK(std::find(available.begin(), available.end(), calls[t].function) != available.end());
  }
  std::filesystem::remove_all(folder);
}
