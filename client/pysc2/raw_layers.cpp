#include "client/pysc2/raw_layers.h"

#include <cstdint>
#include <cstdio>
#include <exception>

#include "client/pysc2/features.h"

namespace sc2::pysc2 {

namespace {

// Kind and palette length of each raw layer (the palettes PySC2's viewer colours them with:
// height_map 256, winter 2, winter 2, visibility, creep 2; visibility keeps the feature
// layer's 4 values so "full hidden" is still a value of the layer).
struct RawKind {
  LayerKind kind;
  int scale;
};

RawKind kind_of(std::string_view name) {
  if (name == "terrain_height") return {LayerKind::scalar, 256};
  if (name == "visibility") return {LayerKind::categorical, 4};
  return {LayerKind::categorical, 2};
}

Layer empty_layer(std::string_view name) {
  Layer layer;
  layer.name = std::string(name);
  const RawKind kind = kind_of(name);
  layer.kind = kind.kind;
  layer.scale = kind.scale;
  return layer;
}

}  // namespace

Layer decode_raw_grid(const SC2APIProtocol::ImageData& image, std::string_view name) {
  const int bpp = image.bits_per_pixel();
  const int width = image.size().x(), height = image.size().y();
  if (width <= 0 || height <= 0 || (bpp != 1 && bpp != 8 && bpp != 16 && bpp != 32)) return empty_layer(name);
  // More pixels than the data has bits: refused here, before any size arithmetic can overflow.
  const auto pixels = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  if (pixels > static_cast<std::uint64_t>(image.data().size()) * 8 / static_cast<std::uint64_t>(bpp)) {
    return empty_layer(name);
  }
  // The feature-layer decoder checks the data length against size and depth before it
  // allocates; it throws on a mismatch, which here means "no layer".
  LayerSpec spec;
  spec.name = name;
  spec.bpp = bpp;
  const RawKind kind = kind_of(name);
  spec.kind = kind.kind;
  spec.scale = kind.scale;
  try {
    return decode_image(image, spec, width, height);
  } catch (const std::exception&) {
    return empty_layer(name);
  }
}

std::vector<Layer> start_raw_layers(const SC2APIProtocol::ResponseGameInfo& game_info) {
  const SC2APIProtocol::StartRaw& start = game_info.start_raw();  // defaults when absent: empty grids
  std::vector<Layer> layers;
  layers.reserve(3);
  layers.push_back(decode_raw_grid(start.terrain_height(), kRawLayerNames[0]));
  layers.push_back(decode_raw_grid(start.pathing_grid(), kRawLayerNames[1]));
  layers.push_back(decode_raw_grid(start.placement_grid(), kRawLayerNames[2]));
  return layers;
}

std::vector<Layer> map_state_layers(const SC2APIProtocol::ResponseObservation& response) {
  const SC2APIProtocol::MapState& state = response.observation().raw_data().map_state();
  std::vector<Layer> layers;
  layers.reserve(2);
  layers.push_back(decode_raw_grid(state.visibility(), kRawLayerNames[3]));
  layers.push_back(decode_raw_grid(state.creep(), kRawLayerNames[4]));
  return layers;
}

std::vector<Layer> raw_layers(const SC2APIProtocol::ResponseGameInfo* game_info,
                              const SC2APIProtocol::ResponseObservation& response) {
  std::vector<Layer> layers;
  if (game_info) {
    layers = start_raw_layers(*game_info);
  } else {
    for (std::size_t i = 0; i < 3; ++i) layers.push_back(empty_layer(kRawLayerNames[i]));
  }
  for (Layer& layer : map_state_layers(response)) layers.push_back(std::move(layer));
  return layers;
}

std::string raw_layer_value_meaning(std::string_view name, int value) {
  if (name == "terrain_height") {
    // sc2api-protocol.md StartRaw: world height = -16 + 32 * v / 255.
    char text[64];
    std::snprintf(text, sizeof text, "height %d of 255 (z %.2f)", value, -16.0 + 32.0 * value / 255.0);
    return text;
  }
  if (name == "pathing_grid") return value == 1 ? "pathable" : value == 0 ? "not pathable" : "out of range";
  if (name == "placement_grid") return value == 1 ? "placeable" : value == 0 ? "not placeable" : "out of range";
  if (name == "visibility") {
    static constexpr const char* kNames[] = {"hidden", "seen (fogged)", "visible", "full hidden"};
    return value >= 0 && value < 4 ? kNames[value] : "out of range";
  }
  if (name == "creep") return value == 1 ? "creep" : value == 0 ? "no creep" : "out of range";
  return "value " + std::to_string(value);
}

}  // namespace sc2::pysc2
