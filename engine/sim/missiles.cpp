#include "engine/sim/missiles.h"

#include <algorithm>

#include "engine/sim/combat.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr float kLoopsPerNormalSecond = 16.0f;

}  // namespace

Missile launch_missile(const Unit& attacker, const Unit& target, const Weapon& weapon) {
  Missile m;
  m.attacker = attacker.id;
  m.owner = attacker.owner;
  m.target = target.id;
  m.pos = attacker.pos;
  m.speed = weapon.missile_speed / kLoopsPerNormalSecond;
  m.acceleration = weapon.missile_acceleration / (kLoopsPerNormalSecond * kLoopsPerNormalSecond);
  m.max_speed = std::max(weapon.missile_max_speed, weapon.missile_speed) / kLoopsPerNormalSecond;
  m.per_attack = volley_damage_before_armor(weapon, *target.stats);
  m.attacks = weapon.attacks;
  return m;
}

void fly_missiles(World& world, std::vector<Missile>& missiles) {
  std::erase_if(missiles, [&](Missile& m) {
    Unit* target = world.find(m.target);
    if (target == nullptr || !target->alive()) return true;  // nothing to land on: the damage is lost
    const float to_edge = distance(m.pos, target->pos) - target->radius;
    if (to_edge <= m.speed) {
      land_volley(*target, m.per_attack, m.attacks, m.attacker, m.owner, world.find(m.attacker));
      return true;
    }
    const Vec2 towards = target->pos - m.pos;
    m.pos = m.pos + towards * (m.speed / length(towards));
    m.speed = std::min(m.max_speed, m.speed + m.acceleration);
    return false;
  });
}

}  // namespace sc2::engine
