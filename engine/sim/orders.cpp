#include "engine/sim/orders.h"

#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/combat.h"
#include "engine/sim/construction.h"
#include "engine/sim/harvest.h"
#include "engine/sim/healing.h"
#include "engine/sim/production.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

void clear_orders(Unit& unit) {
  unit.orders.clear();
  unit.engaged_target = {};
  unit.has_rest_goal = false;
  unit.leashed = false;  // an order ends a chase begun on its own, and the walk back
  unit.returning = false;
}

// Economy commands: gather, return, build, train, rally, cancel; nullopt for the rest.
std::optional<CommandOutcome> issue_economy_command(World& world, Unit& unit, std::uint32_t specific,
                                                    const CommandTarget& target, bool queue) {
  switch (specific) {
    case ability::kHarvestGatherScv:
      return target.unit.valid() ? issue_gather(world, unit, target.unit, queue) : CommandOutcome::NeedsTarget;
    case ability::kHarvestReturnScv: return issue_return(world, unit, queue);
    case ability::kBuildCommandCenter:
    case ability::kBuildSupplyDepot:
    case ability::kBuildRefinery:
    case ability::kBuildBarracks:
    case ability::kBuildEngineeringBay:
    case ability::kBuildFactory: return issue_build(world, unit, specific, target, queue);
    case ability::kBuildTechLabBarracks: return issue_build_add_on(world, unit, specific);
    case ability::kTrainScv:
    case ability::kTrainMarine:
    case ability::kTrainReaper:
    case ability::kTrainMarauder:
    case ability::kTrainHellion: return issue_train(world, unit, specific);
    case ability::kResearchTerranInfantryWeaponsLevel1: return issue_research(world, unit, specific);
    case ability::kRallyBuilding:
    case ability::kRallyCommandCenter: return set_rally(world, unit, target);
    case ability::kCancelQueue5: return cancel_last(world, unit);
    case ability::kCancelBuildInProgress:
      if (Unit* host = world.find(unit.builder); host != nullptr && is_add_on(unit.type())) {
        return cancel_add_on(world, *host);
      }
      return cancel_construction(world, unit);
    default: break;
  }
  if (specific != ability::kSmart) return std::nullopt;
  // Smart: a structure sets its rally; a worker gathers from a resource, hands in its
  // load at its own Command Center, or (an SCV) resumes an own structure nobody builds.
  if (unit.stats->immobile()) return set_rally(world, unit, target);
  if (unit.stats->role != UnitRole::Worker) return std::nullopt;
  Unit* t = world.find(target.unit);
  if (t == nullptr) return std::nullopt;
  if (unit.type() == unit_type::kScv && t->owner == unit.owner && construction_halted(world, *t)) {
    return issue_resume(world, unit, *t, queue);
  }
  if (harvest_target(world, unit.owner, *t) != nullptr) return issue_gather(world, unit, t->id, queue);
  if (unit.carrying() && t->owner == unit.owner && t->type() == unit_type::kCommandCenter && t->complete()) {
    return issue_return(world, unit, queue);
  }
  return std::nullopt;
}

}  // namespace

CommandOutcome issue_command(World& world, Unit& unit, std::uint32_t specific, const CommandTarget& target,
                             bool queue) {
  if (auto economy = issue_economy_command(world, unit, specific, target, queue)) return *economy;
  if (specific == ability::kStopStop) {
    clear_orders(unit);
    unit.holding_position = false;
    return CommandOutcome::Done;
  }
  if (specific == ability::kHoldPositionHold) {
    clear_orders(unit);
    unit.holding_position = true;
    return CommandOutcome::Done;
  }
  if (specific == ability::kEffectHeal) return issue_heal(world, unit, target, queue);
  if (specific == ability::kEffectExplode) {
    if (unit.stats->explosion) explode(unit, world.units());
    return CommandOutcome::Done;
  }
  if (!target.point) return CommandOutcome::NeedsTarget;
  if (queue && unit.orders.size() >= kMaxQueuedOrders) return CommandOutcome::QueueIsFull;

  const Unit* target_unit = world.find(target.unit);
  const bool attackable_enemy =
      target_unit != nullptr && hostile(unit.owner, target_unit->owner) && can_attack(unit, *target_unit);
  const bool attackable_any = target_unit != nullptr && can_attack(unit, *target_unit);

  Order order;
  order.target = world.clamp_to_playable(*target.point, unit.radius);
  order.patrol_origin = (queue && !unit.orders.empty()) ? unit.orders.back().target : unit.pos;
  if ((specific == ability::kSmart && attackable_enemy) || (specific == ability::kAttackAttack && attackable_any)) {
    order.kind = OrderKind::AttackUnit;
    order.ability_id = ability::kAttackAttack;
    order.target_unit = target_unit->id;
  } else if (specific == ability::kAttackAttack) {
    order.kind = OrderKind::AttackMove;
    order.ability_id = ability::kAttackAttack;
  } else if (specific == ability::kPatrolPatrol) {
    order.kind = OrderKind::Patrol;
    order.ability_id = ability::kPatrolPatrol;
  } else {
    order.kind = OrderKind::Move;  // Move, and Smart on the ground, a friend or a neutral
    order.ability_id = ability::kMoveMove;
  }
  give_order(unit, order, queue);
  return CommandOutcome::Done;
}

void give_order(Unit& unit, const Order& order, bool queue) {
  if (!queue) clear_orders(unit);
  unit.holding_position = false;
  unit.orders.push_back(order);
}

}  // namespace sc2::engine
