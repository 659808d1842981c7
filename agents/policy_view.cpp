#include "agents/policy_view.h"

namespace sc2::agents {

std::vector<float> heat_map(const PolicyView& view, int argument_type, int* width, int* height) {
  const ArgumentDistribution* x = nullptr;
  const ArgumentDistribution* y = nullptr;
  for (const auto& argument : view.arguments) {
    if (argument.argument_type != argument_type) continue;
    if (argument.axis == ArgumentDistribution::Axis::pixels) {
      if (width != nullptr) *width = argument.width;
      if (height != nullptr) *height = argument.height;
      return argument.probabilities;
    }
    if (argument.axis == ArgumentDistribution::Axis::x) x = &argument;
    if (argument.axis == ArgumentDistribution::Axis::y) y = &argument;
  }
  if (x == nullptr || y == nullptr) return {};
  const int w = static_cast<int>(x->probabilities.size());
  const int h = static_cast<int>(y->probabilities.size());
  std::vector<float> map(static_cast<std::size_t>(w) * h);
  for (int row = 0; row < h; ++row)
    for (int column = 0; column < w; ++column)
      map[static_cast<std::size_t>(row) * w + column] = y->probabilities[row] * x->probabilities[column];
  if (width != nullptr) *width = w;
  if (height != nullptr) *height = h;
  return map;
}

}  // namespace sc2::agents
