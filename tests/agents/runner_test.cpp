// Runner pieces that need no game: option checks, spec/env translation, the summary maths.
#include <doctest/doctest.h>

#include <stdexcept>

#include "agents/runner.h"

using namespace sc2;

TEST_CASE("run options: bad values are rejected before anything starts") {
  agents::RunOptions options;
  CHECK_NOTHROW(agents::validate(options));
  auto bad = options;
  bad.episodes = 0;
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  bad = options;
  bad.step_mul = -1;
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  bad = options;
  bad.feature_screen_size = 0;
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  bad = options;
  bad.feature_minimap_size = 0;
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  bad = options;
  bad.map.clear();
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  bad = options;
  bad.parallel = 0;
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  // Recording plays one game at a time.
  bad = options;
  bad.parallel = 2;
  bad.record_dir = "/tmp/unused";
  CHECK_THROWS_AS(agents::validate(bad), std::invalid_argument);
  bad.parallel = 1;
  CHECK_NOTHROW(agents::validate(bad));
}

TEST_CASE("run options reach the agent spec and the env options") {
  agents::RunOptions options;
  options.map = "CollectMineralShards";
  options.step_mul = 16;
  options.feature_screen_size = 84;
  options.feature_minimap_size = 32;
  options.seed = (std::uint64_t{1} << 40) + 17;
  const auto spec = agents::agent_spec(options);
  CHECK(spec.map == "CollectMineralShards");
  CHECK(spec.step_mul == 16);
  CHECK(spec.feature_screen_size == 84);
  CHECK(spec.feature_minimap_size == 32);
  const auto env = agents::env_options(options);
  CHECK(env.map == "CollectMineralShards");
  CHECK(env.step_mul == 16);
  CHECK(env.feature_screen_size == 84);
  CHECK(env.feature_minimap_size == 32);
  REQUIRE(env.seed.has_value());
  CHECK(*env.seed == 17u);  // the game's seed is 32-bit: the low bits of ours
  options.seed.reset();
  CHECK_FALSE(agents::env_options(options).seed.has_value());
}

TEST_CASE("summary: mean and max score, totals and rates over the episodes") {
  std::vector<agents::EpisodeResult> episodes{{1, 20, 240, 1920, 2.0, {}}, {2, 26, 240, 1920, 2.0, {}}};
  const auto summary = agents::summarize(episodes);
  CHECK(summary.episodes.size() == 2);
  CHECK(summary.mean_score == doctest::Approx(23));
  CHECK(summary.max_score == doctest::Approx(26));
  CHECK(summary.total_steps == 480);
  CHECK(summary.total_game_loops == 3840);
  CHECK(summary.seconds == doctest::Approx(4.0));
  CHECK(summary.steps_per_second == doctest::Approx(120));
  CHECK(summary.game_loops_per_second == doctest::Approx(960));

  const auto negative = agents::summarize({{1, -3, 10, 80, 1.0, {}}, {2, -5, 10, 80, 1.0, {}}});
  CHECK(negative.max_score == doctest::Approx(-3));  // not clamped at 0

  const auto none = agents::summarize({});
  CHECK(none.episodes.empty());
  CHECK(none.steps_per_second == 0);
}

TEST_CASE("run: a wrong agent or agent/map pair fails before a game is launched") {
  agents::RunOptions options;
  options.sc2lite_dir = "/nonexistent-sc2lite-dir";  // launching would fail differently
  options.agent = "nope";
  CHECK_THROWS_AS(agents::run(options), std::invalid_argument);
  options.agent = "scripted";
  options.map = "NoSuchMiniGame";
  CHECK_THROWS_AS(agents::run(options), std::invalid_argument);
}
