#include "agents/move_to_beacon_agent.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "agents/function_ids.h"
#include "agents/observation_helpers.h"

namespace sc2::agents {

std::optional<Pixel> mean_pixel(const pysc2::Layer& layer, std::int32_t value) {
  if (layer.empty()) return std::nullopt;
  double sum_x = 0, sum_y = 0;
  long count = 0;
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != value) continue;
      sum_x += x;
      sum_y += y;
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  // nearbyint rounds half to even under the default rounding mode, as numpy's round does.
  return Pixel{static_cast<int>(std::nearbyint(sum_x / count)), static_cast<int>(std::nearbyint(sum_y / count))};
}

std::optional<Pixel> pixel_on(const pysc2::Layer& layer, std::int32_t value) {
  const auto mean = mean_pixel(layer, value);
  if (!mean) return std::nullopt;
  if (layer.at(mean->x, mean->y) == value) return mean;
  // The mean of a non-convex blob can fall outside it; take the closest matching pixel.
  std::optional<Pixel> best;
  long best_distance = std::numeric_limits<long>::max();
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != value) continue;
      const long dx = x - mean->x, dy = y - mean->y;
      if (dx * dx + dy * dy < best_distance) {
        best_distance = dx * dx + dy * dy;
        best = Pixel{x, y};
      }
    }
  }
  return best;
}

pysc2::FunctionCall MoveToBeaconAgent::step(const pysc2::TimeStep& time_step) {
  static const int move_screen = function_id("Move_screen");
  static const int select_army = function_id("select_army");
  static const int select_point = function_id("select_point");
  const auto& observation = time_step.observation;
  const pysc2::Layer* player_relative = observation.screen("player_relative");

  if (is_available(observation, move_screen)) {
    if (player_relative == nullptr) return {};
    const auto beacon = mean_pixel(*player_relative, kPlayerNeutral);
    if (!beacon) return {};
    return {move_screen, {{kQueuedNow}, {beacon->x, beacon->y}}};
  }
  if (is_available(observation, select_army)) return {select_army, {{kSelectAddSelect}}};
  // select_army needs army_count > 0; if the game does not count the Marine, click on it.
  if (player_relative != nullptr && is_available(observation, select_point)) {
    if (const auto marine = pixel_on(*player_relative, kPlayerSelf)) {
      return {select_point, {{kSelectPointSelect}, {marine->x, marine->y}}};
    }
  }
  return {};
}

}  // namespace sc2::agents
