#include "learning/input_spec.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "client/pysc2/features.h"

namespace sc2::learning {

namespace {

SpatialInputSpec surface(const std::vector<pysc2::LayerSpec>& specs, int size, const char* what) {
  if (size < 1 || size > 256) {
    throw std::invalid_argument(std::string(what) + " size must be 1..256, got " + std::to_string(size));
  }
  SpatialInputSpec spec;
  spec.size = size;
  for (const auto& layer : specs) {
    SpatialInputSpec::LayerInput input;
    input.name = std::string(layer.name);
    input.categorical = layer.kind == pysc2::LayerKind::categorical;
    input.scale = input.categorical ? std::max(1, layer.scale) : 1;
    input.first_row = spec.table_rows;
    spec.table_rows += input.scale;
    spec.layers.push_back(std::move(input));
  }
  return spec;
}

}  // namespace

InputSpec make_input_spec(int screen_size, int minimap_size) {
  return InputSpec{surface(pysc2::screen_layers(), screen_size, "screen"),
                   surface(pysc2::minimap_layers(), minimap_size, "minimap")};
}

float log_scale(double value) { return static_cast<float>(std::log1p(std::max(0.0, value))); }

}  // namespace sc2::learning
