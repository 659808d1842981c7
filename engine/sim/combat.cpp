#include "engine/sim/combat.h"

#include "engine/sim/missiles.h"
#include "engine/sim/movement.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sc2::engine {

namespace {

constexpr float kMinimumDamage = 0.5f;

// The game's default Response (Acquire): an idle unit that is hit fights back at its attacker,
// wherever the attacker stands (it acquires new targets only within its scan range).
void respond_to_attack(Unit& victim, const Unit& attacker) {
  if (takes_on_by_itself(victim, attacker)) victim.engaged_target = attacker.id;
}

// One attack of `amount` (bonus included, armor not yet) on `victim`: shields first, with no
// armor (spec sc2-map-files.md §5.2: no ShieldArmor), the rest to life less the life armor.
// A unit without shields takes max(0.5, amount - armor) as before; what gets through a
// breaking shield is reduced by the armor down to 0. Every hit restarts the shield delay.
// `attacker` may be dead (a missile landing after its shooter died: missiles.h); the victim
// then answers no one, but the hit still counts for the attacker's owner.
void take_hit(Unit& victim, float amount, UnitId attacker_id, int attacker_owner, const Unit* attacker) {
  if (attacker != nullptr) respond_to_attack(victim, *attacker);
  const float armor = victim.stats->armor;
  float to_life = std::max(kMinimumDamage, amount - armor);
  if (victim.shield > 0.0f) {
    const float absorbed = std::min(victim.shield, amount);
    victim.shield -= absorbed;
    to_life = std::max(0.0f, amount - absorbed - armor);
  }
  victim.health = std::max(0.0f, victim.health - to_life);
  victim.shield_regen_wait = victim.stats->shield_regen_delay_loops;
  victim.last_attacker_owner = attacker_owner;
  victim.help_wanted_against = attacker_id;  // the victim's idle allies answer (answer_calls_for_help)
}

void take_hit(Unit& victim, float amount, const Unit& attacker) {
  take_hit(victim, amount, attacker.id, attacker.owner, &attacker);
}

// Damage of one attack before armor: the bonus applies when the target has the attribute,
// against shields as against life (spec §5.4).
float before_armor(float damage, std::uint32_t bonus_attribute, float bonus_damage, const UnitTypeStats& target) {
  return damage + (bonus_attribute != 0 && target.has_attribute(bonus_attribute) ? bonus_damage : 0.0f);
}

}  // namespace

float damage_per_attack(float damage, std::uint32_t bonus_attribute, float bonus_damage,
                        const UnitTypeStats& target) {
  float total = damage - target.armor;
  if (bonus_attribute != 0 && target.has_attribute(bonus_attribute)) total += bonus_damage;
  return std::max(kMinimumDamage, total);
}

float weapon_damage(const Weapon& weapon, const UnitTypeStats& target) {
  return damage_per_attack(weapon.damage, weapon.bonus_attribute, weapon.bonus_damage, target);
}

float explosion_damage(const Explosion& explosion, const UnitTypeStats& target) {
  return damage_per_attack(explosion.damage, explosion.bonus_attribute, explosion.bonus_damage, target);
}

bool takes_on_by_itself(const Unit& unit, const Unit& enemy) {
  if (!unit.idle() || unit.engaged_target.valid() || unit.returning || !enemy.alive()) return false;
  const UnitTypeStats& stats = *unit.stats;
  if (stats.role == UnitRole::Worker || stats.passive || stats.immobile() || unit.holding_position) return false;
  return hostile(unit.owner, enemy.owner) && can_attack(unit, enemy);
}

float edge_distance(const Unit& a, const Unit& b) { return distance(a.pos, b.pos) - a.radius - b.radius; }

float acquire_range(const UnitTypeStats& stats) { return std::max(stats.scan_range, strike_range(stats)); }

float strike_range(const UnitTypeStats& stats) {
  if (stats.weapon) return stats.weapon->range;
  if (stats.explosion) return stats.explosion->trigger_range;
  return 0.0f;
}

bool can_attack(const Unit& attacker, const Unit& target) {
  if (!attacker.stats->can_attack() || !attacker.alive()) return false;
  if (&attacker == &target || !target.stats->solid() || !target.alive()) return false;
  if (target.owner == kNeutralOwner) return false;
  // A flying target (the Medivac) needs a weapon that hits air; explosions hit ground only. The
  // Colossus is in both planes: ground and air weapons reach it.
  const bool ground = !target.stats->flying;
  const bool air = target.stats->flying || target.stats->also_air;
  if (!attacker.stats->weapon) return ground;
  const WeaponTargets t = attacker.stats->weapon->targets;
  return (ground && t != WeaponTargets::Air) || (air && t != WeaponTargets::Ground);
}

float jittered_cooldown(const Weapon& weapon, Rng& rng) {
  return weapon.cooldown_loops + static_cast<float>(static_cast<int>(rng.below(4)) - 1);
}

Unit* acquire_target(const Unit& unit, std::span<Unit* const> units, float reach) {
  const float range = strike_range(*unit.stats);
  Unit* best = nullptr;
  int best_rank = 0;
  float best_distance = 0.0f;
  for (Unit* other : units) {
    if (!hostile(unit.owner, other->owner) || !can_attack(unit, *other)) continue;
    const float d = edge_distance(unit, *other);
    if (d > reach) continue;
    const bool threat = can_attack(*other, unit);
    const int rank = (d <= range + kRangeSlack ? 0 : 2) + (threat ? 0 : 1);
    const bool better = best == nullptr || rank < best_rank ||
                        (rank == best_rank && (d < best_distance || (d == best_distance && other->id.index < best->id.index)));
    if (better) {
      best = other;
      best_rank = rank;
      best_distance = d;
    }
  }
  return best;
}

bool on_splash_line(const Unit& attacker, const Unit& target, const LineSplash& splash, const Unit& victim) {
  // The line runs through the target's centre, perpendicular to the attack's direction (along
  // the attacker's facing turned a quarter when both stand on one point).
  Vec2 dir = target.pos - attacker.pos;
  float len = length(dir);
  if (len <= 0.0f) {
    dir = {std::cos(attacker.facing), std::sin(attacker.facing)};
    len = 1.0f;
  }
  const Vec2 forward = dir * (1.0f / len);
  const Vec2 across{-forward.y, forward.x};
  const Vec2 d = victim.pos - target.pos;
  const float along = std::clamp(d.x * across.x + d.y * across.y, -splash.half_length, splash.half_length);
  const Vec2 nearest = target.pos + across * along;
  return distance(victim.pos, nearest) <= splash.search_radius + victim.radius;
}

float volley_damage_before_armor(const Weapon& weapon, const UnitTypeStats& target) {
  return before_armor(weapon.damage, weapon.bonus_attribute, weapon.bonus_damage, target);
}

void land_volley(Unit& target, float per_attack, std::uint32_t attacks, UnitId attacker_id, int attacker_owner,
                 const Unit* attacker) {
  for (std::uint32_t i = 0; i < attacks && target.health > 0.0f; ++i) {
    take_hit(target, per_attack, attacker_id, attacker_owner, attacker);
  }
}

void fire_weapon(Unit& attacker, Unit& target, const Weapon& weapon, Rng& rng, std::span<Unit* const> nearby,
                 std::vector<Missile>* missiles) {
  face_towards(attacker, target.pos);
  if (weapon.has_missile() && missiles != nullptr && !weapon.line_splash) {
    missiles->push_back(launch_missile(attacker, target, weapon));  // its damage is reckoned there
    attacker.weapon_cooldown = jittered_cooldown(weapon, rng);
    return;
  }
  const float per_attack = volley_damage_before_armor(weapon, *target.stats);
  if (!weapon.line_splash) {
    land_volley(target, per_attack, weapon.attacks, attacker.id, attacker.owner, &attacker);
  } else {
    // The victims on the line, chosen once for the volley (every sweep crosses the same line).
    thread_local std::vector<Unit*> line;
    line.clear();
    for (Unit* u : nearby) {
      if (u == &target || u == &attacker || !hostile(attacker.owner, u->owner)) continue;
      if (!u->stats->solid() || !u->alive() || u->health <= 0.0f || u->stats->flying) continue;
      if (on_splash_line(attacker, target, *weapon.line_splash, *u)) line.push_back(u);
    }
    for (std::uint32_t i = 0; i < weapon.attacks; ++i) {
      if (target.health > 0.0f) take_hit(target, per_attack, attacker);
      for (Unit* u : line) {
        if (u->health > 0.0f) {
          take_hit(*u, volley_damage_before_armor(weapon, *u->stats), attacker);
        }
      }
    }
  }
  attacker.weapon_cooldown = jittered_cooldown(weapon, rng);
}

void explode(Unit& attacker, std::span<Unit* const> units) {
  const Explosion& blast = *attacker.stats->explosion;
  if (attacker.burst) return;
  attacker.burst = true;
  for (Unit* victim : units) {
    if (victim == &attacker || !hostile(attacker.owner, victim->owner)) continue;
    if (!victim->stats->solid() || !victim->alive()) continue;
    if (distance(attacker.pos, victim->pos) - victim->radius <= blast.splash_radius) {
      take_hit(*victim, before_armor(blast.damage, blast.bonus_attribute, blast.bonus_damage, *victim->stats),
               attacker);
    }
  }
  if (attacker.health > 0.0f) {
    attacker.health = 0.0f;
    attacker.last_attacker_owner = attacker.owner;  // a suicide, credited to no enemy
  }
}

}  // namespace sc2::engine
