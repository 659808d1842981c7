#include "agents/collect_mineral_shards_agent.h"

#include <limits>

#include "agents/function_ids.h"
#include "client/pysc2/actions.h"
#include "agents/move_to_beacon_agent.h"
#include "agents/observation_helpers.h"

namespace sc2::agents {

pysc2::FunctionCall CollectMineralShardsAgent::step(const pysc2::TimeStep& time_step) {
  static const int move_screen = function_id("Move_screen");
  static const int select_army = function_id("select_army");
  const auto& observation = time_step.observation;
  if (!is_available(observation, move_screen)) return {select_army, {{kSelectAddSelect}}};

  const pysc2::Layer* player_relative = observation.screen("player_relative");
  if (player_relative == nullptr) return {};
  const auto marines = mean_pixel(*player_relative, kPlayerSelf);
  if (!marines) return {};
  std::optional<Pixel> nearest;
  long nearest_distance = std::numeric_limits<long>::max();
  for (int y = 0; y < player_relative->height; ++y) {
    for (int x = 0; x < player_relative->width; ++x) {
      if (player_relative->at(x, y) != kPlayerNeutral) continue;
      const long distance = squared_distance(marines->x, marines->y, x, y);
      if (distance < nearest_distance) {  // strict: the first pixel wins ties
        nearest_distance = distance;
        nearest = Pixel{x, y};
      }
    }
  }
  if (!nearest) return {};
  return {move_screen, {{kQueuedNow}, {nearest->x, nearest->y}}};
}

void CollectMineralShardsFeatureUnitsAgent::reset() {
  marine_selected_ = false;
  previous_x_ = previous_y_ = -1;
}

pysc2::FunctionCall CollectMineralShardsFeatureUnitsAgent::step(const pysc2::TimeStep& time_step) {
  static const int move_screen = function_id("Move_screen");
  const auto& observation = time_step.observation;
  const auto marines = screen_units(observation, kPlayerSelf);
  if (marines.empty()) return {};

  // The Marine whose selection state matches what we expect: after a select, the selected
  // one (to move it); otherwise an unselected one (the other Marine's turn).
  const ScreenUnit* marine = &marines.front();
  for (const auto& candidate : marines) {
    if (candidate.selected == marine_selected_) {
      marine = &candidate;
      break;
    }
  }
  if (!marine->selected) {
    marine_selected_ = true;
    return {pysc2::fn::select_point, {{kSelectPointSelect}, {marine->x, marine->y}}};
  }
  if (!is_available(observation, move_screen)) return {};

  const ScreenUnit* target = nullptr;
  long target_distance = std::numeric_limits<long>::max();
  const auto shards = screen_units(observation, kPlayerNeutral);
  for (const auto& shard : shards) {
    if (shard.x == previous_x_ && shard.y == previous_y_) continue;  // the other Marine's
    const long distance = squared_distance(marine->x, marine->y, shard.x, shard.y);
    if (distance < target_distance) {
      target_distance = distance;
      target = &shard;
    }
  }
  if (target == nullptr) return {};
  const int x = target->x, y = target->y;
  marine_selected_ = false;
  previous_x_ = x;
  previous_y_ = y;
  return {move_screen, {{kQueuedNow}, {x, y}}};
}

}  // namespace sc2::agents
