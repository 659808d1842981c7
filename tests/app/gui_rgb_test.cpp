// The RGB view end to end (offscreen, against sc2lite): with --rgb_screen_size the world view
// and minimap show the game's rendered images (sc2lite draws the beacon yellow; our own world
// view never uses that colour), F9 switches back to our drawing, and clicks on the RGB world
// view still become screen-layer FunctionCalls that move the Marine.
#include <doctest/doctest.h>

#include "client/pysc2/actions.h"
#include "tests/app/gui_test_support.h"

using sc2::test::count_color;
using sc2::test::have_programs;

namespace {
constexpr int kBeaconR = 235, kBeaconG = 205, kBeaconB = 60;  // engine/raster/rgb_render.h rgb_palette::kBeacon
}  // namespace

TEST_CASE("--rgb_screen_size shows the game's RGB images, F9 toggles them, clicks still select and move") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto rgb_shot = dir.path() / "rgb.png";
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "click world self\n"
                                            "wait_loops 16\n"
                                            "right_click world neutral\n"
                                            "wait_loops 64\n"
                                            "quit\n",
                                            "--map MoveToBeacon --speed 4 --rgb_screen_size 128,96 --rgb_minimap_size 64 "
                                            "--screenshot '" + rgb_shot.string() + "'");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const int beacon_pixels = count_color(rgb_shot, kBeaconR, kBeaconG, kBeaconB);
  CHECK(beacon_pixels > 500);  // the beacon's disc, scaled up in the world view
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  const auto& actions = log.at("actions");
  REQUIRE(actions.size() == 2);
  CHECK(actions[0].at("function") == sc2::pysc2::fn::select_point);
  CHECK(actions[1].at("text").get<std::string>().starts_with("Smart_screen"));
  for (const auto& action : actions) CHECK(action.at("result") == "ok");

  sc2::test::TempDir other;
  const auto drawn_shot = other.path() / "drawn.png";
  const auto toggled = sc2::test::run_script(other, "wait_game\nkey F9\nwait_frames 5\nquit\n",
                                             "--map MoveToBeacon --speed 4 --rgb_screen_size 128,96 --screenshot '" +
                                                 drawn_shot.string() + "'");
  INFO(toggled.output);
  REQUIRE(toggled.exit_code == 0);
  CHECK(count_color(drawn_shot, kBeaconR, kBeaconG, kBeaconB) < 20);
}

TEST_CASE("F9 without RGB images keeps our drawing and the input working") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_script(dir, "wait_game\nkey F9\nclick world self\nwait_loops 24\nquit\n",
                                            "--map MoveToBeacon --speed 4");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  REQUIRE(log.at("actions").size() == 1);
  CHECK(log.at("actions")[0].at("result") == "ok");
}
