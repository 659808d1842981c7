#include "client/pysc2/raw_grids.h"

#include <cstdint>
#include <exception>

#include "client/pysc2/features.h"
#include "client/pysc2/raw_layers.h"

namespace sc2::pysc2 {

Layer decode_raw_grid(const SC2APIProtocol::ImageData& image, std::string_view name) {
  const int bpp = image.bits_per_pixel();
  const int width = image.size().x(), height = image.size().y();
  if (width <= 0 || height <= 0 || (bpp != 1 && bpp != 8 && bpp != 16 && bpp != 32)) return empty_raw_layer(name);
  // More pixels than the data has bits: refused here, before any size arithmetic can overflow.
  const auto pixels = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  if (pixels > static_cast<std::uint64_t>(image.data().size()) * 8 / static_cast<std::uint64_t>(bpp)) {
    return empty_raw_layer(name);
  }
  // The feature-layer decoder checks the data length against size and depth before it
  // allocates; it throws on a mismatch, which here means "no layer".
  const Layer empty = empty_raw_layer(name);
  LayerSpec spec;
  spec.name = name;
  spec.bpp = bpp;
  spec.kind = empty.kind;
  spec.scale = empty.scale;
  try {
    return decode_image(image, spec, width, height);
  } catch (const std::exception&) {
    return empty;
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

}  // namespace sc2::pysc2
