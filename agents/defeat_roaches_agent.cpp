#include "agents/defeat_roaches_agent.h"

#include "agents/function_ids.h"
#include "client/pysc2/actions.h"
#include "agents/observation_helpers.h"

namespace sc2::agents {

pysc2::FunctionCall DefeatRoachesAgent::step(const pysc2::TimeStep& time_step) {
  static const int attack_screen = function_id("Attack_screen");
  const auto& observation = time_step.observation;
  if (is_available(observation, attack_screen)) {
    const pysc2::Layer* player_relative = observation.screen("player_relative");
    if (player_relative == nullptr) return {};
    // Bottom row first; within it the first pixel from the left.
    for (int y = player_relative->height - 1; y >= 0; --y) {
      for (int x = 0; x < player_relative->width; ++x) {
        if (player_relative->at(x, y) == kPlayerEnemy) return {attack_screen, {{kQueuedNow}, {x, y}}};
      }
    }
    return {};
  }
  if (is_available(observation, pysc2::fn::select_army)) return {pysc2::fn::select_army, {{kSelectAddSelect}}};
  return {};
}

}  // namespace sc2::agents
