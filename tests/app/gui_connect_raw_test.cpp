// sc2studio --connect watching a raw-interface player, as a SMAC training run is watched
// (issue 36 item 4): a client on a thread plays through raw commands only, with the ability
// ids SMAC's agents send (Attack_Attack 23, Move_Move 16). MoveToBeacon, whose Marine lives
// the whole episode, keeps what is on screen at the end known (on a SMAC map the fights end
// and restart at their own pace). sc2studio observes it: the commands are in its action log in
// PySC2's raw notation, and the Marine's last command is what the World view marks (a line to
// the target, the command's name).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "client/launcher.h"
#include "client/pysc2/env.h"
#include "tests/app/gui_test_support.h"

namespace {

constexpr int kAttackAttack = 23;  // the specific ids SMAC sends
constexpr int kMoveMove = 16;

// sc2lite with a raw player on a thread: every step the Marine gets an attack-move to a point
// beside it, every fourth step a Move instead; paced like a slow agent.
class RawPlayedGame {
 public:
  RawPlayedGame() {
    sc2::LaunchOptions launch;
    launch.sc2lite_dir = sc2::test::kBinDir;
    game_ = sc2::GameProcess::launch(launch);
    sc2::pysc2::EnvOptions options;
    options.map = "MoveToBeacon";
    options.seed = 4;
    options.raw = true;
    env_ = std::make_unique<sc2::pysc2::Env>(game_->controller(), options);
    env_->reset();
    player_ = std::thread([this] { play(); });
  }
  ~RawPlayedGame() { stop(); }

  std::uint16_t port() const { return game_->port(); }
  void stop() {
    done_ = true;
    if (player_.joinable()) player_.join();
    env_.reset();
    game_.reset();
  }
  std::string error() const { return error_; }
  int commands_sent() const { return sent_; }

 private:
  void play() {
    try {
      for (int step = 0; !done_; ++step) {
        if (env_->last()->last()) env_->reset();
        std::vector<sc2::pysc2::RawCommand> commands;
        for (const auto& unit : env_->last()->observation.raw_view.units) {
          if (unit.alliance != sc2::pysc2::Alliance::self) continue;
          sc2::pysc2::RawCommand command;
          command.unit_tags = {unit.tag};
          command.ability_id = step % 4 == 3 ? kMoveMove : kAttackAttack;
          command.target_world = sc2::pysc2::WorldXY{unit.pos.x + (step % 2 ? 3.0f : -3.0f), unit.pos.y};
          commands.push_back(command);
        }
        sent_ += static_cast<int>(commands.size());
        env_->step({}, commands);
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
      }
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  std::unique_ptr<sc2::GameProcess> game_;
  std::unique_ptr<sc2::pysc2::Env> env_;
  std::thread player_;
  std::atomic<bool> done_{false};
  std::atomic<int> sent_{0};
  std::string error_;
};

}  // namespace

TEST_CASE("sc2studio --connect shows a raw player's commands in its action log and on the World view") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  RawPlayedGame game;
  const auto script = dir.path() / "observe.txt";
  std::ofstream(script) << "wait_game\nwait_loops 64\nwait_frames 3\nquit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "watched.png";
  const auto result = sc2::test::run_command(sc2::test::studio(
      dir, "--connect 127.0.0.1:" + std::to_string(game.port()) + " --script '" + script.string() +
               "' --action_log '" + log_file.string() + "' --screenshot '" + shot.string() + "'"));
  game.stop();
  INFO(result.output);
  CHECK(game.error() == "");
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(log_file);
  INFO(log.at("final_observation").dump());
  INFO(log.at("unit_commands").dump());
  INFO(log.at("actions").size() << " actions, the last: " << log.at("actions").back().dump());

  // The player's raw commands, each as PySC2 writes a raw call, marked as seen.
  int attacks = 0, moves = 0;
  for (const auto& action : log.at("actions")) {
    INFO(action.dump());
    CHECK(action.at("raw") == true);
    CHECK(action.at("source") == "agent");
    CHECK(action.at("result").get<std::string>().find("seen") == 0);
    const std::string text = action.at("text");
    if (text.rfind("Attack_Attack_pt(\"now\", [", 0) == 0) ++attacks;
    if (text.rfind("Move_Move_pt(\"now\", [", 0) == 0) ++moves;
  }
  CHECK(attacks > 0);
  CHECK(moves > 0);
  CHECK(attacks + moves == static_cast<int>(log.at("actions").size()));

  // The Marine has its last command, the only unit with one.
  const auto& units = log.at("final_observation").at("units");
  REQUIRE(units.size() == 1);
  const auto& marked = log.at("unit_commands");
  REQUIRE(marked.size() == 1);
  CHECK(marked[0].at("tag") == units[0].at("tag"));
  const std::string name = marked[0].at("name");
  CHECK((name == "Attack" || name == "Move"));
  CHECK(marked[0].at("text").get<std::string>().find(name + "_") == 0);
}
