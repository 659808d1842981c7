#pragma once
// Everything needed to rebuild a network (kept in checkpoints), without torch.
#include <string>

#include <nlohmann/json.hpp>

#include "learning/policy_layout.h"

namespace sc2::learning {

struct NetworkSpec {
  Architecture architecture = Architecture::fullyconv;
  int screen_size = 32;
  int minimap_size = 32;
  // Channels of the input embedding (the 1x1 convolution over one-hot and log-scaled layers).
  int screen_embedding = 16;
  int minimap_embedding = 16;
  int non_spatial_units = 64;  // Atari-net: linear + tanh on the non-spatial vector
  int hidden_units = 256;      // the dense layer before value, a0 and the non-spatial arguments
  // FullyConv's non-spatial path: the N x N state is max-pooled to pooled_size x pooled_size
  // before the dense layer (CPU-friendly); 0 = as printed (the whole state flattened).
  int pooled_size = 8;
  int lstm_channels = 32;      // FullyConv LSTM: hidden channels of the convolutional LSTM
  // FullyConv and FullyConv LSTM: a learned bonus, starting at this value, added to the spatial
  // policies' logits on the pixels that show a unit (player_relative not 0). 0 = none, as in the
  // paper. Atari-net has no pixel heads and refuses it.
  double unit_prior = 0;
  // Whether that bonus covers the player's own units too (player_relative 1), or only the others
  // (allies, neutrals such as the beacon and shards, enemies): on DefeatRoaches a click on an own
  // Marine with Attack_screen makes the Marines shoot it.
  bool unit_prior_own = true;

  friend bool operator==(const NetworkSpec&, const NetworkSpec&) = default;
};

// Throws std::invalid_argument naming the problem: Atari-net needs sizes of at least 20 (its
// strided convolutions would leave nothing), FullyConv needs equal screen and minimap sizes
// (their features are stacked pixel by pixel), every count must be positive.
void validate(const NetworkSpec& spec);

nlohmann::json to_json(const NetworkSpec& spec);
// Throws std::invalid_argument naming a missing or bad field.
NetworkSpec network_spec_from_json(const nlohmann::json& json);

}  // namespace sc2::learning
