#include "agents/melee_agent.h"

#include "agents/function_ids.h"
#include "agents/observation_helpers.h"

namespace sc2::agents {

namespace {

constexpr int kPlayerArmyCount = 8;  // PySC2 `player` column army_count

// The mirror through the minimap's centre of the mean pixel of the player's own units.
std::optional<Pixel2> mirrored_home(const pysc2::Observation& observation) {
  const pysc2::Layer* relative = observation.minimap("player_relative");
  if (relative == nullptr) return std::nullopt;
  long sum_x = 0, sum_y = 0, count = 0;
  for (int y = 0; y < relative->height; ++y) {
    for (int x = 0; x < relative->width; ++x) {
      if (relative->at(x, y) != kPlayerSelf) continue;
      sum_x += x;
      sum_y += y;
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  return Pixel2{relative->width - 1 - static_cast<int>(sum_x / count),
                relative->height - 1 - static_cast<int>(sum_y / count)};
}

}  // namespace

void MeleeAgent::setup(const AgentSpec& spec) { economy_.setup(spec); }

void MeleeAgent::reset() {
  economy_.reset();
  enemy_base_.reset();
  attack_next_ = attacked_ = false;
  steps_ = last_wave_step_ = waves_ = 0;
}

pysc2::FunctionCall MeleeAgent::step(const pysc2::TimeStep& time_step) {
  static const int select_army = function_id("select_army");
  static const int attack_minimap = function_id("Attack_minimap");
  const pysc2::Observation& observation = time_step.observation;
  ++steps_;
  if (!enemy_base_) enemy_base_ = mirrored_home(observation);

  if (attack_next_) {
    attack_next_ = false;
    if (enemy_base_ && is_available(observation, attack_minimap)) {
      // Waves go to the enemy's base and to two points a quarter and a half of the way from
      // it towards the map's centre, in turn: structures built off to the side get seen.
      const pysc2::Layer* relative = observation.minimap("player_relative");
      const int centre_x = relative != nullptr ? relative->width / 2 : enemy_base_->x;
      const int centre_y = relative != nullptr ? relative->height / 2 : enemy_base_->y;
      const int part = waves_ % 3;
      ++waves_;
      const int x = enemy_base_->x + (centre_x - enemy_base_->x) * part / 4;
      const int y = enemy_base_->y + (centre_y - enemy_base_->y) * part / 4;
      return {attack_minimap, {{kQueuedNow}, {x, y}}};
    }
  }
  const int army = static_cast<int>(observation.player[kPlayerArmyCount]);
  const bool wave_due = attacked_ ? steps_ - last_wave_step_ >= kWaveEverySteps && army > 0 : army >= kFirstWave;
  if (wave_due && enemy_base_ && is_available(observation, select_army)) {
    attacked_ = true;
    last_wave_step_ = steps_;
    attack_next_ = true;
    return {select_army, {{kSelectAddSelect}}};
  }
  return economy_.step(time_step);
}

}  // namespace sc2::agents
