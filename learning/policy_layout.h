#pragma once
// The policy's outputs and actions, without torch: which heads an architecture has (a0 over
// the 573 functions, then one head per argument type, spatial ones split into x and y for
// Atari-net), the argument types each function takes, an action as head indices, and
// choosing an action from the heads' probabilities (sampled or greedy).
#include <array>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "agents/policy_view.h"
#include "client/pysc2/function_call.h"

namespace sc2::learning {

enum class Architecture { atari, fullyconv, fullyconv_lstm };

std::string_view architecture_name(Architecture architecture);  // "atari", "fullyconv", "fullyconv_lstm"
// Throws std::invalid_argument naming the known architectures.
Architecture parse_architecture(std::string_view name);

inline constexpr int kFunctionCount = 573;
inline constexpr int kArgumentTypeCount = 13;

struct PolicyHead {
  int argument_type = 0;
  agents::ArgumentDistribution::Axis axis = agents::ArgumentDistribution::Axis::values;
  int width = 0;   // spatial heads: the surface's size; values heads: the number of values
  int height = 1;
  int size() const;  // categories: width * height (pixels), width (x, values) or height (y)
};

struct PolicyLayout {
  Architecture architecture = Architecture::fullyconv;
  int screen_size = 0;
  int minimap_size = 0;
  std::vector<PolicyHead> heads;  // argument types in id order; Atari-net: x then y per spatial type
};

// Throws std::invalid_argument for sizes below 1.
PolicyLayout make_policy_layout(Architecture architecture, int screen_size, int minimap_size);

// Whether function `function` takes an argument of `argument_type` (PySC2's function table).
bool function_uses(int function, int argument_type);

// An action as the policy chose it: the function id and, per argument type it takes, the
// index chosen (spatial: y * width + x; others: the value); -1 for types it does not take.
struct ActionChoice {
  int function = 0;
  std::array<int, kArgumentTypeCount> arguments;
  ActionChoice() { arguments.fill(-1); }
};

// What `head` was asked to produce for this choice (pixels and values: the index; x: index %
// width; y: index / width), or -1 when the function does not take the head's argument.
int head_target(const PolicyHead& head, const ActionChoice& choice);

// The FunctionCall (points as [x, y]). Throws std::invalid_argument for an unknown function or
// a missing argument.
pysc2::FunctionCall to_function_call(const ActionChoice& choice, const PolicyLayout& layout);

enum class ActionMode { sample, greedy };

// Picks a function from view.function_probabilities and then each of its arguments from the
// view's argument distributions (laid out as layout.heads), sampled or by argmax; fills
// view.chosen and view.greedy. Throws std::invalid_argument when no function has a positive
// probability or the view does not match the layout.
ActionChoice choose_action(agents::PolicyView& view, const PolicyLayout& layout, ActionMode mode,
                           std::mt19937_64& random);

// An index drawn with probability proportional to `weights` (their sum need not be 1), or the
// first largest for greedy; throws std::invalid_argument when no weight is positive.
int pick_index(const float* weights, int count, ActionMode mode, std::mt19937_64& random);

}  // namespace sc2::learning
