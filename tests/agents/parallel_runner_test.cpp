// run_parallel with in-process engines (one EngineHost per worker): every episode is played
// once, numbered 1..N, and each one's score is exactly what a serial run of that worker's
// seed scores for the same episode.
#include <doctest/doctest.h>

#include <mutex>
#include <set>
#include <stdexcept>

#include "agents/parallel_runner.h"
#include "agents/runner.h"
#include "engine/server/engine_host.h"

using namespace sc2;

namespace {

// A GameProvider of in-process engines on port 0.
std::string engine_game(int, const std::function<void(Controller&)>& play) {
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  {
    Controller controller("127.0.0.1", host.port());
    play(controller);
  }
  host.stop();
  return "in-process engine";
}

agents::RunOptions scripted_beacon(std::uint64_t seed, int episodes) {
  agents::RunOptions options;
  options.agent = "scripted";
  options.seed = seed;
  options.episodes = episodes;
  return options;
}

agents::RunSummary serial(std::uint64_t seed, int episodes) {
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  agents::RunSummary summary;
  {
    Controller controller("127.0.0.1", host.port());
    summary = agents::run_on(controller, scripted_beacon(seed, episodes));
  }
  host.stop();
  return summary;
}

}  // namespace

TEST_CASE("parallel: 2 games, 4 episodes, each numbered once and scored as the serial run of its worker's seed") {
  auto options = scripted_beacon(40, 4);
  options.parallel = 2;
  std::mutex mutex;
  std::set<int> reported;
  const auto summary = agents::run_parallel(options, engine_game, [&](const agents::EpisodeResult& episode, int total) {
    std::lock_guard lock(mutex);
    CHECK(total == 4);
    CHECK(reported.insert(episode.episode).second);
  });
  CHECK(reported == std::set<int>{1, 2, 3, 4});
  REQUIRE(summary.episodes.size() == 4);
  for (int i = 0; i < 4; ++i) CHECK(summary.episodes[static_cast<std::size_t>(i)].episode == i + 1);
  CHECK(summary.seed == 40);

  // Worker 0 (seed 40) played episodes 1 and 3, worker 1 (seed 41) episodes 2 and 4.
  const auto worker0 = serial(40, 2);
  const auto worker1 = serial(41, 2);
  CHECK(summary.episodes[0].score == worker0.episodes[0].score);
  CHECK(summary.episodes[2].score == worker0.episodes[1].score);
  CHECK(summary.episodes[1].score == worker1.episodes[0].score);
  CHECK(summary.episodes[3].score == worker1.episodes[1].score);
  CHECK(summary.episodes[0].score > 0);
  CHECK(summary.mean_score == doctest::Approx((worker0.mean_score + worker1.mean_score) / 2));
  CHECK(summary.total_steps == worker0.total_steps + worker1.total_steps);
}

TEST_CASE("parallel: more games than episodes uses only as many games as episodes") {
  auto options = scripted_beacon(7, 1);
  options.parallel = 3;
  std::atomic<int> games{0};
  const auto summary = agents::run_parallel(options, [&](int worker, const std::function<void(Controller&)>& play) {
    ++games;
    return engine_game(worker, play);
  });
  CHECK(games == 1);
  REQUIRE(summary.episodes.size() == 1);
  CHECK(summary.episodes[0].episode == 1);
}

TEST_CASE("parallel: a failing game stops the run with its error, naming the game") {
  auto options = scripted_beacon(7, 4);
  options.parallel = 2;
  const auto failing = [](int worker, const std::function<void(Controller&)>& play) -> std::string {
    if (worker == 1) throw std::runtime_error("cannot start game");
    return engine_game(worker, play);
  };
  try {
    agents::run_parallel(options, failing);
    FAIL("run_parallel did not throw");
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    CHECK(message.find("game 2 of 2") != std::string::npos);
    CHECK(message.find("cannot start game") != std::string::npos);
  }
}

TEST_CASE("parallel: bad options are refused before any game starts") {
  int games = 0;
  const auto counting = [&](int, const std::function<void(Controller&)>&) -> std::string {
    ++games;
    return "";
  };
  auto options = scripted_beacon(1, 2);
  options.parallel = 0;
  CHECK_THROWS_AS(agents::run_parallel(options, counting), std::invalid_argument);
  options.parallel = 2;
  options.record_dir = "/tmp/never";
  CHECK_THROWS_AS(agents::run_parallel(options, counting), std::invalid_argument);
  options.record_dir.reset();
  options.map = "NoSuchMiniGame";  // no scripted agent
  CHECK_THROWS_AS(agents::run_parallel(options, counting), std::invalid_argument);
  CHECK(games == 0);
}
