// sc2studio --connect pacing the player's game (README "Watching an agent you did not write"),
// under SDL's offscreen driver: a player on a thread of the test steps as fast as it can on
// sc2lite; with --observer_control the app's Pause (Space) holds the player's game, and
// --pause_on_start holds it until the app resumes; without the flag the app says its controls
// pause only its view.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "client/launcher.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "tests/app/gui_test_support.h"

namespace {

using Clock = std::chrono::steady_clock;

// sc2lite started with `flags`, and a player stepping no_op as fast as the game lets it.
class FastPlayer {
 public:
  explicit FastPlayer(std::vector<std::string> flags) {
    sc2::LaunchOptions launch;
    launch.sc2lite_dir = sc2::test::kBinDir;
    launch.extra_args = std::move(flags);
    game_ = sc2::GameProcess::launch(launch);
    sc2::pysc2::EnvOptions options;
    options.map = "MoveToBeacon";
    options.seed = 9;
    env_ = std::make_unique<sc2::pysc2::Env>(game_->controller(), options);
    env_->reset();
    player_ = std::thread([this] { play(); });
    sampler_ = std::thread([this] { sample(); });
  }
  ~FastPlayer() { stop(); }

  std::uint16_t port() const { return game_->port(); }
  void stop() {
    done_ = true;
    if (sampler_.joinable()) sampler_.join();
    if (player_.joinable()) player_.join();
    env_.reset();
    game_.reset();
  }
  std::string error() const { return error_; }
  std::uint64_t steps() const { return steps_; }
  std::uint64_t episodes() const { return episodes_; }  // begun, the first included
  // The longest time the player's step count stood still after its first step.
  Clock::duration longest_stall_after_first_step() const {
    std::lock_guard lock(mutex_);
    Clock::duration longest{};
    for (std::size_t i = 0; i < samples_.size();) {
      std::size_t j = i;
      while (j + 1 < samples_.size() && samples_[j + 1].second == samples_[i].second) ++j;
      if (samples_[i].second > 0) longest = std::max(longest, samples_[j].first - samples_[i].first);
      i = j + 1;
    }
    return longest;
  }
  // How long the game held the player's first step.
  Clock::duration first_step_after() const { return first_step_ - started_; }

 private:
  void play() {
    try {
      while (!done_) {
        if (env_->last()->last()) {
          env_->reset();
          ++episodes_;
        }
        env_->step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
        if (steps_++ == 0) first_step_ = Clock::now();
      }
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }
  void sample() {
    while (!done_) {
      {
        std::lock_guard lock(mutex_);
        samples_.emplace_back(Clock::now(), steps_.load());
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  std::unique_ptr<sc2::GameProcess> game_;
  std::unique_ptr<sc2::pysc2::Env> env_;
  std::thread player_, sampler_;
  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> steps_{0};
  std::atomic<std::uint64_t> episodes_{1};
  const Clock::time_point started_ = Clock::now();
  Clock::time_point first_step_{};
  mutable std::mutex mutex_;
  std::vector<std::pair<Clock::time_point, std::uint64_t>> samples_;
  std::string error_;
};

}  // namespace

TEST_CASE("sc2studio --connect paces the player's game when sc2lite lets observers do it") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  FastPlayer game({"--observer_control", "--pause_on_start"});
  // Held at the first step until the app resumes; then paused again by the app for 90 frames
  // (about 1.5 s at 60 frames/s).
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\nwait_frames 30\nkey Space\nwait_loops 160\nkey Space\n"
                                            "wait_frames 90\nquit\n",
                                            "--connect 127.0.0.1:" + std::to_string(game.port()));
  // The app's connection closed: the game runs on by itself (waited for as a state: a loaded
  // machine may not schedule the player for a while).
  const auto steps_at_exit = game.steps();
  const auto give_up = Clock::now() + std::chrono::seconds(60);
  while (game.steps() == steps_at_exit && Clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(game.steps() > steps_at_exit);
  game.stop();
  INFO(result.output);
  CHECK(game.error() == "");
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  INFO(log.at("observed_pace").dump());
  CHECK(log.at("observed_pace").at("known") == true);
  CHECK(log.at("observed_pace").at("may_pace") == true);
  CHECK(log.at("observed_pace").at("you_control") == true);
  CHECK(log.at("observed_pace").at("paused") == true);
  CHECK(log.at("observed_pace").at("note") == "");
  // The game waited at loop 0 for the app (30 frames and more), ran, then stood still.
  CHECK(log.at("first_observation").at("game_loop") == 0);
  CHECK(log.at("last_observation").at("game_loop").get<int>() >= 160);
  CHECK(game.first_step_after() > std::chrono::milliseconds(300));
  CHECK(game.longest_stall_after_first_step() > std::chrono::milliseconds(700));
}

TEST_CASE("sc2studio --connect to an sc2lite without --observer_control says its controls pause only the view") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  FastPlayer game({});
  const auto result = sc2::test::run_script(dir, "wait_game\nwait_loops 80\nkey Space\nwait_frames 30\nquit\n",
                                            "--connect 127.0.0.1:" + std::to_string(game.port()));
  game.stop();
  INFO(result.output);
  CHECK(game.error() == "");
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  INFO(log.at("observed_pace").dump());
  CHECK(log.at("observed_pace").at("known") == true);
  CHECK(log.at("observed_pace").at("may_pace") == false);
  CHECK(log.at("observed_pace").at("you_control") == false);
  CHECK(log.at("observed_pace").at("paused") == false);
  CHECK(log.at("observed_pace").at("note").get<std::string>().find("--observer_control") != std::string::npos);
  CHECK(log.at("observed_pace").at("loops_per_second").get<double>() > 0);
}

TEST_CASE("sc2studio --connect: wait_loops counts the loops of a game that restarts meanwhile") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  FastPlayer game({});
  // 3000 loops are more than a MoveToBeacon episode (1920): the wait always spans a restart,
  // which a wait for "the loop seen first + 3000" would never see.
  const auto result = sc2::test::run_script(dir, "wait_game\nwait_loops 3000\nquit\n",
                                            "--connect 127.0.0.1:" + std::to_string(game.port()));
  game.stop();
  INFO(result.output);
  CHECK(game.error() == "");
  REQUIRE(result.exit_code == 0);
  CHECK(game.episodes() >= 2);
}
