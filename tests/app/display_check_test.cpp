// No display, no word (issue 21): sc2studio stops with a clear message when SDL finds no
// display and nobody asked for headless use, and runs when they did.
#include <doctest/doctest.h>

#include "app/program/display_check.h"
#include "tests/app/gui_test_support.h"

using sc2::app::display_problem;
using sc2::app::StudioOptions;

TEST_CASE("display check: a real display, or headless use asked for, goes on") {
  const StudioOptions plain;
  CHECK_FALSE(display_problem("x11", nullptr, plain));
  CHECK_FALSE(display_problem("wayland", nullptr, plain));
  CHECK_FALSE(display_problem("offscreen", "offscreen", plain));  // SDL_VIDEODRIVER=offscreen
  CHECK_FALSE(display_problem("dummy", "dummy", plain));
  StudioOptions frames;
  frames.frames = 10;
  CHECK_FALSE(display_problem("offscreen", nullptr, frames));
  StudioOptions screenshot;
  screenshot.screenshot = "shot.png";
  CHECK_FALSE(display_problem("offscreen", nullptr, screenshot));
  StudioOptions video;
  video.video = "frames";
  CHECK_FALSE(display_problem("offscreen", nullptr, video));
}

TEST_CASE("display check: a driver that shows nothing, not asked for, stops with what to do") {
  const StudioOptions plain;
  const auto problem = display_problem("offscreen", nullptr, plain);
  REQUIRE(problem);
  CHECK(problem->find("no display") != std::string::npos);
  CHECK(problem->find("DISPLAY") != std::string::npos);         // what to set
  CHECK(problem->find("xvfb-run") != std::string::npos);        // a virtual display
  CHECK(problem->find("SDL_VIDEODRIVER=offscreen") != std::string::npos);  // how to run headless
  CHECK(display_problem("dummy", nullptr, plain));
  // Asking for another driver than the one SDL fell back to is not asking for headless use.
  CHECK(display_problem("offscreen", "x11", plain));
}

TEST_CASE("display check: sc2studio without a display exits 1 with the message, before starting a game") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_command(
      "cd '" + dir.path().string() + "' && env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER XDG_CONFIG_HOME='" +
      dir.path().string() + "/config' timeout 60 '" + (sc2::test::kBinDir / "sc2studio").string() +
      "' --map MoveToBeacon");
  CHECK(result.exit_code == 1);  // timeout's 124 would mean it ran invisibly
  CHECK(result.output.find("no display to open a window on") != std::string::npos);
  CHECK(result.output.find("sc2lite listening") == std::string::npos);  // no game was started
}

TEST_CASE("display check: sc2studio without a display runs headless when asked to") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "shot.png";
  // No DISPLAY and no SDL_VIDEODRIVER, but --frames and --screenshot: the offscreen fallback is wanted.
  const auto result = sc2::test::run_command(
      "cd '" + dir.path().string() + "' && env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER XDG_CONFIG_HOME='" +
      dir.path().string() + "/config' XDG_DATA_HOME='" + dir.path().string() + "/data' timeout 90 '" +
      (sc2::test::kBinDir / "sc2studio").string() + "' --map MoveToBeacon --frames 5 --screenshot '" + shot.string() +
      "'");
  CHECK(result.exit_code == 0);
  CHECK(std::filesystem::exists(shot));
}
