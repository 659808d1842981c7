// Scripts may name the viewer's raw layers (raw/<name>) as click targets and layer titles, with
// pixel targets only: raw grids have no player_relative layer to find "self" in.
#include <doctest/doctest.h>

#include "app/program/script.h"

using sc2::app::ScriptOp;

TEST_CASE("scripts click raw layer images and titles by raw/<name>") {
  const auto script = sc2::app::parse_script(
      "click raw/pathing_grid 3 4\nright_click raw/creep 1 2 shift\ndrag raw/terrain_height 1 2 3 4\n"
      "click_layer raw/visibility\n",
      "s.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 4);
  CHECK(script.commands[0].layer == "raw/pathing_grid");
  CHECK_FALSE(script.commands[0].minimap);
  CHECK(script.commands[0].from == sc2::app::LayerPixel{3, 4});
  CHECK(script.commands[1].op == ScriptOp::right_click);
  CHECK(script.commands[1].modifiers.shift);
  CHECK(script.commands[2].to == sc2::app::LayerPixel{3, 4});
  CHECK(script.commands[3].op == ScriptOp::click_layer);
  CHECK(script.commands[3].layer == "raw/visibility");
}

TEST_CASE("raw layer targets must be pixels and must name a layer") {
  const auto relative = sc2::app::parse_script("click raw/pathing_grid self\n", "b.txt");
  CHECK(relative.commands.empty());
  CHECK(relative.error.find("needs a pixel") != std::string::npos);
  const auto unnamed = sc2::app::parse_script("click_layer raw/\n", "b.txt");
  CHECK(unnamed.commands.empty());
  CHECK(unnamed.error.find("b.txt:1") != std::string::npos);
}
