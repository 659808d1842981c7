#pragma once
// What the networks read of an observation (the paper's input pre-processing; no torch here).
//
// Every feature layer is kept. Categorical layers are one-hot over their scale and scalar
// layers are log(1 + x); the network's first layer is a 1x1 convolution over all of these
// channels together, which we compute as a sum of rows of one table (an embedding bag):
// each categorical layer l with value v picks row offset_l + v (weight 1), each scalar layer
// picks its own row with weight log(1 + x). So a pixel is described by one index and one
// weight per layer, whatever the layers' scales.
#include <cstdint>
#include <string>
#include <vector>

namespace sc2::learning {

// The layers of one surface (screen or minimap) as the network reads them.
struct SpatialInputSpec {
  int size = 0;  // width = height, in pixels
  struct LayerInput {
    std::string name;
    bool categorical = true;
    int scale = 1;       // categorical: values 0..scale-1 (larger values are clamped)
    int first_row = 0;   // this layer's first row in the surface's embedding table
  };
  std::vector<LayerInput> layers;  // PySC2 order (the Observation's feature_screen / feature_minimap)
  int table_rows = 0;              // rows of the embedding table: sum of scales, 1 per scalar layer

  int layer_count() const { return static_cast<int>(layers.size()); }
  int pixels() const { return size * size; }
};

// Non-spatial input: the player vector (11 values, log(1 + x)) and available_actions as 0/1
// over the 573 functions (the paper's implementation feeds both).
inline constexpr int kPlayerInputs = 11;
inline constexpr int kFunctionInputs = 573;
inline constexpr int kNonSpatialInputs = kPlayerInputs + kFunctionInputs;

struct InputSpec {
  SpatialInputSpec screen;
  SpatialInputSpec minimap;
};

// Every PySC2 screen (27) and minimap (11) layer at these resolutions. Throws
// std::invalid_argument for a size below 1 or above 256.
InputSpec make_input_spec(int screen_size, int minimap_size);

// The log scaling of scalar inputs: log(1 + max(0, x)).
float log_scale(double value);

}  // namespace sc2::learning
