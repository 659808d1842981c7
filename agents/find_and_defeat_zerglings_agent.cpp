#include "agents/find_and_defeat_zerglings_agent.h"

#include <algorithm>
#include <array>
#include <limits>

#include "agents/function_ids.h"
#include "client/pysc2/actions.h"

namespace sc2::agents {
namespace {

constexpr int kVisibilityHidden = 0;
constexpr long kSameOrderPixels = 2;  // orders closer than this to the last one are not re-sent

// Mean pixel of `value` in `layer`; nullopt when absent.
std::optional<Pixel2> centre_of(const pysc2::Layer& layer, int value) {
  long sum_x = 0, sum_y = 0, count = 0;
  for (int y = 0; y < layer.height; ++y)
    for (int x = 0; x < layer.width; ++x)
      if (layer.at(x, y) == value) sum_x += x, sum_y += y, ++count;
  if (count == 0) return std::nullopt;
  return Pixel2{static_cast<int>(sum_x / count), static_cast<int>(sum_y / count)};
}

// Pixel of `value` nearest `from` (first in row order on ties).
std::optional<Pixel2> nearest_of(const pysc2::Layer& layer, int value, Pixel2 from,
                                 const pysc2::Layer* mask = nullptr) {
  std::optional<Pixel2> best;
  long best_distance = std::numeric_limits<long>::max();
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != value) continue;
      if (mask != nullptr && mask->at(x, y) == 0) continue;
      const long distance = squared_distance(from.x, from.y, x, y);
      if (distance < best_distance) {
        best_distance = distance;
        best = Pixel2{x, y};
      }
    }
  }
  return best;
}

bool any_nonzero(const pysc2::Layer* layer) {
  return layer != nullptr && std::any_of(layer->values.begin(), layer->values.end(), [](auto v) { return v != 0; });
}

}  // namespace

void FindAndDefeatZerglingsAgent::setup(const AgentSpec& spec) { minimap_size_ = spec.feature_minimap_size; }

void FindAndDefeatZerglingsAgent::reset() {
  goal_.reset();
  last_order_.reset();
  next_corner_ = 0;
}

std::optional<Pixel2> FindAndDefeatZerglingsAgent::exploration_goal(const pysc2::Observation& observation,
                                                                    Pixel2 army) {
  const pysc2::Layer* visibility = observation.minimap("visibility_map");
  const pysc2::Layer* pathable = observation.minimap("pathable");
  if (!any_nonzero(pathable)) pathable = nullptr;  // no pathing data: the whole minimap
  if (visibility != nullptr && !visibility->empty()) {
    if (goal_ && visibility->at(goal_->x, goal_->y) == kVisibilityHidden) return goal_;
    goal_ = nearest_of(*visibility, kVisibilityHidden, army, pathable);
    if (goal_) return goal_;
  }
  // Everything seen: sweep the corners of the pathable area (inset a little).
  int x0 = 0, y0 = 0, x1 = minimap_size_ - 1, y1 = minimap_size_ - 1;
  if (pathable != nullptr) {
    x0 = pathable->width, y0 = pathable->height, x1 = 0, y1 = 0;
    for (int y = 0; y < pathable->height; ++y)
      for (int x = 0; x < pathable->width; ++x)
        if (pathable->at(x, y) != 0) x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  const int inset_x = (x1 - x0) / 6, inset_y = (y1 - y0) / 6;
  const std::array<Pixel2, 4> corners{Pixel2{x0 + inset_x, y0 + inset_y}, Pixel2{x1 - inset_x, y0 + inset_y},
                                      Pixel2{x1 - inset_x, y1 - inset_y}, Pixel2{x0 + inset_x, y1 - inset_y}};
  Pixel2 corner = corners[static_cast<std::size_t>(next_corner_) % corners.size()];
  if (squared_distance(army.x, army.y, corner.x, corner.y) <= 4 * 4) {
    ++next_corner_;  // reached: on to the next corner
    corner = corners[static_cast<std::size_t>(next_corner_) % corners.size()];
  }
  return corner;
}

pysc2::FunctionCall FindAndDefeatZerglingsAgent::step(const pysc2::TimeStep& time_step) {
  static const int attack_minimap = function_id("Attack_minimap");
  const auto& observation = time_step.observation;
  if (!is_available(observation, attack_minimap)) {
    last_order_.reset();
    if (is_available(observation, pysc2::fn::select_army)) return {pysc2::fn::select_army, {{kSelectAddSelect}}};
    return {};
  }
  const pysc2::Layer* relative = observation.minimap("player_relative");
  if (relative == nullptr || relative->empty()) return {};
  const auto army = centre_of(*relative, kPlayerSelf);
  if (!army) return {};

  std::optional<Pixel2> target = nearest_of(*relative, kPlayerEnemy, *army);
  if (!target) target = exploration_goal(observation, *army);
  if (!target) return {};
  if (last_order_ && squared_distance(last_order_->x, last_order_->y, target->x, target->y) <=
                         kSameOrderPixels * kSameOrderPixels)
    return {};
  last_order_ = target;
  return {attack_minimap, {{kQueuedNow}, {target->x, target->y}}};
}

}  // namespace sc2::agents
