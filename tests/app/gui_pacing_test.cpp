// sc2studio's pacing flags end to end (offscreen, against sc2lite): --max_game_steps makes the
// app quit by itself, and with --render_sync the game only advances as frames are drawn.
#include <doctest/doctest.h>

#include "tests/app/gui_test_support.h"

using sc2::test::have_programs;
using sc2::test::studio;

TEST_CASE("--max_game_steps quits sc2studio by itself, also with synchronous rendering, writing the action log") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto log_file = sc2::test::action_log_file(dir);
  // As fast as possible, but every observation drawn first: 50 steps of 8 loops.
  const auto result = sc2::test::run_command(
      studio(dir, "--speed 0 --render_sync --step_mul 8 --max_game_steps 400 --action_log '" + log_file.string() + "'"));
  INFO(result.output);
  CHECK(result.exit_code == 0);  // not the test timeout's 124: the UI let every step through
  CHECK(result.output.find("played 400 game loops (--max_game_steps 400)") != std::string::npos);
  const nlohmann::json log = sc2::test::read_json(log_file);
  CHECK(log.contains("actions"));
}

TEST_CASE("--disable_fog shows the whole map as visible in the minimap visibility_map inspector") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  // The inspector of minimap/visibility_map: with fog most of the map is hidden (black),
  // without fog all of it is visible (153, 153, 153 in PySC2's visibility palette).
  auto visible_pixels = [&](const std::string& flags) {
    const auto shot = dir.path() / "shot.png";
    const auto result = sc2::test::run_script(dir, "wait_game\nclick_layer minimap/visibility_map\nwait_frames 5\nquit\n",
                                              flags + " --screenshot '" + shot.string() + "'");
    INFO(result.output);
    REQUIRE(result.exit_code == 0);
    return sc2::test::count_color(shot, 153, 153, 153);
  };
  // FindAndDefeatZerglings is the mini-game with fog of war.
  const int without_fog = visible_pixels("--map FindAndDefeatZerglings --speed 0 --disable_fog");
  const int with_fog = visible_pixels("--map FindAndDefeatZerglings --speed 0");
  INFO(without_fog << " visible pixels without fog, " << with_fog << " with");
  CHECK(without_fog > with_fog + 10000);
}
