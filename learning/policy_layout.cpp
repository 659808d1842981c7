#include "learning/policy_layout.h"

#include <stdexcept>

#include "client/pysc2/actions.h"

namespace sc2::learning {

using Axis = agents::ArgumentDistribution::Axis;

std::string_view architecture_name(Architecture architecture) {
  switch (architecture) {
    case Architecture::atari: return "atari";
    case Architecture::fullyconv: return "fullyconv";
    case Architecture::fullyconv_lstm: return "fullyconv_lstm";
  }
  return "?";
}

Architecture parse_architecture(std::string_view name) {
  for (Architecture candidate : {Architecture::atari, Architecture::fullyconv, Architecture::fullyconv_lstm}) {
    if (name == architecture_name(candidate)) return candidate;
  }
  throw std::invalid_argument("unknown architecture '" + std::string(name) +
                              "' (known: atari, fullyconv, fullyconv_lstm)");
}

int PolicyHead::size() const {
  switch (axis) {
    case Axis::pixels: return width * height;
    case Axis::y: return height;
    case Axis::x:
    case Axis::values: return width;
  }
  return 0;
}

PolicyLayout make_policy_layout(Architecture architecture, int screen_size, int minimap_size) {
  if (screen_size < 1 || minimap_size < 1) throw std::invalid_argument("layer sizes must be at least 1");
  PolicyLayout layout;
  layout.architecture = architecture;
  layout.screen_size = screen_size;
  layout.minimap_size = minimap_size;
  for (const pysc2::ArgumentType& type : pysc2::all_argument_types()) {
    if (type.is_point) {
      const int size = type.id == pysc2::arg::minimap ? minimap_size : screen_size;
      if (architecture == Architecture::atari) {
        layout.heads.push_back({type.id, Axis::x, size, size});
        layout.heads.push_back({type.id, Axis::y, size, size});
      } else {
        layout.heads.push_back({type.id, Axis::pixels, size, size});
      }
    } else {
      layout.heads.push_back({type.id, Axis::values, type.size, 1});
    }
  }
  return layout;
}

bool function_uses(int function, int argument_type) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(function);
  if (spec == nullptr) return false;
  for (int type : spec->args)
    if (type == argument_type) return true;
  return false;
}

int head_target(const PolicyHead& head, const ActionChoice& choice) {
  const int index = choice.arguments.at(static_cast<std::size_t>(head.argument_type));
  if (index < 0) return -1;
  switch (head.axis) {
    case Axis::x: return index % head.width;
    case Axis::y: return index / head.width;
    case Axis::pixels:
    case Axis::values: return index;
  }
  return -1;
}

pysc2::FunctionCall to_function_call(const ActionChoice& choice, const PolicyLayout& layout) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(choice.function);
  if (spec == nullptr) throw std::invalid_argument("unknown function id " + std::to_string(choice.function));
  pysc2::FunctionCall call;
  call.function = choice.function;
  for (int type : spec->args) {
    const int index = choice.arguments.at(static_cast<std::size_t>(type));
    if (index < 0) {
      throw std::invalid_argument(std::string(spec->name) + " needs its argument " +
                                  std::string(pysc2::argument_type(type).name));
    }
    if (pysc2::argument_type(type).is_point) {
      const int width = type == pysc2::arg::minimap ? layout.minimap_size : layout.screen_size;
      call.arguments.push_back({index % width, index / width});
    } else {
      call.arguments.push_back({index});
    }
  }
  return call;
}

int pick_index(const float* weights, int count, ActionMode mode, std::mt19937_64& random) {
  double total = 0;
  int best = -1;
  for (int i = 0; i < count; ++i) {
    if (weights[i] > 0) {
      total += weights[i];
      if (best < 0 || weights[i] > weights[best]) best = i;
    }
  }
  if (best < 0) throw std::invalid_argument("no choice has a positive probability");
  if (mode == ActionMode::greedy) return best;
  double left = std::uniform_real_distribution<double>(0.0, total)(random);
  int last_positive = best;
  for (int i = 0; i < count; ++i) {
    if (weights[i] <= 0) continue;
    last_positive = i;
    left -= weights[i];
    if (left < 0) return i;
  }
  return last_positive;  // rounding left a crumb: the last possible choice
}

ActionChoice choose_action(agents::PolicyView& view, const PolicyLayout& layout, ActionMode mode,
                           std::mt19937_64& random) {
  if (static_cast<int>(view.function_probabilities.size()) != kFunctionCount ||
      view.arguments.size() != layout.heads.size()) {
    throw std::invalid_argument("the policy's outputs do not match its layout");
  }
  ActionChoice choice;
  try {
    choice.function = pick_index(view.function_probabilities.data(), kFunctionCount, mode, random);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument("no function has a positive probability (is available_actions empty?)");
  }
  const pysc2::FunctionSpec* spec = pysc2::find_function(choice.function);
  for (int type : spec->args) {
    int x = -1, y = -1, index = -1;
    for (std::size_t h = 0; h < layout.heads.size(); ++h) {
      const PolicyHead& head = layout.heads[h];
      if (head.argument_type != type) continue;
      const auto& probabilities = view.arguments[h].probabilities;
      if (static_cast<int>(probabilities.size()) != head.size()) {
        throw std::invalid_argument("the policy's outputs do not match its layout");
      }
      const int picked = pick_index(probabilities.data(), head.size(), mode, random);
      if (head.axis == Axis::x) x = picked;
      else if (head.axis == Axis::y) y = picked;
      else index = picked;
    }
    if (x >= 0 && y >= 0) {
      const int width = type == pysc2::arg::minimap ? layout.minimap_size : layout.screen_size;
      index = y * width + x;
    }
    choice.arguments[static_cast<std::size_t>(type)] = index;
  }
  view.chosen = to_function_call(choice, layout);
  view.greedy = mode == ActionMode::greedy;
  return choice;
}

}  // namespace sc2::learning
