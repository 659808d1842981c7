#include "engine/sim/unit_behaviour.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "engine/sim/combat.h"
#include "engine/sim/upgrades.h"
#include "engine/sim/construction.h"
#include "engine/sim/harvest.h"
#include "engine/sim/healing.h"
#include "engine/sim/movement.h"
#include "engine/sim/path_following.h"
#include "engine/sim/production.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr float kSameGoal = 0.5f;     // goals closer than this count as one group goal
constexpr float kTouchSlack = 0.05f;  // "touching" tolerance between two edges
// The game's defaults for units acting on their own (CGame: AcquireLeashRadius 21,
// AcquireLeashResetRadius 5, CallForHelpRadius 4, CallForHelpPeriod 2 game seconds; see
// engine/README.md, "Acquisition").
constexpr float kLeashRadius = 21.0f;      // an idle unit's chase ends this far from where it began
constexpr float kLeashResetRadius = 5.0f;  // walking back, it acquires again once this near
constexpr float kHomeSlack = 0.5f;         // back "at" its spot
constexpr float kCallForHelpRadius = 4.0f;  // edge to edge, victim to ally
constexpr std::uint32_t kCallForHelpPeriodLoops = 32;  // 2 game seconds of 16 loops

void finish_order(Unit& unit) {
  unit.orders.erase(unit.orders.begin());
  unit.engaged_target = {};
}

void rest_at(Unit& unit, Vec2 goal) {
  unit.has_rest_goal = true;
  unit.rest_goal = goal;
}

// A unit of a group sent to one point stops once it touches a unit that already got there.
bool blocked_by_arrived(const World& world, const Unit& unit, Vec2 goal) {
  thread_local std::vector<Unit*> near;  // reused: this runs for every walking unit every loop
  world.units_near(unit.pos, unit.radius + kTouchSlack, near);
  for (const Unit* other : near) {
    if (other == &unit || !other->stats->solid() || !other->alive() || !other->idle()) continue;
    if (!other->has_rest_goal || distance(other->rest_goal, goal) > kSameGoal) continue;
    if (distance(unit.pos, other->pos) <= unit.radius + other->radius + kTouchSlack) return true;
  }
  return false;
}

bool walk(World& world, Unit& unit, Vec2 goal) {
  if (move_towards(world, unit, goal, 0.0f) || stopped_short(unit)) return true;
  return blocked_by_arrived(world, unit, goal);
}

Unit* attackable(World& world, UnitId id, const Unit& attacker) {
  Unit* target = world.find(id);
  return (target != nullptr && can_attack(attacker, *target)) ? target : nullptr;
}

// Strikes when in range and ready; otherwise closes in if allowed.
void engage(World& world, Unit& unit, Unit& target, bool may_move) {
  unit.engaged_target = target.id;
  const float range = strike_range(*unit.stats);
  if (edge_distance(unit, target) <= range + kRangeSlack) {
    face_towards(unit, target.pos);
    if (unit.stats->explosion) {
      std::vector<Unit*> near;
      world.units_near(unit.pos, unit.stats->explosion->splash_radius, near);
      explode(unit, near);
    } else if (unit.weapon_cooldown <= 0.0f) {
      const Weapon weapon = upgraded_weapon(world, unit);
      if (weapon.line_splash) {
        thread_local std::vector<Unit*> near;  // the enemies that may stand on the line
        world.enemies_near(target.pos, weapon.line_splash->half_length + weapon.line_splash->search_radius,
                           unit.owner, near);
        fire_weapon(unit, target, weapon, world.rng(), near, &world.missiles());
      } else {
        fire_weapon(unit, target, weapon, world.rng(), {}, &world.missiles());
      }
    }
    return;
  }
  if (may_move) move_towards(world, unit, target.pos, range + unit.radius + target.radius);
}

// Keeps the current enemy target while it stays within `keep` and its owner sees it (a unit
// follows what it took on); else picks a new one within `acquire` (the scan range: combat.h).
Unit* auto_target(World& world, Unit& unit, float acquire, float keep) {
  if (!unit.stats->can_attack() || !world.enemies_present(unit.owner)) return nullptr;
  Unit* current = attackable(world, unit.engaged_target, unit);
  if (current != nullptr && hostile(unit.owner, current->owner) && edge_distance(unit, *current) <= keep &&
      world.seen_at_last_update(unit.owner, *current)) {
    return current;
  }
  thread_local std::vector<Unit*> near;  // reused: this runs for every idle or attacking unit every loop
  // Enemies in weapon range outrank every other candidate (acquire_target), so when one is
  // there the small search gives the same pick as the wider one.
  const float in_range = strike_range(*unit.stats) + kRangeSlack;
  if (in_range < acquire) {
    world.enemies_near(unit.pos, in_range + unit.radius, unit.owner, near);
    Unit* target = acquire_target(unit, near, acquire);
    if (target != nullptr && edge_distance(unit, *target) <= in_range) return target;
  }
  world.enemies_near(unit.pos, acquire + unit.radius, unit.owner, near);
  return acquire_target(unit, near, acquire);
}

void end_leash(Unit& unit) {
  rest_at(unit, unit.leash_origin);
  unit.leashed = unit.returning = false;
}

// Whether `unit`, walking back, has come up against another unit that stands where it would
// stand at its leash's origin (it could not get within kHomeSlack of the spot without
// overlapping it): the walk back ends beside that unit.
bool against_unit_on_spot(const World& world, const Unit& unit) {
  if (distance(unit.pos, unit.leash_origin) > kLeashResetRadius) return false;  // only once near
  thread_local std::vector<Unit*> near;
  world.units_near(unit.leash_origin, unit.radius, near);
  for (const Unit* other : near) {
    if (other == &unit || !other->stats->solid() || !other->alive()) continue;
    const float reach = other->radius + unit.radius;
    if (distance(other->pos, unit.leash_origin) < reach - kHomeSlack && distance(other->pos, unit.pos) <= reach + kHomeSlack) {
      return true;
    }
  }
  return false;
}

// An idle unit that may move fights on its own within a leash: it takes on enemies within its
// scan range (or its attacker, or an ally's: answer_calls_for_help), chases a target while its owner sees
// it, and walks back to where the chase began once the target is gone or the chase has gone
// kLeashRadius away; walking back it ignores enemies until within kLeashResetRadius of that spot.
void run_idle_leashed(World& world, Unit& unit) {
  if (unit.returning && distance(unit.pos, unit.leash_origin) > kLeashResetRadius) {
    unit.engaged_target = {};
    if (walk(world, unit, unit.leash_origin)) end_leash(unit);  // walk() gave up: the spot is out of reach
    return;
  }
  unit.returning = false;
  Unit* target = auto_target(world, unit, acquire_range(*unit.stats), std::numeric_limits<float>::infinity());
  if (target != nullptr && unit.leashed && distance(unit.pos, unit.leash_origin) > kLeashRadius) {
    target = nullptr;
    unit.returning = true;
  }
  if (target == nullptr) {
    unit.engaged_target = {};
    if (!unit.leashed) return;
    const bool home = distance(unit.pos, unit.leash_origin) <= kHomeSlack || against_unit_on_spot(world, unit);
    if (home || walk(world, unit, unit.leash_origin)) end_leash(unit);
    return;
  }
  if (!unit.leashed) {
    unit.leashed = true;
    unit.leash_origin = unit.pos;
  }
  unit.has_rest_goal = false;
  engage(world, unit, *target, true);
}

void run_idle(World& world, Unit& unit) {
  // Idle workers stay passive, as in the game: they fight only when ordered to (otherwise a
  // base's SCVs would chase every enemy that walks past the mineral line); so do passive types.
  if (unit.stats->role == UnitRole::Worker || unit.stats->passive) {
    unit.engaged_target = {};
    return;
  }
  // An idle healer of a non-passive type (the enemy's Medivac) heals on its own (healing.h).
  if (autocast_heal(world, unit)) {
    if (run_heal(world, unit, unit.orders.front())) finish_order(unit);
    return;
  }
  // Units that hold their position, and rooted ones (the Spine Crawler), only fight what is in range.
  const bool stays = unit.holding_position || unit.stats->immobile();
  if (stays) {
    const float in_range = strike_range(*unit.stats);
    Unit* target = auto_target(world, unit, in_range, in_range);
    if (target == nullptr) {
      unit.engaged_target = {};
      return;
    }
    unit.has_rest_goal = false;
    engage(world, unit, *target, false);
    return;
  }
  run_idle_leashed(world, unit);
}

}  // namespace

void run_unit(World& world, Unit& unit) {
  if (!unit.alive()) return;
  unit.weapon_cooldown = std::max(0.0f, unit.weapon_cooldown - 1.0f);
  if (unit.stats->speed_per_loop <= 0.0f) {  // immobile units drop movement orders
    unit.orders.clear();
    if (unit.stats->can_attack()) run_idle(world, unit);
    advance_production(world, unit);
    return;
  }
  if (unit.orders.empty()) {
    run_idle(world, unit);
    return;
  }
  unit.has_rest_goal = false;
  unit.leashed = unit.returning = false;  // ordered: no chase of its own to walk back from
  Order& order = unit.orders.front();
  switch (order.kind) {
    case OrderKind::Move:
      unit.engaged_target = {};
      if (walk(world, unit, order.target)) {
        rest_at(unit, order.target);
        finish_order(unit);
      }
      return;
    case OrderKind::AttackUnit: {
      Unit* target = attackable(world, order.target_unit, unit);
      if (target == nullptr) {
        finish_order(unit);
        return;
      }
      order.target = target->pos;
      engage(world, unit, *target, true);
      return;
    }
    case OrderKind::Gather:
      unit.engaged_target = {};
      if (run_gather(world, unit, order)) finish_order(unit);
      return;
    case OrderKind::Build:
      unit.engaged_target = {};
      if (run_build(world, unit, order)) finish_order(unit);
      return;
    case OrderKind::Heal:
      if (run_heal(world, unit, order)) finish_order(unit);
      return;
    case OrderKind::AttackMove:
    case OrderKind::Patrol: {
      if (Unit* target = auto_target(world, unit, acquire_range(*unit.stats), unit.stats->sight_range)) {
        engage(world, unit, *target, true);
        return;
      }
      unit.engaged_target = {};
      if (!walk(world, unit, order.target)) return;
      if (order.kind == OrderKind::Patrol) {
        std::swap(order.target, order.patrol_origin);
      } else {
        rest_at(unit, order.target);
        finish_order(unit);
      }
      return;
    }
  }
}

void answer_calls_for_help(World& world, std::span<Unit* const> units) {
  thread_local std::vector<Unit*> near;
  for (Unit* victim : units) {
    if (!victim->help_wanted_against.valid()) continue;
    const UnitId attacker_id = victim->help_wanted_against;
    victim->help_wanted_against = {};
    if (world.game_loop() < victim->next_help_call_loop) continue;
    const Unit* attacker = world.find(attacker_id);
    if (attacker == nullptr || !attacker->alive() || !hostile(victim->owner, attacker->owner)) continue;
    victim->next_help_call_loop = world.game_loop() + kCallForHelpPeriodLoops;
    world.units_near(victim->pos, victim->radius + kCallForHelpRadius, near);
    for (Unit* ally : near) {
      if (ally == victim || ally->owner != victim->owner || !ally->alive()) continue;
      if (edge_distance(*ally, *victim) > kCallForHelpRadius) continue;
      if (takes_on_by_itself(*ally, *attacker)) ally->engaged_target = attacker->id;
    }
  }
}

}  // namespace sc2::engine
