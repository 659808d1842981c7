// sc2studio --replay FILE under SDL's offscreen driver: a replay recorded from a seeded game
// plays back; a script seeks forward, back and past the end and each seek lands on its game
// loop; the player's calls show up in the log. A truncated or foreign file fails with the
// engine's own reason.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "client/launcher.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "tests/app/gui_test_support.h"

namespace {

using sc2::test::have_programs;
using sc2::test::studio;

using sc2::test::read_json;

struct Recorded {
  std::string bytes;
  std::uint32_t game_loops = 0;
};

// A MoveToBeacon episode so far: select_army, then moves to a few points, 40 steps.
Recorded record_replay() {
  sc2::LaunchOptions launch;
  launch.sc2lite_dir = sc2::test::kBinDir;
  auto game = sc2::GameProcess::launch(launch);
  sc2::pysc2::EnvOptions options;
  options.map = "MoveToBeacon";
  options.seed = 11;
  sc2::pysc2::Env env(game->controller(), options);
  env.reset();
  env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_army, {{0}}});
  for (int i = 0; i < 40; ++i) {
    const auto& available = env.last()->observation.available_actions;
    const int move = 331;  // Move_screen
    if (i % 8 == 0 && std::find(available.begin(), available.end(), move) != available.end()) {
      env.step(sc2::pysc2::FunctionCall{move, {{0}, {10 + i, 20 + i / 2}}});
    } else {
      env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
    }
  }
  Recorded recorded;
  recorded.bytes = game->controller().save_replay().data();
  recorded.game_loops = env.game_loop();
  return recorded;
}

}  // namespace

TEST_CASE("sc2studio --replay plays a replay back and seeks forward, back and to the end") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const Recorded recorded = record_replay();
  REQUIRE(recorded.game_loops > 200);
  const auto file = dir.path() / "beacon.SC2Replay";
  std::ofstream(file, std::ios::binary) << recorded.bytes;
  const auto script = dir.path() / "seek.txt";
  std::ofstream(script) << "wait_game\n"
                           "key Space        # pause\n"
                           "seek 200\n"
                           "seek 40          # back: the replay starts again\n"
                           "seek 100000      # past the end: stops at the last loop\n"
                           "key F2           # the person's input is not sent\n"
                           "wait_frames 3\n"
                           "quit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(studio(
      dir, "--replay '" + file.string() + "' --script '" + script.string() + "' --action_log '" + log_file.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);  // a seek that does not land is a script error (exit 1)
  const nlohmann::json log = read_json(log_file);
  INFO(log.at("session").dump());
  CHECK(log.at("session").at("mode") == "replay");
  CHECK(log.at("session").at("error") == "");  // written after the session stopped: "stopped", not "failed"
  CHECK(log.at("session").at("state") == "stopped");
  CHECK(log.at("session").at("replay_loops").get<std::uint32_t>() == recorded.game_loops);
  CHECK(log.at("last_observation").at("game_loop").get<std::uint32_t>() == recorded.game_loops);
  for (const auto& action : log.at("actions")) {
    INFO(action.dump());
    CHECK(action.at("result") == "in the replay");  // nothing of the person's
  }
  // One decode per observation shown, however it was reached; the game info once per start
  // of the replay (the first one and the seek back).
  const auto& decoding = log.at("decoding");
  INFO(decoding.dump());
  CHECK(decoding.at("observations_decoded") == decoding.at("observations_published"));
  CHECK(decoding.at("game_infos_decoded") == 2);
}

TEST_CASE("sc2studio --replay: the player's calls appear in the log as the replay plays") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const Recorded recorded = record_replay();
  const auto file = dir.path() / "beacon.SC2Replay";
  std::ofstream(file, std::ios::binary) << recorded.bytes;
  const auto script = dir.path() / "play.txt";
  std::ofstream(script) << "wait_game\nwait_loops 120\nquit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(studio(dir, "--replay '" + file.string() + "' --speed 8 --script '" +
                                                             script.string() + "' --action_log '" + log_file.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  bool select_army = false, move = false;
  for (const auto& action : log.at("actions")) {
    if (action.at("function") == sc2::pysc2::fn::select_army) select_army = true;
    if (action.at("function") == 331) move = true;
  }
  CHECK(select_army);
  CHECK(move);
}

TEST_CASE("sc2studio --replay: a truncated replay, random bytes and a missing file give clear errors") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const Recorded recorded = record_replay();
  const auto truncated = dir.path() / "truncated.SC2Replay";
  std::ofstream(truncated, std::ios::binary) << recorded.bytes.substr(0, recorded.bytes.size() / 2);
  auto result = sc2::test::run_command(studio(dir, "--replay '" + truncated.string() + "' --frames 5"));
  INFO(result.output);
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("refused the replay") != std::string::npos);
  CHECK(result.output.find("truncated") != std::string::npos);

  const auto foreign = dir.path() / "foreign.SC2Replay";
  std::ofstream(foreign, std::ios::binary) << "MPQ\x1b this is not ours at all, just some bytes";
  result = sc2::test::run_command(studio(dir, "--replay '" + foreign.string() + "' --frames 5"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("not an sc2lite replay") != std::string::npos);

  result = sc2::test::run_command(studio(dir, "--replay '" + (dir.path() / "missing.SC2Replay").string() + "' --frames 5"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("missing.SC2Replay") != std::string::npos);
}
