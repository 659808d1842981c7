// The world view's terrain image (render/terrain_image.h): PySC2's human-renderer background
// from the screen height_map, creep and visibility_map, one pixel per layer pixel.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>

#include "render/layer_colouring.h"
#include "render/palette.h"
#include "render/terrain_image.h"

namespace render = sc2::render;

namespace {

sc2::pysc2::Layer layer(int width, int height, std::vector<std::int32_t> values) {
  sc2::pysc2::Layer result;
  result.width = width;
  result.height = height;
  result.values = std::move(values);
  return result;
}

render::Rgb unpack(std::uint32_t rgba) {
  return render::Rgb{static_cast<std::uint8_t>(rgba & 0xff), static_cast<std::uint8_t>((rgba >> 8) & 0xff),
                     static_cast<std::uint8_t>((rgba >> 16) & 0xff)};
}

bool near(render::Rgb a, render::Rgb b) {
  return std::abs(a.r - b.r) <= 1 && std::abs(a.g - b.g) <= 1 && std::abs(a.b - b.b) <= 1;
}

}  // namespace

TEST_CASE("terrain: height colour x 0.6, darkened by visibility, creep blended 40/60") {
  const render::Palette& heights = render::palette_for_layer("height_map", false);
  const render::Rgb creep = render::palette_for_layer("creep", false).color(1);
  // 2 x 2: visible, seen, hidden, visible + creep.
  const auto height = layer(2, 2, {200, 200, 200, 50});
  const auto visibility = layer(2, 2, {2, 1, 0, 2});
  const auto creep_layer = layer(2, 2, {0, 0, 0, 1});
  const render::TerrainImage image = render::terrain_image({&height, &visibility, &creep_layer});
  REQUIRE(image.width == 2);
  REQUIRE(image.height == 2);
  REQUIRE(image.rgba.size() == 4);
  const render::Rgb base = heights.color(200);
  CHECK(near(unpack(image.rgba[0]), render::scaled(base, 0.6f)));
  CHECK(near(unpack(image.rgba[1]), render::scaled(base, 0.6f * 0.75f)));
  CHECK(near(unpack(image.rgba[2]), render::scaled(base, 0.6f * 0.5f)));
  const render::Rgb low = heights.color(50);
  const render::Rgb blended{static_cast<std::uint8_t>(std::lround(low.r * 0.6 * 0.4 + creep.r * 0.6)),
                            static_cast<std::uint8_t>(std::lround(low.g * 0.6 * 0.4 + creep.g * 0.6)),
                            static_cast<std::uint8_t>(std::lround(low.b * 0.6 * 0.4 + creep.b * 0.6))};
  CHECK(near(unpack(image.rgba[3]), blended));
  for (std::uint32_t pixel : image.rgba) CHECK((pixel >> 24) == 255u);  // opaque
}

TEST_CASE("terrain: no heights (or all zero) count as height 100, missing layers change nothing") {
  const render::Palette& heights = render::palette_for_layer("height_map", false);
  const auto zeros = layer(3, 1, {0, 0, 0});
  const render::TerrainImage flat = render::terrain_image({&zeros});
  REQUIRE(flat.rgba.size() == 3);
  for (std::uint32_t pixel : flat.rgba) CHECK(near(unpack(pixel), render::scaled(heights.color(100), 0.6f)));
  const render::TerrainImage none = render::terrain_image({});
  CHECK(none.width == 1);
  CHECK(none.height == 1);
  REQUIRE(none.rgba.size() == 1);
  CHECK(near(unpack(none.rgba[0]), render::scaled(heights.color(100), 0.6f)));
  // Out-of-range heights clamp into the palette instead of reading past it.
  const auto wild = layer(2, 1, {-7, 100000});
  const render::TerrainImage clamped = render::terrain_image({&wild});
  CHECK(near(unpack(clamped.rgba[0]), render::scaled(heights.color(0), 0.6f)));
  CHECK(near(unpack(clamped.rgba[1]), render::scaled(heights.color(heights.size() - 1), 0.6f)));
}

TEST_CASE("terrain: a visibility layer of another size is sampled proportionally") {
  const auto height = layer(4, 2, {10, 10, 10, 10, 10, 10, 10, 10});
  const auto visibility = layer(2, 1, {2, 0});  // left half visible, right half hidden
  const render::TerrainImage image = render::terrain_image({&height, &visibility});
  REQUIRE(image.rgba.size() == 8);
  CHECK(image.rgba[0] == image.rgba[1]);
  CHECK(image.rgba[2] == image.rgba[3]);
  CHECK(image.rgba[0] != image.rgba[2]);
  CHECK(image.rgba[4] == image.rgba[0]);  // second row as the first
}

TEST_CASE("terrain: power blends 70/30, the player_relative overlay replaces the colour before visibility") {
  const render::Palette& heights = render::palette_for_layer("height_map", false);
  const render::Palette& relative = render::palette_for_layer("player_relative", false);
  const render::Rgb power_rgb = render::palette_for_layer("power", false).color(1);
  // 3 x 1: powered, own unit (player_relative 1), enemy unit in a seen (not visible) pixel.
  const auto height = layer(3, 1, {80, 80, 80});
  const auto power = layer(3, 1, {1, 0, 0});
  const auto player_relative = layer(3, 1, {0, 1, 4});
  const auto visibility = layer(3, 1, {2, 2, 1});
  const render::TerrainImage plain = render::terrain_image({&height, &visibility, nullptr, &power});
  const render::Rgb base = render::scaled(heights.color(80), 0.6f);
  const render::Rgb powered{static_cast<std::uint8_t>(std::lround(base.r * 0.7 + power_rgb.r * 0.3)),
                            static_cast<std::uint8_t>(std::lround(base.g * 0.7 + power_rgb.g * 0.3)),
                            static_cast<std::uint8_t>(std::lround(base.b * 0.7 + power_rgb.b * 0.3))};
  CHECK(near(unpack(plain.rgba[0]), powered));
  CHECK(near(unpack(plain.rgba[1]), base));  // no overlay asked for: units leave no colour
  const render::TerrainImage overlaid =
      render::terrain_image({&height, &visibility, nullptr, &power, &player_relative});
  CHECK(near(unpack(overlaid.rgba[0]), powered));  // player_relative 0 keeps the terrain
  CHECK(near(unpack(overlaid.rgba[1]), relative.color(1)));
  CHECK(near(unpack(overlaid.rgba[2]), render::scaled(relative.color(4), 0.75f)));
}
