#pragma once
// Observations turned into the networks' input arrays (no torch here: the torch code wraps
// these arrays as tensors without copying). One InputBatch holds `capacity` samples; a
// trainer keeps a whole rollout in one, an agent one sample.
#include <cstdint>
#include <vector>

#include "client/pysc2/observation.h"
#include "learning/input_spec.h"

namespace sc2::learning {

struct InputBatch {
  InputBatch(InputSpec spec, int capacity);

  InputSpec spec;
  int capacity = 0;
  // Per surface, [sample][pixel][layer] (pixel = y * size + x): the embedding-table row the
  // layer selects at that pixel and its weight (1 for categorical, log(1 + x) for scalar).
  std::vector<std::int64_t> screen_rows;
  std::vector<float> screen_weights;
  std::vector<std::int64_t> minimap_rows;
  std::vector<float> minimap_weights;
  // [sample][kNonSpatialInputs]: log(1 + player[i]) for the 11 player values, then 1/0 per
  // function id for available_actions (the a0 mask is this second part).
  std::vector<float> non_spatial;
};

// Writes one observation as sample `index`. Throws std::invalid_argument when the
// observation's layers are not the spec's (count or resolution), when a function id in
// available_actions is unknown, and std::out_of_range for an index outside the capacity.
void write_observation(const pysc2::Observation& observation, InputBatch& batch, int index);

// The available-function mask of sample `index` (kFunctionInputs values, 1 = available).
const float* function_mask(const InputBatch& batch, int index);

}  // namespace sc2::learning
