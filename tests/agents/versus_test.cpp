// Agent against agent (--opponent agent:NAME): two game processes (two EngineHosts here, two
// sc2lite processes through sc2agent), one game in lock-step, the result from each side, and
// an opponent that dies mid-game ending the run with a clear error instead of a hang.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "agents/versus_runner.h"
#include "client/launcher.h"
#include "engine/server/game_server.h"
#include "tests/agents/engine_over_websocket.h"

using namespace sc2;
using namespace std::chrono_literals;

namespace {

agents::RunOptions versus(const char* agent, const char* opponent, std::uint64_t seed = 4) {
  agents::RunOptions options;
  options.map = "Flat64";
  options.agent = agent;
  options.opponent = opponent;
  options.seed = seed;
  options.step_mul = 16;
  options.feature_screen_size = 32;
  options.feature_minimap_size = 32;
  return options;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("--opponent agent:NAME: an unknown agent, --parallel, --record are refused naming the reason") {
  auto options = versus("scripted", "agent:nobody");
  CHECK_THROWS_WITH(agents::validate(options), doctest::Contains("no agent named 'nobody' (agents: "));
  options.opponent = "agent:random";
  CHECK_NOTHROW(agents::validate(options));
  options.parallel = 2;
  CHECK_THROWS_WITH(agents::validate(options), "--parallel is not available with --opponent agent:random (agent "
                                               "against agent)");
  options.parallel = 1;
  options.record_dir = "/tmp/unused";
  CHECK_THROWS_WITH(agents::validate(options), doctest::Contains("--record is not available"));
  CHECK(agents::opponent_agent("agent:scripted") == std::optional<std::string>("scripted"));
  CHECK_FALSE(agents::opponent_agent("bot:easy"));
  CHECK_FALSE(agents::env_options(versus("scripted", "agent:random")).computer);  // no built-in AI in the game
}

TEST_CASE("agent against agent on two game processes: the scripted agent beats the random one, each sees its side") {
  test::EngineOverWebsocket host, other;
  const auto summary = agents::run_versus_on(*host.controller, *other.controller, pick_free_port(),
                                             versus("scripted", "agent:random"));
  REQUIRE(summary.episodes.size() == 1);
  REQUIRE(summary.episodes[0].result);
  CHECK(*summary.episodes[0].result == 1);
  CHECK(summary.episodes[0].score == 1.0);  // the outcome is the reward
  CHECK(summary.episodes[0].game_loops < 28800);

  // The other way round: the random agent, now the first player, loses.
  const auto reversed = agents::run_versus_on(*host.controller, *other.controller, pick_free_port(),
                                              versus("random", "agent:scripted"));
  REQUIRE(reversed.episodes.size() == 1);
  CHECK(reversed.episodes[0].result == std::optional<int>(-1));
}

TEST_CASE("agent against agent with --save_replays: the replay holds both players, each side plays back to the result") {
  test::EngineOverWebsocket host, other;
  const auto dir = std::filesystem::temp_directory_path() / ("versus_replays_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  auto options = versus("scripted", "agent:random");
  options.replay_dir = dir / "nested";  // created when missing
  CHECK_NOTHROW(agents::validate(options));
  const auto summary = agents::run_versus_on(*host.controller, *other.controller, pick_free_port(), options);
  REQUIRE(summary.episodes.size() == 1);
  CHECK(summary.problems.empty());
  CHECK(summary.episodes[0].result == std::optional<int>(1));
  const std::string replay = read_file(dir / "nested" / "Flat64_seed4_episode1.SC2Replay");
  std::filesystem::remove_all(dir);
  REQUIRE_FALSE(replay.empty());

  engine::GameServer viewer;  // a third engine: the replay alone carries the game
  for (std::uint32_t player : {1u, 2u}) {
    CAPTURE(player);
    SC2APIProtocol::Request start;
    start.mutable_start_replay()->set_replay_data(replay);
    start.mutable_start_replay()->mutable_options()->set_raw(true);
    start.mutable_start_replay()->set_observed_player_id(player);
    const auto started = viewer.handle(start);
    REQUIRE_MESSAGE(!started.start_replay().has_error(), started.start_replay().error_details());
    SC2APIProtocol::Request step;
    step.mutable_step()->set_count(1u << 16);
    CHECK(viewer.handle(step).status() == SC2APIProtocol::ended);
    SC2APIProtocol::Request observe;
    observe.mutable_observation();
    const auto seen = viewer.handle(observe).observation();
    CHECK(seen.observation().player_common().player_id() == player);
    CHECK(seen.observation().game_loop() == summary.episodes[0].game_loops);
    REQUIRE(seen.player_result_size() == 2);
    for (const auto& r : seen.player_result()) {
      CHECK(r.result() == (r.player_id() == 1 ? SC2APIProtocol::Victory : SC2APIProtocol::Defeat));
    }
  }
}

TEST_CASE("agent against agent: the opponent's game process dying mid-game ends the run with a clear error") {
  test::EngineOverWebsocket host;
  auto other = std::make_unique<test::EngineOverWebsocket>();
  std::thread killer([&] {
    std::this_thread::sleep_for(1000ms);
    other->host.stop();  // the second process is gone; its relayed player leaves the game
  });
  auto options = versus("scripted", "agent:random");
  options.episodes = 3;
  std::string error;
  try {
    agents::run_versus_on(*host.controller, *other->controller, pick_free_port(), options);
  } catch (const std::exception& e) {
    error = e.what();
  }
  killer.join();
  INFO(error);
  CHECK(error.find("the opponent agent 'random' failed: ") == 0);
}

TEST_CASE("sc2agent --opponent agent:random: two sc2lite processes, the JSON carries the scripted agent's win") {
  const auto bin = std::filesystem::path(SC2_BIN_DIR);
  if (!std::filesystem::exists(bin / "sc2agent") || !std::filesystem::exists(bin / "sc2lite")) {
    MESSAGE("skipped: sc2agent or sc2lite is not built");
    return;
  }
  const auto dir = std::filesystem::temp_directory_path() / ("versus_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string command = "env -u SC2PATH timeout 180 '" + (bin / "sc2agent").string() +
                              "' --map Flat64 --agent scripted --opponent agent:random --seed 4 --step_mul 16 "
                              "--feature_screen_size 32 --feature_minimap_size 32 --json >'" +
                              (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  const std::string out = read_file(dir / "out"), err = read_file(dir / "err");
  std::filesystem::remove_all(dir);
  INFO(err);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  const auto report = nlohmann::json::parse(out);
  REQUIRE(report["episodes"].size() == 1);
  CHECK(report["episodes"][0]["result"] == 1);
}
