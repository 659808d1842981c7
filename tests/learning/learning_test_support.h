#pragma once
// Fabricated observations for the learning tests: every PySC2 layer at the given sizes,
// all zeros, so a test sets only the pixels it checks.
#include <vector>

#include "client/pysc2/features.h"
#include "client/pysc2/observation.h"

namespace sc2::test {

inline std::vector<pysc2::Layer> zero_layers(const std::vector<pysc2::LayerSpec>& specs, int size) {
  std::vector<pysc2::Layer> layers;
  for (const auto& spec : specs) {
    pysc2::Layer layer;
    layer.name = std::string(spec.name);
    layer.kind = spec.kind;
    layer.scale = spec.scale;
    layer.width = size;
    layer.height = size;
    layer.values.assign(static_cast<std::size_t>(size) * size, 0);
    layer.sent = true;
    layers.push_back(std::move(layer));
  }
  return layers;
}

inline pysc2::Observation zero_observation(int screen_size, int minimap_size, std::vector<int> available = {0}) {
  pysc2::Observation observation;
  observation.feature_screen = zero_layers(pysc2::screen_layers(), screen_size);
  observation.feature_minimap = zero_layers(pysc2::minimap_layers(), minimap_size);
  observation.available_actions = std::move(available);
  return observation;
}

inline pysc2::Layer& screen_layer(pysc2::Observation& observation, std::string_view name) {
  for (auto& layer : observation.feature_screen)
    if (layer.name == name) return layer;
  throw std::invalid_argument("no screen layer " + std::string(name));
}

inline void set_pixel(pysc2::Layer& layer, int x, int y, int value) {
  layer.values[static_cast<std::size_t>(y) * layer.width + x] = value;
}

}  // namespace sc2::test
