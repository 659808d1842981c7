// The viewer's raw layers in the real sc2studio (offscreen, against sc2lite): with "all layers"
// on (the default) the Feature layers grid starts with raw terrain_height, pathing_grid,
// placement_grid, visibility and creep in their palettes; clicking their images sends no
// FunctionCall (they are map grids, not a screen or minimap surface); clicking a raw title
// opens its inspector.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/app/gui_test_support.h"

using sc2::test::count_color;
using sc2::test::have_programs;

namespace {
// winter(2) entry 1 (pysc2-features.md §4): pathable / placeable cells.
constexpr int kWinterR = 128, kWinterG = 191, kWinterB = 102;
}  // namespace

TEST_CASE("the raw layers lead the grid in their palettes, their images send nothing, a raw title opens an inspector") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "raw.png";
  // F12 first: the grid alone; then the inspector of raw/pathing_grid (the --screenshot at exit).
  const auto result = sc2::test::run_script(dir,
                                            "wait_game\n"
                                            "wait_frames 5\n"
                                            "click raw/pathing_grid 32 32\n"
                                            "right_click raw/placement_grid 32 32\n"
                                            "drag raw/terrain_height 5 5 50 50\n"
                                            "click raw/visibility 1 1 shift\n"
                                            "wait_frames 3\n"
                                            "key F12\n"
                                            "wait_frames 2\n"
                                            "click_layer raw/pathing_grid\n"
                                            "wait_frames 5\n"
                                            "quit\n",
                                            "--map MoveToBeacon --screenshot '" + shot.string() + "'");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);  // every raw target was found in the grid
  CHECK(sc2::test::read_json(sc2::test::action_log_file(dir)).at("actions").empty());

  // The grid: MoveToBeacon's playable rectangle is pathable and placeable, in winter green, in the
  // raw pathing_grid and placement_grid cells (the minimap's pathable layers are scrolled out
  // of view below them). Without raw layers there is no such colour on screen.
  const auto folder = dir.path() / "data" / "sc2studio" / "screenshots";
  REQUIRE(std::filesystem::is_directory(folder));
  int grid_green = -1;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    grid_green = count_color(entry.path(), kWinterR, kWinterG, kWinterB, 0);
  }
  CHECK(grid_green > 4000);
  CHECK(grid_green < 10000);
  // The inspector shows raw/pathing_grid fitted to its view (about 340 px for 64 cells): its
  // pathable 22x16 rectangle (~117 x 85 px) alone has more green pixels than both grid cells
  // had (it covers them).
  const int with_inspector = count_color(shot, kWinterR, kWinterG, kWinterB, 0);
  CHECK(with_inspector > 8000);
  CHECK(with_inspector > grid_green);
  CHECK(count_color(shot, 8, 8, 10, 0) > 20000);  // the inspector's view background
}

TEST_CASE("a script naming a raw layer that does not exist fails with its line") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_script(dir, "wait_game\nclick_layer raw/no_such_grid\nquit\n", "--map MoveToBeacon");
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("script line 2") != std::string::npos);
  CHECK(result.output.find("raw/no_such_grid") != std::string::npos);
}
