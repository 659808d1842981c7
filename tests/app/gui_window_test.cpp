// The window itself, with the real sc2studio offscreen against sc2lite: the panels fill a
// window larger than the default (first layout and a remembered one), and a tooltip of a
// hovered unit goes when the pointer leaves the window.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "tests/app/gui_test_support.h"

namespace {

using sc2::test::count_color;
using sc2::test::have_programs;
using sc2::test::studio;

struct IniWindow {
  int x = 0, y = 0, width = 0, height = 0;
};

// The [Window][NAME] places in sc2studio's imgui.ini, and its remembered window size.
struct Ini {
  std::map<std::string, IniWindow> windows;
  int layout_width = 0, layout_height = 0;
};

Ini read_ini(const std::filesystem::path& file) {
  Ini ini;
  std::ifstream in(file);
  std::string line, section;
  while (std::getline(in, line)) {
    if (line.starts_with("[")) {
      section = line;
      continue;
    }
    const std::string window_prefix = "[Window][";
    if (section.starts_with(window_prefix)) {
      const std::string name = section.substr(window_prefix.size(), section.size() - window_prefix.size() - 1);
      IniWindow& window = ini.windows[name];
      std::sscanf(line.c_str(), "Pos=%d,%d", &window.x, &window.y);
      std::sscanf(line.c_str(), "Size=%d,%d", &window.width, &window.height);
    } else if (section == "[SC2Studio][Layout]") {
      std::sscanf(line.c_str(), "WindowSize=%d,%d", &ini.layout_width, &ini.layout_height);
    }
  }
  return ini;
}

std::filesystem::path ini_file(const sc2::test::TempDir& dir) { return dir.path() / "config" / "sc2studio" / "imgui.ini"; }

// The right edge of the panels furthest right (the menu and top bars span the window anyway).
int panels_right_edge(const Ini& ini) {
  int right = 0;
  for (const auto& [name, window] : ini.windows) {
    if (window.width > 0 && window.height > 0) right = std::max(right, window.x + window.width);
  }
  return right;
}

sc2::test::CommandResult run_frames(const sc2::test::TempDir& dir, int width, int height, const std::string& extra = "") {
  return sc2::test::run_command(studio(dir, "--map MoveToBeacon --frames 20 --window_width " + std::to_string(width) +
                                                " --window_height " + std::to_string(height) + " " + extra));
}

}  // namespace

TEST_CASE("the first layout fills a window larger than the default, and imgui.ini remembers its size") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = run_frames(dir, 1600, 1000);
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const Ini ini = read_ini(ini_file(dir));
  CHECK(ini.layout_width == 1600);
  CHECK(ini.layout_height == 1000);
  REQUIRE(ini.windows.count("World view") == 1);
  CHECK(panels_right_edge(ini) > 1500);  // not the 1280-wide default's places
}

TEST_CASE("a remembered layout scales with the window: made at 1280x800, opened at 1600x1000") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  auto result = run_frames(dir, 1280, 800);
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const Ini small = read_ini(ini_file(dir));
  REQUIRE(small.windows.count("World view") == 1);
  const IniWindow world_before = small.windows.at("World view");
  CHECK(panels_right_edge(small) <= 1280);

  const auto shot = dir.path() / "large.png";
  result = run_frames(dir, 1600, 1000, "--screenshot '" + shot.string() + "'");
  REQUIRE(result.exit_code == 0);
  const Ini large = read_ini(ini_file(dir));
  CHECK(large.layout_width == 1600);
  const IniWindow world_after = large.windows.at("World view");
  CHECK(world_after.width == doctest::Approx(world_before.width * 1.25).epsilon(0.02));
  CHECK(world_after.height == doctest::Approx(world_before.height * 1.25).epsilon(0.02));
  CHECK(world_after.x == doctest::Approx(world_before.x * 1.25).epsilon(0.02));
  CHECK(panels_right_edge(large) > 1500);
}

TEST_CASE("a unit's tooltip on the World view goes when the pointer leaves the window") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto hovering = dir.path() / "hovering.png";
  const auto left = dir.path() / "left.png";
  auto result = sc2::test::run_script(dir, "wait_game\nwait_frames 5\nhover world self\nwait_frames 5\nquit\n",
                                      "--map MoveToBeacon --screenshot '" + hovering.string() + "'");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  result = sc2::test::run_script(dir, "wait_game\nwait_frames 5\nhover world self\nwait_frames 5\nleave_window\n"
                                      "wait_frames 5\nquit\n",
                                 "--map MoveToBeacon --screenshot '" + left.string() + "'");
  REQUIRE(result.exit_code == 0);
  // The tooltip's background (ImGui's PopupBg, 94% opaque) over the World view's ground.
  const int tooltip_hovering = count_color(hovering, 26, 24, 22, 4);
  const int tooltip_left = count_color(left, 26, 24, 22, 4);
  MESSAGE("tooltip background pixels: hovering " << tooltip_hovering << ", after leaving " << tooltip_left);
  CHECK(tooltip_hovering > 4000);
  CHECK(tooltip_left * 10 < tooltip_hovering);
}
