#pragma once
// Missiles in flight: the weapons whose damage a missile carries (the Roach's, Stalker's,
// Hydralisk's, Marauder's and Spine Crawler's; unit_data.h, Weapon::missile_speed). The
// game's missiles home on their target and land their damage when they reach it; one whose
// target died on the way lands on nothing, so its damage is lost (the overkill of missile
// weapons). A missile keeps flying when its shooter dies.
#include <cstdint>
#include <vector>

#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

struct Missile {
  UnitId attacker;
  int owner = 0;  // the attacker's, for the kill's credit
  UnitId target;
  Vec2 pos;
  float speed = 0.0f;         // world units per loop
  float acceleration = 0.0f;  // per loop, each loop
  float max_speed = 0.0f;
  float per_attack = 0.0f;    // damage per attack, bonus included, armor not yet
  std::uint32_t attacks = 1;
};

// The missile `attacker` launches at `target` with `weapon` (one with a missile): from the
// attacker's position, at the mover's launch speed.
Missile launch_missile(const Unit& attacker, const Unit& target, const Weapon& weapon);

// One loop of every missile: each moves towards its target's current position; one that gets
// within its step of the target's edge lands (combat.h: land_volley) and is removed, as is one
// whose target is dead or gone.
void fly_missiles(World& world, std::vector<Missile>& missiles);

}  // namespace sc2::engine
