#pragma once
// Combat rules: damage per hit, who may attack whom, range checks, target acquisition,
// weapon fire and the Baneling's explosion. Damage lands when the weapon fires, or when its
// missile arrives (missiles.h: the Roach's, Stalker's, Hydralisk's, Marauder's). A hit
// goes to the target's shields first (no armor on them), the rest to life less its armor;
// the functions below give the damage to life of a target without shields.
#include <span>
#include <vector>

#include "engine/sim/rng.h"
#include "engine/sim/unit.h"

namespace sc2::engine {

struct Missile;

// max(0.5, damage + bonus (if the target has the attribute) - target armour), per attack.
float damage_per_attack(float damage, std::uint32_t bonus_attribute, float bonus_damage,
                        const UnitTypeStats& target);
float weapon_damage(const Weapon& weapon, const UnitTypeStats& target);  // per attack
float explosion_damage(const Explosion& explosion, const UnitTypeStats& target);

// Distance between the two units' edges (negative when they overlap).
float edge_distance(const Unit& a, const Unit& b);

// Range checks allow this much float error, so a unit that walked up to its range is in it.
inline constexpr float kRangeSlack = 0.01f;

// How far (edge to edge) a unit strikes from: weapon range or the explosion's trigger range.
float strike_range(const UnitTypeStats& stats);
// How far an idle or attack-moving unit looks for a new target: its scan range or, when the
// weapon reaches further, the weapon's range. A target once taken is followed while its owner
// sees it (attack-moving units: within sight; idle ones: within a leash, unit_behaviour.cpp).
float acquire_range(const UnitTypeStats& stats);
// Whether an idle unit takes on `enemy` of its own accord when hit by it or called to help an
// ally (the game's default Response, Acquire): not workers, passive types, rooted units, units
// holding position, units already fighting or walking back from a chase.
bool takes_on_by_itself(const Unit& unit, const Unit& enemy);

// True when `attacker` has an attack that can hit `target`: a weapon that hits one of the target's
// planes (air for flying units, ground for the others, both for the Colossus:
// UnitTypeStats::also_air); neutral and lifeless units are never targets.
bool can_attack(const Unit& attacker, const Unit& target);

// Cooldown after a shot: the weapon's cooldown plus the game's random -1..+2 loops.
float jittered_cooldown(const Weapon& weapon, Rng& rng);

// The enemy `unit` would pick among `units` within `reach` (edge distance): enemies
// already within strike range first, then those that can attack back, then the nearest;
// ties go to the lower slot index, whatever the order of `units`. nullptr when none.
Unit* acquire_target(const Unit& unit, std::span<Unit* const> units, float reach);

// One weapon volley at `target` (caller checked range and cooldown) with `weapon`: the
// attacker's own, as its owner's upgrades leave it (upgrades.h). A weapon with a line splash
// (the Colossus) hits, with each of its attacks, the target and every live enemy ground unit of
// `nearby` on the line across the target (unit_data.h: LineSplash); the caller passes the units
// near the target (others are ignored). A weapon whose damage a missile carries launches one
// into `missiles` (the world's: missiles.h), whose damage lands when it arrives; without
// `missiles` the damage lands at once.
void fire_weapon(Unit& attacker, Unit& target, const Weapon& weapon, Rng& rng,
                 std::span<Unit* const> nearby = {}, std::vector<Missile>* missiles = nullptr);

// The damage of one of `weapon`'s attacks on a unit of `target`'s type before its armor
// (bonus included).
float volley_damage_before_armor(const Weapon& weapon, const UnitTypeStats& target);

// `attacks` hits of `per_attack` (before armor) on `target`, from `attacker_id` of
// `attacker_owner`; `attacker` is that unit while it lives (the target answers it), else nullptr.
void land_volley(Unit& target, float per_attack, std::uint32_t attacks, UnitId attacker_id, int attacker_owner,
                 const Unit* attacker);

// Whether `victim` is on the line splash of `attacker` firing at `target` with `splash`.
bool on_splash_line(const Unit& attacker, const Unit& target, const LineSplash& splash, const Unit& victim);

// The attacker explodes (once): every live enemy ground unit within the splash radius
// takes the explosion's damage; the attacker dies. Also called for a Baneling killed
// before it could attack (the table: it explodes on death too).
void explode(Unit& attacker, std::span<Unit* const> units);

}  // namespace sc2::engine
