#include "render/terrain_image.h"

#include <algorithm>
#include <cmath>

#include "render/layer_colouring.h"
#include "render/palette.h"

namespace sc2::render {

namespace {

bool usable(const pysc2::Layer* layer) {
  return layer && layer->width > 0 && layer->height > 0 &&
         layer->values.size() == static_cast<std::size_t>(layer->width) * static_cast<std::size_t>(layer->height);
}

// The value of `layer` at pixel (x, y) of a width x height image (nearest, as a texture lookup).
std::int32_t sample(const pysc2::Layer& layer, int x, int y, int width, int height) {
  const int lx = layer.width == width ? x : std::min(layer.width - 1, x * layer.width / width);
  const int ly = layer.height == height ? y : std::min(layer.height - 1, y * layer.height / height);
  return layer.at(lx, ly);
}

std::uint8_t to_unorm8(float value) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255.0f));
}

// A palette colour as 0..1 floats.
void to_float(Rgb rgb, float out[3]) {
  out[0] = rgb.r / 255.0f;
  out[1] = rgb.g / 255.0f;
  out[2] = rgb.b / 255.0f;
}

}  // namespace

TerrainImage terrain_image(const TerrainLayers& layers) {
  const pysc2::Layer* height = layers.height;
  const pysc2::Layer* visibility = layers.visibility;
  const pysc2::Layer* creep = layers.creep;
  const pysc2::Layer* power = layers.power;
  const pysc2::Layer* player_relative = layers.player_relative;
  TerrainImage image;
  const pysc2::Layer* shape = nullptr;
  for (const pysc2::Layer* layer : {height, visibility, creep, power, player_relative}) {
    if (!shape && usable(layer)) shape = layer;
  }
  image.width = shape ? shape->width : 1;
  image.height = shape ? shape->height : 1;
  image.rgba.resize(static_cast<std::size_t>(image.width) * image.height);

  const bool has_height = usable(height) && std::any_of(height->values.begin(), height->values.end(),
                                                        [](std::int32_t v) { return v != 0; });
  const bool has_visibility = usable(visibility);
  const bool has_creep = usable(creep);
  const bool has_power = usable(power);
  const bool has_player_relative = usable(player_relative);
  const Palette& palette = palette_for_layer("height_map", false);
  const Palette& relative_palette = palette_for_layer("player_relative", false);
  float creep_color[3], power_color[3];
  to_float(palette_for_layer("creep", false).color(1), creep_color);
  to_float(palette_for_layer("power", false).color(1), power_color);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const int h = has_height ? std::clamp(sample(*height, x, y, image.width, image.height), 0, palette.size() - 1)
                               : std::min(100, palette.size() - 1);
      const Rgb base = palette.color(h);
      float color[3] = {base.r / 255.0f * 0.6f, base.g / 255.0f * 0.6f, base.b / 255.0f * 0.6f};
      if (has_creep && sample(*creep, x, y, image.width, image.height) > 0) {
        for (int c = 0; c < 3; ++c) color[c] = color[c] * 0.4f + creep_color[c] * 0.6f;
      }
      if (has_power && sample(*power, x, y, image.width, image.height) > 0) {
        for (int c = 0; c < 3; ++c) color[c] = color[c] * 0.7f + power_color[c] * 0.3f;
      }
      if (has_player_relative) {
        const int relative = sample(*player_relative, x, y, image.width, image.height);
        if (relative > 0) to_float(relative_palette.color(std::min(relative, relative_palette.size() - 1)), color);
      }
      if (has_visibility) {
        const int v = sample(*visibility, x, y, image.width, image.height);
        const float factor = v >= 2 ? 1.0f : (v == 1 ? 0.75f : 0.5f);
        for (float& channel : color) channel *= factor;
      }
      image.rgba[static_cast<std::size_t>(y) * image.width + x] =
          pack_rgba(Rgb{to_unorm8(color[0]), to_unorm8(color[1]), to_unorm8(color[2])});
    }
  }
  return image;
}

}  // namespace sc2::render
