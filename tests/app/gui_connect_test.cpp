// sc2studio --connect HOST:PORT under SDL's offscreen driver: another client (here a PySC2
// Env on a thread of the test) plays on sc2lite; sc2studio observes player 1 and sees the game
// advance and the player's calls, sends nothing, and shows the error (no crash) when the server
// goes away. A bad address is a clear error exit.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "client/launcher.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "tests/app/gui_test_support.h"

namespace {

using sc2::test::have_programs;
using sc2::test::studio;

using sc2::test::read_json;

// sc2lite with a player on a thread: select_army, then no_op steps, paced like a slow agent.
class PlayedGame {
 public:
  PlayedGame() {
    sc2::LaunchOptions launch;
    launch.sc2lite_dir = sc2::test::kBinDir;
    game_ = sc2::GameProcess::launch(launch);
    sc2::pysc2::EnvOptions options;
    options.map = "MoveToBeacon";
    options.seed = 4;
    env_ = std::make_unique<sc2::pysc2::Env>(game_->controller(), options);
    env_->reset();
    player_ = std::thread([this] { play(); });
  }
  ~PlayedGame() { stop(); }

  std::uint16_t port() const { return game_->port(); }
  // Stops the player and quits the server.
  void stop() {
    done_ = true;
    if (player_.joinable()) player_.join();
    env_.reset();
    game_.reset();
  }
  std::string error() const { return error_; }

 private:
  void play() {
    try {
      while (!done_) {
        if (env_->last()->last()) env_->reset();
        const auto& available = env_->last()->observation.available_actions;
        const bool can_select = std::find(available.begin(), available.end(), sc2::pysc2::fn::select_army) !=
                                available.end();
        if (can_select && env_->episode_steps() % 10 == 0) {
          env_->step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_army, {{0}}});
        } else {
          env_->step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  std::unique_ptr<sc2::GameProcess> game_;
  std::unique_ptr<sc2::pysc2::Env> env_;
  std::thread player_;
  std::atomic<bool> done_{false};
  std::string error_;
};

}  // namespace

TEST_CASE("sc2studio --connect watches a game another client plays, read only") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  PlayedGame game;
  const auto script = dir.path() / "observe.txt";
  // The person's F2 (select_army) must not reach the game.
  std::ofstream(script) << "wait_game\nwait_loops 80\nkey F2\nwait_loops 80\nquit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(
      studio(dir, "--connect 127.0.0.1:" + std::to_string(game.port()) + " --script '" + script.string() +
                      "' --action_log '" + log_file.string() + "'"));
  game.stop();
  INFO(result.output);
  CHECK(game.error() == "");
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  INFO(log.dump().substr(0, 2000));
  CHECK(log.at("session").at("mode") == "observe");
  CHECK(log.at("session").at("read_only").get<std::string>().find("observing 127.0.0.1:") == 0);
  // The game advanced while watched: the two waits of 80 loops, less what the player played
  // between the first frame's view and the script's start (a frame or two).
  CHECK(log.at("last_observation").at("game_loop").get<int>() >=
        log.at("first_observation").at("game_loop").get<int>() + 80);
  // Nothing was sent from sc2studio (the person's F2 included): the log holds only calls of
  // the player's that an observation happened to echo (sc2lite echoes them to an observer only
  // between the player's step and its next observation).
  for (const auto& action : log.at("actions")) {
    INFO(action.dump());
    CHECK(action.at("result").get<std::string>().find("seen") == 0);
  }
}

TEST_CASE("sc2studio --connect: the server going away shows the error, no crash") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  PlayedGame game;
  const auto script = dir.path() / "observe.txt";
  std::ofstream(script) << "wait_game\nwait_failed\nwait_frames 10\nquit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "gone.png";
  const std::uint16_t port = game.port();  // read before the killer thread may reset the game
  std::thread killer([&] {
    // Long enough for sc2studio to start and connect on a loaded 2-core machine (at 3 s it
    // sometimes was not connected yet and failed to connect instead of losing the connection).
    std::this_thread::sleep_for(std::chrono::seconds(7));
    game.stop();
  });
  const auto result = sc2::test::run_command(
      // --frames: a failure before the game shows exits at once instead of waiting for it.
      studio(dir, "--connect 127.0.0.1:" + std::to_string(port) + " --frames 100000 --script '" +
                      script.string() + "' --action_log '" + log_file.string() + "' --screenshot '" + shot.string() +
                      "'"));
  killer.join();
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  INFO(log.at("session").dump());
  CHECK(log.at("session").at("state") == "failed");
  CHECK(log.at("session").at("error").get<std::string>().find("lost the connection to 127.0.0.1:") != std::string::npos);
  // The error banner (its red background) is in the last frame.
  CHECK(sc2::test::count_color(shot, 115, 15, 15, 12) > 500);
}

TEST_CASE("sc2studio --connect: a bad or unreachable address is a clear error exit") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  auto result = sc2::test::run_command(studio(dir, "--connect nonsense --frames 5"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("HOST:PORT") != std::string::npos);
  result = sc2::test::run_command(studio(dir, "--connect 127.0.0.1:99999 --frames 5"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("1..65535") != std::string::npos);

  const std::uint16_t closed = sc2::pick_free_port();  // nothing listens there
  result = sc2::test::run_command(studio(dir, "--connect 127.0.0.1:" + std::to_string(closed) + " --frames 5"));
  INFO(result.output);
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("cannot reach a game server there") != std::string::npos);
}
