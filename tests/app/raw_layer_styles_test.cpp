// Styles of PySC2 viewer's raw layers (render/palette.h LayerSet::raw, pysc2-human-renderer.md
// §2): terrain_height height_map(256), pathing_grid and placement_grid winter(2), visibility,
// creep; the screen and minimap rules are untouched by the third set; and a decoded raw
// layer coloured with them gives the palette's colours.
#include <doctest/doctest.h>

#include <vector>

#include "client/pysc2/raw_grids.h"
#include "client/pysc2/raw_layers.h"
#include "render/layer_colouring.h"
#include "render/palette.h"
#include "tests/client/image_data_for_test.h"

namespace render = sc2::render;
using render::LayerSet;
using render::Rgb;

TEST_CASE("raw layers get the viewer's palettes, unclipped") {
  CHECK(render::style_for_layer("terrain_height", LayerSet::raw).palette->name == "height_map_256");
  CHECK(render::style_for_layer("pathing_grid", LayerSet::raw).palette->name == "winter_2");
  CHECK(render::style_for_layer("placement_grid", LayerSet::raw).palette->name == "winter_2");
  CHECK(render::style_for_layer("visibility", LayerSet::raw).palette->name == "visibility");
  CHECK(render::style_for_layer("creep", LayerSet::raw).palette->name == "creep");
  for (const auto name : sc2::pysc2::kRawLayerNames) {
    CAPTURE(name);
    CHECK_FALSE(render::style_for_layer(name, LayerSet::raw).clip);
  }
  // Colours PySC2's tables give (pysc2-features.md §4).
  CHECK(render::style_for_layer("pathing_grid", LayerSet::raw).palette->color(1) == Rgb{128, 191, 102});
  CHECK(render::style_for_layer("pathing_grid", LayerSet::raw).palette->color(0) == Rgb{0, 0, 0});
  CHECK(render::style_for_layer("visibility", LayerSet::raw).palette->color(2) == Rgb{153, 153, 153});
  CHECK(render::style_for_layer("creep", LayerSet::raw).palette->color(1) == Rgb{102, 0, 102});
  // Unknown raw names still get something sensible.
  CHECK(render::style_for_layer("no_such_grid", LayerSet::raw).palette->name == "hot_256");
}

TEST_CASE("the raw set does not change how screen and minimap layers are styled") {
  // The same names mean screen/minimap layers in the other sets ("creep" exists in all three).
  CHECK(render::style_for_layer("creep", LayerSet::screen).palette == render::style_for_layer("creep", false).palette);
  CHECK(render::style_for_layer("selected", LayerSet::screen).palette->name == "selected");
  CHECK(render::style_for_layer("selected", LayerSet::minimap).palette->name == "winter_2");
  CHECK(render::style_for_layer("unit_hit_points", LayerSet::screen).clip);
  // Raw names are not screen layers: there they fall back to hot_256.
  CHECK(render::style_for_layer("pathing_grid", false).palette->name == "hot_256");
  CHECK(render::style_for_layer("terrain_height", true).palette->name == "hot_256");
  CHECK(render::style_for_layer("visibility_map", LayerSet::minimap).palette->name == "visibility");
}

TEST_CASE("a decoded 1 bpp pathing grid colours to black and winter green, row 0 first") {
  // 4 x 2, bits 1010 0101.
  const sc2::pysc2::Layer layer =
      sc2::pysc2::decode_raw_grid(sc2::test::image_data(1, 4, 2, std::string(1, '\xA5')), "pathing_grid");
  REQUIRE(layer.values.size() == 8);
  std::vector<std::uint32_t> out(8, 0);
  REQUIRE(render::colour_layer(layer, render::style_for_layer(layer.name, LayerSet::raw), out));
  const std::uint32_t green = render::pack_rgba(Rgb{128, 191, 102}), black = render::pack_rgba(Rgb{0, 0, 0});
  CHECK(out == std::vector<std::uint32_t>{green, black, green, black, black, green, black, green});
}
