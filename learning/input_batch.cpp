#include "learning/input_batch.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace sc2::learning {

namespace {

std::size_t spatial_values(const SpatialInputSpec& spec, int capacity) {
  return static_cast<std::size_t>(capacity) * spec.pixels() * spec.layer_count();
}

void write_surface(const std::vector<pysc2::Layer>& layers, const SpatialInputSpec& spec, const char* what,
                   std::int64_t* rows, float* weights) {
  if (static_cast<int>(layers.size()) != spec.layer_count()) {
    throw std::invalid_argument(std::string("the observation has ") + std::to_string(layers.size()) + " " + what +
                                " layers, the network reads " + std::to_string(spec.layer_count()));
  }
  const int count = spec.layer_count();
  for (int l = 0; l < count; ++l) {
    const pysc2::Layer& layer = layers[static_cast<std::size_t>(l)];
    const SpatialInputSpec::LayerInput& input = spec.layers[static_cast<std::size_t>(l)];
    if (layer.width != spec.size || layer.height != spec.size ||
        static_cast<int>(layer.values.size()) != spec.pixels()) {
      throw std::invalid_argument(std::string(what) + " layer '" + layer.name + "' is " + std::to_string(layer.width) +
                                  "x" + std::to_string(layer.height) + ", the network reads " +
                                  std::to_string(spec.size) + "x" + std::to_string(spec.size));
    }
    const std::int32_t* values = layer.values.data();
    const int pixels = spec.pixels();
    if (input.categorical) {
      const std::int32_t top = input.scale - 1;
      for (int p = 0; p < pixels; ++p) {
        rows[static_cast<std::size_t>(p) * count + l] = input.first_row + std::clamp(values[p], 0, top);
        weights[static_cast<std::size_t>(p) * count + l] = 1.0f;
      }
    } else {
      for (int p = 0; p < pixels; ++p) {
        rows[static_cast<std::size_t>(p) * count + l] = input.first_row;
        weights[static_cast<std::size_t>(p) * count + l] = log_scale(values[p]);
      }
    }
  }
}

}  // namespace

InputBatch::InputBatch(InputSpec spec_in, int capacity_in) : spec(std::move(spec_in)), capacity(capacity_in) {
  if (capacity < 1) throw std::invalid_argument("an input batch needs a capacity of at least 1");
  screen_rows.resize(spatial_values(spec.screen, capacity));
  screen_weights.resize(screen_rows.size());
  minimap_rows.resize(spatial_values(spec.minimap, capacity));
  minimap_weights.resize(minimap_rows.size());
  non_spatial.resize(static_cast<std::size_t>(capacity) * kNonSpatialInputs);
}

void write_observation(const pysc2::Observation& observation, InputBatch& batch, int index) {
  if (index < 0 || index >= batch.capacity) {
    throw std::out_of_range("sample " + std::to_string(index) + " is outside the batch of " +
                            std::to_string(batch.capacity));
  }
  const auto screen_offset = spatial_values(batch.spec.screen, index);
  const auto minimap_offset = spatial_values(batch.spec.minimap, index);
  write_surface(observation.feature_screen, batch.spec.screen, "screen", batch.screen_rows.data() + screen_offset,
                batch.screen_weights.data() + screen_offset);
  write_surface(observation.feature_minimap, batch.spec.minimap, "minimap",
                batch.minimap_rows.data() + minimap_offset, batch.minimap_weights.data() + minimap_offset);

  float* non_spatial = batch.non_spatial.data() + static_cast<std::size_t>(index) * kNonSpatialInputs;
  for (int i = 0; i < kPlayerInputs; ++i) non_spatial[i] = log_scale(static_cast<double>(observation.player[i]));
  float* mask = non_spatial + kPlayerInputs;
  std::fill(mask, mask + kFunctionInputs, 0.0f);
  for (int id : observation.available_actions) {
    if (id < 0 || id >= kFunctionInputs) {
      throw std::invalid_argument("available_actions holds the unknown function id " + std::to_string(id));
    }
    mask[id] = 1.0f;
  }
}

const float* function_mask(const InputBatch& batch, int index) {
  if (index < 0 || index >= batch.capacity) throw std::out_of_range("sample outside the batch");
  return batch.non_spatial.data() + static_cast<std::size_t>(index) * kNonSpatialInputs + kPlayerInputs;
}

}  // namespace sc2::learning
