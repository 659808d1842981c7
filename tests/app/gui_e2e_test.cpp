// GUI end to end: sc2studio under SDL's offscreen driver plays a --script of mouse and key
// input, injected as SDL events (pointer warped in the window, button / wheel / key events
// pushed on SDL's queue, modifier state set: app/ui/script_player.cpp), against sc2lite:
// select the Marine on the world view, right click the beacon, then check the FunctionCalls
// it sent (--action_log), that the Marine moved, and that every panel is drawn in the
// screenshot.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "client/pysc2/actions.h"
#include "tests/app/gui_test_support.h"

namespace {

using sc2::test::count_color;
using sc2::test::have_programs;
using sc2::test::studio;

// How far the log's one unit moved between the first and the last observation.
double unit_moved(const nlohmann::json& log) {
  const auto& first = log.at("first_observation").at("units");
  const auto& last = log.at("last_observation").at("units");
  REQUIRE(first.size() == 1);
  REQUIRE(last.size() == 1);
  return std::hypot(last[0].at("x").get<double>() - first[0].at("x").get<double>(),
                    last[0].at("y").get<double>() - first[0].at("y").get<double>());
}

}  // namespace

TEST_CASE("scripted clicks select the Marine and move it to the beacon on MoveToBeacon") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "play.txt";
  std::ofstream(script) << "wait_game\n"
                           "wait_frames 10\n"
                           "click world self          # select_point on the Marine\n"
                           "wait_loops 24\n"
                           "right_click world neutral # Smart_screen on the beacon\n"
                           "wait_loops 24\n"
                           "key S                     # Stop_quick from the keymap\n"
                           "wait_loops 16\n"
                           "key A                     # arm Attack\n"
                           "click world neutral       # Attack_screen\n"
                           "wait_loops 120\n"
                           "quit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "e2e.png";
  const auto result = sc2::test::run_command(studio(dir, "--map MoveToBeacon --seed 7 --speed 4 --script '" + script.string() +
                                                             "' --action_log '" + log_file.string() + "' --screenshot '" +
                                                             shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  std::ifstream in(log_file);
  REQUIRE(in);
  const nlohmann::json log = nlohmann::json::parse(in);
  const auto& actions = log.at("actions");
  REQUIRE(actions.size() == 4);

  const int smart = sc2::pysc2::find_function("Smart_screen")->id;
  const int stop = sc2::pysc2::find_function("Stop_quick")->id;
  const int attack = sc2::pysc2::find_function("Attack_screen")->id;
  CHECK(actions[0].at("function") == sc2::pysc2::fn::select_point);
  CHECK(actions[0].at("arguments")[0] == std::vector<int>{0});  // plain click: "select"
  CHECK(actions[1].at("function") == smart);
  CHECK(actions[1].at("arguments")[0] == std::vector<int>{0});  // not queued
  CHECK(actions[2].at("function") == stop);
  CHECK(actions[3].at("function") == attack);
  CHECK(actions[1].at("arguments")[1] == actions[3].at("arguments")[1]);  // both on the beacon
  for (const auto& action : actions) {
    INFO(action.dump());
    CHECK(action.at("result") == "ok");
  }
  // Each observation was decoded once, by the client on the game thread: as many decodes as
  // TimeSteps published, though the UI drew every one of them; the game info once.
  const auto& decoding = log.at("decoding");
  INFO(decoding.dump());
  CHECK(decoding.at("observations_published").get<int>() > 10);
  CHECK(decoding.at("observations_decoded") == decoding.at("observations_published"));
  CHECK(decoding.at("game_infos_decoded") == 1);
  // The select_point pixel is on the Marine: the Smart order was accepted for it (result ok
  // above) and the Marine moved.
  CHECK(log.at("first_observation").at("units").at(0).at("unit_type") == 48);  // Marine
  CHECK(unit_moved(log) > 2.0);

  // Every panel is drawn.
  CHECK(count_color(shot, 0, 142, 0, 0) > 20);        // the Marine in the world view and layers
  CHECK(count_color(shot, 170, 40, 40, 0) > 100);     // the minimap's red frame
  CHECK(count_color(shot, 18, 20, 26, 1) > 5000);     // the top bar
  CHECK(count_color(shot, 255, 217, 77, 30) > 50);    // command card hotkeys
  CHECK(count_color(shot, 51, 178, 64, 3) > 200);     // the selected Marine's health bar
  CHECK(count_color(shot, 46, 69, 107, 2) > 200);     // an active title bar
  CHECK(count_color(shot, 0, 220, 40, 0) > 10);       // the Marine's status bar in the world view
  CHECK(count_color(shot, 0, 255, 232, 0) > 3000);    // the Feature layers grid: unit_type's background
  CHECK(count_color(shot, 48, 48, 51, 0) > 5000);     // table headers: the Action log (and episodes)
  CHECK(count_color(shot, 34, 53, 81, 0) > 20000);    // the Game panel's reward plots and speed slider
}

TEST_CASE("scripted SDL drags and modifier clicks become select_rect and select_point with their modifiers") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "wait_frames 10\n"
                                            "drag world 2 3 60 61          # select_rect over the screen\n"
                                            "wait_loops 16\n"
                                            "drag world 4 5 20 21 shift    # add to the selection\n"
                                            "wait_loops 16\n"
                                            "click world 30 30 shift       # select_point toggle\n"
                                            "wait_loops 16\n"
                                            "click world 31 32 ctrl        # all of type\n"
                                            "wait_loops 16\n"
                                            "click world 33 34 ctrl shift  # add all of type\n"
                                            "wait_loops 16\n"
                                            "key Ctrl+3                    # control group 3: set\n"
                                            "wait_loops 16\n"
                                            "quit\n",
                                            "--map CollectMineralShards --seed 3 --speed 4");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  const auto& actions = log.at("actions");
  INFO(actions.dump());
  REQUIRE(actions.size() == 6);
  CHECK(actions[0].at("function") == sc2::pysc2::fn::select_rect);
  CHECK(actions[0].at("arguments")[0] == std::vector<int>{0});  // select
  CHECK(actions[0].at("arguments")[1] == std::vector<int>{2, 3});
  CHECK(actions[0].at("arguments")[2] == std::vector<int>{60, 61});
  CHECK(actions[1].at("function") == sc2::pysc2::fn::select_rect);
  CHECK(actions[1].at("arguments")[0] == std::vector<int>{1});  // add (Shift)
  CHECK(actions[1].at("arguments")[1] == std::vector<int>{4, 5});
  CHECK(actions[2].at("function") == sc2::pysc2::fn::select_point);
  CHECK(actions[2].at("arguments")[0] == std::vector<int>{1});  // toggle (Shift)
  CHECK(actions[2].at("arguments")[1] == std::vector<int>{30, 30});
  CHECK(actions[3].at("arguments")[0] == std::vector<int>{2});  // select_all_type (Ctrl)
  CHECK(actions[4].at("arguments")[0] == std::vector<int>{3});  // add_all_type (Ctrl+Shift)
  CHECK(actions[5].at("function") == sc2::pysc2::fn::select_control_group);
  CHECK(actions[5].at("arguments")[0] == std::vector<int>{1});  // set
  CHECK(actions[5].at("arguments")[1] == std::vector<int>{3});
  CHECK(actions[0].at("result") == "ok");
}

TEST_CASE("one click on the Marine in a screen layer's image selects it, a right click there moves it") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "wait_frames 10\n"
                                            "click screen/unit_type self  # select_point on the Marine's pixel\n"
                                            "wait_loops 16\n"
                                            "right_click screen/player_relative neutral  # Smart_screen, beacon\n"
                                            "wait_loops 120\n"
                                            "quit\n",
                                            "--map MoveToBeacon --seed 11 --speed 4");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  const auto& actions = log.at("actions");
  INFO(actions.dump());
  REQUIRE(actions.size() == 2);
  CHECK(actions[0].at("function") == sc2::pysc2::fn::select_point);
  CHECK(actions[0].at("result") == "ok");
  CHECK(actions[1].at("function") == sc2::pysc2::find_function("Smart_screen")->id);
  CHECK(actions[1].at("result") == "ok");  // only accepted with the Marine selected
  CHECK(unit_moved(log) > 2.0);
}

TEST_CASE("F12 writes a screenshot into the data folder, twice in one second gives two files") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_script(
      dir, "wait_game\nwait_frames 5\nkey F12\nwait_frames 2\nkey F12\nwait_frames 3\nquit\n", "--map MoveToBeacon");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto folder = dir.path() / "data" / "sc2studio" / "screenshots";
  REQUIRE(std::filesystem::is_directory(folder));
  int pictures = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    CHECK(entry.path().extension() == ".png");
    CHECK(count_color(entry.path(), 0, 142, 0, 0) > 20);  // a real frame: the Marine
    ++pictures;
  }
  CHECK(pictures == 2);
}

TEST_CASE("the person's last call is marked on the world view and the layers for about a second, as PySC2's viewer does") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "marker.png";
  // --render_sync: the game steps only once a frame has drawn the last observation, so the last
  // frame comes a step or two after the click whatever the machine's speed (the marker stays 3
  // steps; in real time a slow machine, ASan's, drew the last frame after it had gone).
  const auto result = sc2::test::run_script(dir, "wait_game\nwait_frames 5\nclick world self\nwait_loops 8\nquit\n",
                                            "--map MoveToBeacon --render_sync --screenshot '" + shot.string() + "'");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  CHECK(count_color(shot, 70, 230, 255, 0) > 100);  // the person's marker colour (kHumanMarker)
}

TEST_CASE("F4 closes the window: the app exits cleanly before its script ends") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto started = std::chrono::steady_clock::now();
  // ~30 minutes of frames unless F4 works.
  const auto result = sc2::test::run_script(dir, "wait_game\nkey F4\nwait_frames 100000\n", "--map MoveToBeacon");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  INFO(result.output);
  CHECK(result.exit_code == 0);
  CHECK(seconds < 30.0);
}

TEST_CASE("a scripted click on a layer title opens its inspector, the world view zooms and draws status bars") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "inspect.txt";
  std::ofstream(script) << "wait_game\n"
                           "wait_frames 5\n"
                           "click_layer screen/player_relative\n"
                           "wait_frames 5\n"
                           "wheel world 0 0 1           # zoom in at the top-left corner\n"
                           "leave_window                # the pointer's tooltip would hide part of the view\n"
                           "wait_frames 5\n"
                           "quit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "inspect.png";
  const auto result = sc2::test::run_command(studio(dir, "--map MoveToBeacon --speed 4 --script '" + script.string() +
                                                             "' --action_log '" + log_file.string() + "' --screenshot '" +
                                                             shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  std::ifstream in(log_file);
  const nlohmann::json log = nlohmann::json::parse(in);
  CHECK(log.at("actions").empty());  // titles and the wheel send no FunctionCall
  // The inspector window: its image background (8, 8, 10) around the fitted layer.
  CHECK(count_color(shot, 8, 8, 10, 0) > 20000);
  CHECK(count_color(shot, 0, 220, 40, 0) > 10);  // the Marine's status bar in the zoomed world view
}

TEST_CASE("a script clicking a layer that is not in the grid fails with its line") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "missing.txt";
  std::ofstream(script) << "wait_game\nclick_layer screen/no_such_layer\nquit\n";
  const auto result = sc2::test::run_command(studio(dir, "--script '" + script.string() + "'"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("script line 2") != std::string::npos);
  CHECK(result.output.find("no_such_layer") != std::string::npos);
}

TEST_CASE("a script waiting for a function the game never offers fails with its line, once the game went on") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "never.txt";
  // MoveToBeacon's Marine builds nothing: the wait ends by the game's loops (across restarts), not by a clock.
  std::ofstream(script) << "wait_game\nwait_available Build_Barracks_screen\nquit\n";
  const auto result = sc2::test::run_command(studio(dir, "--map MoveToBeacon --speed 0 --script '" + script.string() + "'"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("script line 2: Build_Barracks_screen was not offered in") != std::string::npos);
}

TEST_CASE("a broken user keymap is reported with file and line and the defaults still work") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "config" / "sc2studio");
  std::ofstream(dir.path() / "config" / "sc2studio" / "keymap.txt") << "pause = Space\nselect_army = Hyper+F2\n";
  const auto script = dir.path() / "keys.txt";
  std::ofstream(script) << "wait_game\nkey F2\nwait_loops 16\nquit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(
      studio(dir, "--speed 4 --script '" + script.string() + "' --action_log '" + log_file.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  CHECK(result.output.find("keymap.txt:2:") != std::string::npos);
  CHECK(result.output.find("Hyper") != std::string::npos);
  std::ifstream in(log_file);
  const nlohmann::json log = nlohmann::json::parse(in);
  REQUIRE(log.at("actions").size() == 1);  // F2 = select_army from the defaults
  CHECK(log.at("actions")[0].at("function") == sc2::pysc2::fn::select_army);
}

TEST_CASE("a bad --script is refused with its file and line") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "bad.txt";
  std::ofstream(script) << "wait_game\nclick world\n";
  const auto result = sc2::test::run_command(studio(dir, "--script '" + script.string() + "'"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("bad.txt:2:") != std::string::npos);
}

TEST_CASE("in raw-action mode (F7) a click selects the Marine and a right click on the beacon sends Smart_unit, by tag") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "key F7\n"
                                            "click world self\n"
                                            "wait_loops 16\n"
                                            "right_click world neutral\n"
                                            "wait_loops 96\n"
                                            "key F7\n"
                                            "key F2\n"
                                            "wait_loops 24\n"
                                            "quit\n",
                                            "--map MoveToBeacon --speed 8");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  const auto& actions = log.at("actions");
  REQUIRE(actions.size() == 3);
  const std::string marine_tag = std::to_string(log.at("first_observation").at("units").at(0).at("tag").get<std::uint64_t>());
  CHECK(actions[0].at("raw") == true);
  CHECK(actions[0].at("text") == "raw_select([" + marine_tag + "])");
  CHECK(actions[1].at("raw") == true);
  CHECK(actions[1].at("text").get<std::string>().starts_with("Smart_unit(\"now\", [" + marine_tag + "], "));
  for (const auto& action : actions) {
    INFO(action.dump());
    CHECK(action.at("result") == "ok");
  }
  // F7 again: back to FunctionCalls.
  CHECK(actions[2].at("raw") == false);
  CHECK(actions[2].at("function") == sc2::pysc2::fn::select_army);
  CHECK(unit_moved(log) > 2.0);  // the raw Smart reached the game and the Marine walked
}
