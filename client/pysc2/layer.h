#pragma once
// A decoded grid (a feature layer or a raw map grid) and a rendered RGB image: plain values,
// no protobuf, so that views can read them without the client.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sc2::pysc2 {

enum class LayerKind { categorical, scalar };

// One decoded feature layer: values[y * width + x], row 0 at the top.
struct Layer {
  std::string name;   // PySC2's name, e.g. "player_relative"
  LayerKind kind = LayerKind::categorical;
  int scale = 0;      // number of distinct values PySC2 assumes (palette length)
  int width = 0;
  int height = 0;
  std::vector<std::int32_t> values;  // all zeros when the game did not send the layer
  // False when the game sent the layer with size (0,0) (it has no such data): the values
  // are then zeros, as in PySC2's observation; views may show "not sent" instead.
  bool sent = false;

  std::int32_t at(int x, int y) const { return values[static_cast<std::size_t>(y) * width + x]; }
  bool empty() const { return values.empty(); }
};

// A layer without values that has a name, kind and palette length (a grid not sent).
inline Layer empty_layer(std::string name, LayerKind kind, int scale) {
  Layer layer;
  layer.name = std::move(name);
  layer.kind = kind;
  layer.scale = scale;
  return layer;
}

// One rendered RGB image (rgb_screen / rgb_minimap): rgb[(y * width + x) * 3 + channel],
// row 0 at the top, channels R, G, B (PySC2 stores them as int32; 0..255 here).
struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // empty when the game sent no render data

  std::uint8_t at(int x, int y, int channel) const {
    return rgb[(static_cast<std::size_t>(y) * width + x) * 3 + static_cast<std::size_t>(channel)];
  }
  bool empty() const { return rgb.empty(); }
};

}  // namespace sc2::pysc2
