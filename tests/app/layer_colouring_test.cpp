// CPU colouring of feature layers (render/layer_colouring.h): every value gets its palette
// colour, clipped layers clamp, other layers show out-of-range values in magenta; and the
// atlas packing keeps cells apart and inside the atlas.
#include <doctest/doctest.h>

#include <vector>

#include "render/layer_colouring.h"

namespace render = sc2::render;

namespace {

sc2::pysc2::Layer make_layer(int width, int height, std::vector<std::int32_t> values) {
  sc2::pysc2::Layer layer;
  layer.name = "test";
  layer.width = width;
  layer.height = height;
  layer.values = std::move(values);
  return layer;
}

render::Rgb unpack(std::uint32_t rgba) {
  return render::Rgb{static_cast<std::uint8_t>(rgba & 0xff), static_cast<std::uint8_t>((rgba >> 8) & 0xff),
                     static_cast<std::uint8_t>((rgba >> 16) & 0xff)};
}

}  // namespace

TEST_CASE("colour_layer gives each value its palette colour, row 0 first, alpha opaque") {
  const render::LayerStyle style = render::style_for_layer("player_relative", false);
  REQUIRE(style.palette != nullptr);
  REQUIRE_FALSE(style.clip);
  // 3 x 2, values 0..4 and one out of range.
  const auto layer = make_layer(3, 2, {0, 1, 2, 3, 4, 0});
  std::vector<std::uint32_t> out(6, 0);
  REQUIRE(render::colour_layer(layer, style, out));
  for (std::size_t i = 0; i < out.size(); ++i) {
    INFO("pixel " << i);
    CHECK(unpack(out[i]) == style.palette->color(layer.values[i]));
    CHECK((out[i] >> 24) == 255u);
  }
  // Distinct categories stay distinct (background vs self vs enemy).
  CHECK(out[0] != out[1]);
  CHECK(out[1] != out[4]);
}

TEST_CASE("colour_layer clamps clipped layers and marks out-of-range values of the others") {
  const render::Palette* hot = render::find_palette("hot_256");
  REQUIRE(hot != nullptr);
  const auto layer = make_layer(4, 1, {-5, 0, 255, 1000});
  std::vector<std::uint32_t> out(4, 0);

  REQUIRE(render::colour_layer(layer, render::LayerStyle{hot, true}, out));
  CHECK(unpack(out[0]) == hot->color(0));    // clamped up
  CHECK(unpack(out[2]) == hot->color(255));
  CHECK(unpack(out[3]) == hot->color(255));  // clamped down

  REQUIRE(render::colour_layer(layer, render::LayerStyle{hot, false}, out));
  CHECK(unpack(out[0]) == render::kOutOfRangeColor);  // negative
  CHECK(unpack(out[1]) == hot->color(0));
  CHECK(unpack(out[2]) == hot->color(255));
  CHECK(unpack(out[3]) == render::kOutOfRangeColor);  // past the palette
}

TEST_CASE("colour_layer agrees with the palette for every value of a real layer size") {
  const render::LayerStyle style = render::style_for_layer("unit_type", false);
  REQUIRE(style.palette != nullptr);
  std::vector<std::int32_t> values(64 * 64);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::int32_t>((i * 37) % 2100);
  const auto layer = make_layer(64, 64, values);
  std::vector<std::uint32_t> out(values.size());
  REQUIRE(render::colour_layer(layer, style, out));
  int mismatches = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const render::Rgb expected = values[i] < style.palette->size() ? style.palette->color(values[i])
                                                                   : render::kOutOfRangeColor;
    if (unpack(out[i]) != expected) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("colour_layer refuses buffers and layers of the wrong size without writing") {
  const render::LayerStyle style = render::style_for_layer("height_map", false);
  std::vector<std::uint32_t> out(4, 7u);
  CHECK_FALSE(render::colour_layer(make_layer(2, 2, {1, 2, 3}), style, out));  // values too short
  CHECK_FALSE(render::colour_layer(make_layer(3, 2, {1, 2, 3, 4, 5, 6}), style, out));  // buffer too small
  CHECK_FALSE(render::colour_layer(make_layer(0, 0, {}), style, out));
  CHECK(out == std::vector<std::uint32_t>(4, 7u));
}

TEST_CASE("pack_atlas places cells in rows without overlap, padded, inside the atlas") {
  std::vector<render::CellSize> sizes(27, render::CellSize{64, 64});
  sizes.insert(sizes.end(), 11, render::CellSize{32, 48});
  const render::AtlasLayout layout = render::pack_atlas(sizes, 7 * 65, 1);
  REQUIRE(layout.cells.size() == sizes.size());
  for (std::size_t i = 0; i < layout.cells.size(); ++i) {
    const render::AtlasCell& a = layout.cells[i];
    INFO("cell " << i);
    CHECK(a.width == sizes[i].width);
    CHECK(a.height == sizes[i].height);
    CHECK(a.x >= 0);
    CHECK(a.y >= 0);
    CHECK(a.x + a.width <= layout.width);
    CHECK(a.y + a.height <= layout.height);
    CHECK(layout.width <= 7 * 65);
    for (std::size_t j = i + 1; j < layout.cells.size(); ++j) {
      const render::AtlasCell& b = layout.cells[j];
      // At least one pixel of padding between any two cells.
      const bool apart = a.x + a.width + 1 <= b.x || b.x + b.width + 1 <= a.x || a.y + a.height + 1 <= b.y ||
                         b.y + b.height + 1 <= a.y;
      CHECK(apart);
    }
  }
  // A cell wider than the limit gets a row of its own instead of being dropped.
  const std::vector<render::CellSize> wide = {{10, 10}, {500, 20}, {10, 10}};
  const render::AtlasLayout narrow = render::pack_atlas(wide, 100, 1);
  REQUIRE(narrow.cells.size() == 3);
  CHECK(narrow.cells[1].x == 0);
  CHECK(narrow.cells[1].y > 0);
  CHECK(narrow.cells[2].y > narrow.cells[1].y);
  CHECK(narrow.width == 500);
}
