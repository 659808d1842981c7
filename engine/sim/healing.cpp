#include "engine/sim/healing.h"

#include <algorithm>
#include <vector>

#include "engine/sim/abilities.h"
#include "engine/sim/combat.h"
#include "engine/sim/movement.h"
#include "engine/sim/path_following.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

// Energy one full loop of healing costs; a healer with less neither starts nor autocasts.
float loop_cost(const Heal& heal) { return heal.rate_per_loop * heal.energy_per_life; }

Order heal_order(const Unit& healer, const Unit& target) {
  Order order;
  order.kind = OrderKind::Heal;
  order.ability_id = ability::kEffectHeal;
  order.target_unit = target.id;
  order.target = target.pos;
  order.patrol_origin = healer.pos;
  return order;
}

}  // namespace

CommandOutcome heal_check(const Unit& healer, const Unit& target) {
  if (&healer == &target || healer.id == target.id) return CommandOutcome::CantTargetCaster;
  if (!target.stats->solid() || !target.alive() || target.health <= 0.0f) return CommandOutcome::CantTargetThatUnit;
  if (hostile(healer.owner, target.owner)) return CommandOutcome::CantTargetEnemyUnits;
  if (target.owner != healer.owner) return CommandOutcome::CantTargetThatUnit;  // neutral
  if (target.stats->role == UnitRole::Structure || target.stats->has_attribute(attribute::kStructure)) {
    return CommandOutcome::CantTargetStructures;
  }
  if (!target.stats->has_attribute(attribute::kBiological)) return CommandOutcome::MustTargetBiologicalUnits;
  return CommandOutcome::Done;
}

CommandOutcome issue_heal(World& world, Unit& healer, const CommandTarget& target, bool queue) {
  if (!healer.stats->heal) return CommandOutcome::Error;
  const Unit* t = world.find(target.unit);
  if (t == nullptr) return target.point ? CommandOutcome::CantTargetThatUnit : CommandOutcome::NeedsTarget;
  if (const CommandOutcome refusal = heal_check(healer, *t); refusal != CommandOutcome::Done) return refusal;
  if (healer.energy < loop_cost(*healer.stats->heal)) return CommandOutcome::NotEnoughEnergy;
  if (queue && healer.orders.size() >= kMaxQueuedOrders) return CommandOutcome::QueueIsFull;
  give_order(healer, heal_order(healer, *t), queue);
  return CommandOutcome::Done;
}

bool run_heal(World& world, Unit& healer, Order& order) {
  healer.engaged_target = {};
  if (!healer.stats->heal) return true;
  const Heal& heal = *healer.stats->heal;
  Unit* target = world.find(order.target_unit);
  if (target == nullptr || heal_check(healer, *target) != CommandOutcome::Done ||
      target->health >= target->health_max) {
    return true;
  }
  order.target = target->pos;
  if (edge_distance(healer, *target) > heal.range + kRangeSlack) {
    if (healer.holding_position) return true;  // an autocast on hold position does not follow
    move_towards(world, healer, target->pos, heal.range + healer.radius + target->radius);
    return false;
  }
  face_towards(healer, target->pos);
  const float wanted = std::min(heal.rate_per_loop, target->health_max - target->health);
  const float affordable = heal.energy_per_life > 0.0f ? healer.energy / heal.energy_per_life : wanted;
  const float healed = std::max(0.0f, std::min(wanted, affordable));
  const float before = target->health;
  target->health = std::min(target->health_max, target->health + healed);
  target->health_accounted += target->health - before;  // healing is no damage taken back
  healer.energy = std::max(0.0f, healer.energy - healed * heal.energy_per_life);
  return target->health >= target->health_max || healed < wanted;
}

bool autocast_heal(World& world, Unit& healer) {
  if (!healer.stats->heal || healer.stats->passive || !healer.alive()) return false;
  const Heal& heal = *healer.stats->heal;
  if (healer.energy < loop_cost(heal)) return false;
  const float reach = healer.holding_position ? heal.range : heal.autocast_range;
  thread_local std::vector<Unit*> near;  // reused: idle healers look every loop
  world.units_near(healer.pos, reach + healer.radius, near);
  Unit* best = nullptr;
  float best_distance = 0.0f;
  for (Unit* u : near) {
    if (u->owner != healer.owner || u->health >= u->health_max) continue;
    if (heal_check(healer, *u) != CommandOutcome::Done) continue;
    const float d = edge_distance(healer, *u);
    if (d > reach + kRangeSlack) continue;
    if (best == nullptr || d < best_distance || (d == best_distance && u->id.index < best->id.index)) {
      best = u;
      best_distance = d;
    }
  }
  if (best == nullptr) return false;
  healer.has_rest_goal = false;
  healer.orders.push_back(heal_order(healer, *best));  // holding position, it stays held
  return true;
}

}  // namespace sc2::engine
