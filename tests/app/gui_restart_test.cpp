// GUI end to end, the two restart paths: the settings panel (new screen / minimap size ->
// the game restarts at that size and input maps to the new pixels), and the error banner
// after the game server died (its restart button brings a new game). Both run the real
// sc2studio offscreen against sc2lite with a --script that clicks the real buttons.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "client/pysc2/actions.h"
#include "tests/app/gui_test_support.h"
#include "tests/shared_dir.h"

namespace {

using sc2::test::count_color;
using sc2::test::have_programs;
using sc2::test::studio;

using sc2::test::read_json;

}  // namespace

TEST_CASE("the settings panel restarts the game at the new screen and minimap size") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "settings.txt";
  std::ofstream(script) << "wait_game\n"
                           "expect_size screen 64 64\n"
                           "expect_size minimap 64 64\n"
                           "setting screen 32\n"
                           "setting minimap 24\n"
                           "click_button settings/apply\n"
                           "wait_game\n"
                           "expect_size screen 32 32\n"
                           "expect_size minimap 24 24\n"
                           "click world self          # select_point in the new 32x32 pixel space\n"
                           "wait_loops 16\n"
                           "quit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "settings.png";
  // A tall window so the Game panel's settings are on screen without scrolling.
  const auto result = sc2::test::run_command(
      studio(dir, "--map MoveToBeacon --seed 3 --speed 4 --window_height 1300 --script '" + script.string() +
                      "' --action_log '" + log_file.string() + "' --screenshot '" + shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);  // every expect_size held and the button was on screen
  const nlohmann::json log = read_json(log_file);
  const auto& actions = log.at("actions");
  REQUIRE(actions.size() == 1);  // only the click after the restart (the log restarts too)
  CHECK(actions[0].at("function") == sc2::pysc2::fn::select_point);
  CHECK(actions[0].at("result") == "ok");
  const auto point = actions[0].at("arguments")[1].get<std::vector<int>>();
  REQUIRE(point.size() == 2);
  CHECK(point[0] >= 0);
  CHECK(point[0] < 32);
  CHECK(point[1] >= 0);
  CHECK(point[1] < 32);
  // The new game is on screen: the Marine in the world view and layers.
  CHECK(count_color(shot, 0, 142, 0, 0) > 10);
}

TEST_CASE("after the game server dies the error banner's restart button brings a new game") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "lost.txt";
  std::ofstream(script) << "wait_game\n"
                           "wait_frames 5\n"
                           "kill_game                 # the connection to sc2lite is lost\n"
                           "wait_failed               # the session fails; the banner shows\n"
                           "click_button banner/restart\n"
                           "wait_game\n"
                           "click world self\n"
                           "wait_loops 16\n"
                           "quit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "restarted.png";
  const auto result = sc2::test::run_command(studio(dir, "--map MoveToBeacon --seed 5 --speed 4 --script '" +
                                                             script.string() + "' --action_log '" + log_file.string() +
                                                             "' --screenshot '" + shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);  // the banner and its button showed, the new game came up
  const nlohmann::json log = read_json(log_file);
  const auto& actions = log.at("actions");
  REQUIRE(actions.size() == 1);
  CHECK(actions[0].at("function") == sc2::pysc2::fn::select_point);
  CHECK(actions[0].at("result") == "ok");  // the new game answers
  CHECK_FALSE(log.at("last_observation").is_null());
  // The banner (dark red, 0.45/0.06/0.06) is gone once the game is back.
  CHECK(count_color(shot, 115, 15, 15, 3) < 100);
  CHECK(count_color(shot, 0, 142, 0, 0) > 10);  // the Marine is drawn again
}

TEST_CASE("a restart while the game server hangs does not freeze the window: the new game runs at once") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto started = std::chrono::steady_clock::now();
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "wait_frames 5\n"
                                            "freeze_game               # sc2lite stops answering (SIGSTOP)\n"
                                            "wait_frames 20\n"
                                            "click_button settings/restart\n"
                                            "wait_game                 # the new game; the old server still hangs\n"
                                            "click world self\n"
                                            "wait_loops 32\n"
                                            "thaw_game                 # the old session can finish now\n"
                                            "quit\n",
                                            "--map MoveToBeacon --seed 6 --speed 4 --window_height 1300");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  // Stopping the old session waits for its call to the frozen server (the call timeout is
  // 60 s); the window went on with the new game instead.
  CHECK(seconds < 30.0);
  const nlohmann::json log = read_json(sc2::test::action_log_file(dir));
  REQUIRE(log.at("actions").size() == 1);  // the click in the new game
  CHECK(log.at("actions")[0].at("result") == "ok");
  CHECK(log.at("last_observation").at("game_loop").get<int>() >= 32);
}

TEST_CASE("a script step that needs the error banner fails clearly while the game runs") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "no_banner.txt";
  std::ofstream(script) << "wait_game\nclick_button banner/restart\nquit\n";
  const auto result = sc2::test::run_command(studio(dir, "--script '" + script.string() + "'"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("script line 2") != std::string::npos);
  CHECK(result.output.find("banner/restart is not on screen") != std::string::npos);
}

TEST_CASE("the settings' map list is the game's: an unknown map is refused, a listed one is played") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  // No --map: the game's first map; then the settings switch to another map the game listed.
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "setting map NoSuchMap\n"
                                            "setting map DefeatRoaches\n"
                                            "click_button settings/apply\n"
                                            "wait_game\n"
                                            "quit\n",
                                            "--seed 4 --speed 4 --window_height 1300");
  INFO(result.output);
  CHECK(result.exit_code == 1);  // the refused setting fails the script, the rest still runs
  CHECK(result.output.find("script line 2: unknown map NoSuchMap; the game lists: MoveToBeacon, "
                           "CollectMineralShards, FindAndDefeatZerglings, DefeatRoaches, "
                           "DefeatZerglingsAndBanelings, CollectMineralsAndGas, BuildMarines") != std::string::npos);
  const nlohmann::json log = read_json(sc2::test::action_log_file(dir));
  // The restarted game is DefeatRoaches: its 9 Marines (MoveToBeacon has 1).
  const auto& units = log.at("first_observation").at("units");
  CHECK(units.size() == 9);
  for (const auto& unit : units) CHECK(unit.at("unit_type") == 48);  // Marine
}

TEST_CASE("a map file typed in the settings' map-file field is played from its bytes after apply") {
  if (!have_programs()) return;
  const std::string relative = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps/3m.SC2Map";
  if (!sc2::test::have_shared(relative)) return;
  const std::filesystem::path map = sc2::test::shared_dir() / relative;
  {
    std::ifstream file(map, std::ios::binary);
    char head[3] = {};
    file.read(head, 3);
    if (std::string(head, 3) != "MPQ") {
      MESSAGE("skipped: " << map.string() << " is not a map archive; restore ../shared/clients");
      return;
    }
  }
  sc2::test::TempDir dir;
  // First a path that is not there: "use" refuses it (the edited map stays, so a restart
  // would replay MoveToBeacon); then the real file, applied.
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "setting map_file " + (dir.path() / "Missing.SC2Map").string() + "\n"
                                            "click_button settings/map_file_use\n"
                                            "setting map_file " + map.string() + "\n"
                                            "click_button settings/map_file_use\n"
                                            "click_button settings/apply\n"
                                            "wait_game\n"
                                            "quit\n",
                                            "--map MoveToBeacon --seed 4 --speed 4 --window_height 1300");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);  // both buttons were on screen and the new game started
  const nlohmann::json log = read_json(sc2::test::action_log_file(dir));
  // The restarted game is SMAC's 3m, run from the file: its script puts three Marine_RL, a type
  // only the map defines, at (9, 16), west of MoveToBeacon's whole arena (x 22 to 44), where
  // MoveToBeacon has one Marine (type 48) and a Beacon.
  const auto& units = log.at("first_observation").at("units");
  REQUIRE(units.size() == 3);
  for (const auto& unit : units) {
    CHECK(unit.at("unit_type") == units[0].at("unit_type"));
    CHECK(unit.at("unit_type") != 48);
    CHECK(unit.at("x").get<double>() < 12.0);
  }
}
