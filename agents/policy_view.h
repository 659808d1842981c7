#pragma once
// What a policy-based agent's network said at one step, for viewers (plain values, no torch):
// the probability of each function id (a0), of each argument's values, and the value estimate.
// The learned agent (learning/) fills one per step; Agent::policy_view() hands it out.
#include <string>
#include <vector>

#include "client/pysc2/function_call.h"

namespace sc2::agents {

// One argument head of the policy. Spatial arguments (screen, minimap, screen2) are either one
// distribution over the width x height pixels (FullyConv; index y * width + x) or two
// independent ones over x and y (Atari-net); the others are over their values (e.g. queued).
struct ArgumentDistribution {
  enum class Axis { values, pixels, x, y };
  int argument_type = 0;  // PySC2 argument type id (0 screen, 1 minimap, 2 screen2, 3 queued, ...)
  Axis axis = Axis::values;
  int width = 0;   // pixels, x, y: the surface's size in pixels
  int height = 0;
  std::vector<float> probabilities;
};

struct PolicyView {
  std::vector<float> function_probabilities;  // one per function id (573), 0 where unavailable
  std::vector<ArgumentDistribution> arguments;
  float value = 0.0f;                         // the critic's estimate of the return from here
  pysc2::FunctionCall chosen;                 // the call the agent sent
  bool greedy = false;                        // chosen by argmax (else sampled)
};

// The probability of each pixel of a spatial argument type as a width x height map (row-major,
// row 0 at the top): the pixel distribution itself, or the product of the x and y ones. Empty
// when the view has no distribution for that argument type.
std::vector<float> heat_map(const PolicyView& view, int argument_type, int* width = nullptr, int* height = nullptr);

}  // namespace sc2::agents
