#include "engine/sim/movement.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr int kSeparationPasses = 3;
constexpr float kArrivalSlack = 1e-4f;

// Direction used to split two units standing on exactly the same point: fixed, so the
// outcome does not depend on anything but the pair's slot order.
Vec2 split_direction(std::size_t pair_index) {
  constexpr Vec2 kDirections[] = {{1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f},
                                  {0.70710678f, 0.70710678f}, {-0.70710678f, 0.70710678f},
                                  {-0.70710678f, -0.70710678f}, {0.70710678f, -0.70710678f}};
  return kDirections[pair_index % 8];
}

// Workers on a harvest trip pass through other mobile units, as in the game (they still
// keep out of structures and resources).
bool harvesting(const Unit& u) {
  return !u.orders.empty() && u.orders.front().kind == OrderKind::Gather;
}

// Holding units and immobile ones (structures, resources) do not yield.
bool fixed(const Unit& u) { return u.holding_position || u.stats->immobile(); }

// A push never takes a ground unit from a pathable cell into an unpathable one (a wall or
// a structure's cells); units already standing on one may leave it.
Vec2 pushed_to(const World& world, const Unit& u, Vec2 to) {
  const PathingGrid& grid = world.pathing();
  if (u.stats->flying || !grid.has_obstacles() || grid.pathable_at(to) || !grid.pathable_at(u.pos)) return to;
  return u.pos;
}

}  // namespace

void face_towards(Unit& unit, Vec2 towards) {
  const Vec2 d = towards - unit.pos;
  if (length(d) <= 0.0f) return;
  float angle = std::atan2(d.y, d.x);
  if (angle < 0.0f) angle += 2.0f * std::numbers::pi_v<float>;
  unit.facing = angle;
}

bool step_towards(Unit& unit, Vec2 goal, float stop_distance) {
  const float speed = unit.stats->speed_per_loop;
  const Vec2 to_goal = goal - unit.pos;
  const float dist = length(to_goal);
  face_towards(unit, goal);
  if (dist <= stop_distance) return true;
  if (stop_distance <= 0.0f && dist <= speed) {
    unit.pos = goal;
    return true;
  }
  const float move = std::min(speed, dist - stop_distance);
  unit.pos = unit.pos + to_goal * (move / dist);
  return dist - move <= stop_distance + kArrivalSlack;
}

void separate_units(const World& world, std::span<Unit* const> units) {
  std::vector<Unit*> solid;
  float max_radius = 0.0f;
  for (Unit* u : units) {
    if (u->stats->solid() && u->alive()) {
      solid.push_back(u);
      max_radius = std::max(max_radius, u->radius);
    }
  }
  for (int pass = 0; pass < kSeparationPasses; ++pass) {
    // Sweep along x: only units whose x differ by less than two radii can overlap.
    std::stable_sort(solid.begin(), solid.end(), [](const Unit* a, const Unit* b) { return a->pos.x < b->pos.x; });
    bool moved = false;
    for (std::size_t i = 0; i < solid.size(); ++i) {
      Unit& a = *solid[i];
      for (std::size_t j = i + 1; j < solid.size(); ++j) {
        Unit& b = *solid[j];
        if (b.pos.x - a.pos.x >= a.radius + max_radius) break;
        const float min_gap = a.radius + b.radius;
        Vec2 delta = b.pos - a.pos;
        const float dist = length(delta);
        if (dist >= min_gap) continue;
        Vec2 normal = dist > 1e-6f ? delta * (1.0f / dist)
                                   : split_direction(std::min(a.id.index, b.id.index) + std::max(a.id.index, b.id.index));
        const bool a_fixed = fixed(a), b_fixed = fixed(b);
        if (a.stats->immobile() && b.stats->immobile()) continue;  // a Refinery on its geyser
        if ((harvesting(a) && !b.stats->immobile()) || (harvesting(b) && !a.stats->immobile())) continue;
        const float overlap = min_gap - dist;
        float share_a = 0.5f, share_b = 0.5f;
        if (a_fixed && !b_fixed) share_a = 0.0f, share_b = 1.0f;
        if (b_fixed && !a_fixed) share_a = 1.0f, share_b = 0.0f;
        // Structures and resources never move, not even for a unit holding position.
        if (a.stats->immobile()) share_a = 0.0f, share_b = 1.0f;
        if (b.stats->immobile()) share_a = 1.0f, share_b = 0.0f;
        if (share_a > 0.0f) {
          a.pos = pushed_to(world, a, world.clamp_to_playable(a.pos - normal * (overlap * share_a), a.radius));
        }
        if (share_b > 0.0f) {
          b.pos = pushed_to(world, b, world.clamp_to_playable(b.pos + normal * (overlap * share_b), b.radius));
        }
        moved = true;
      }
    }
    if (!moved) break;
  }
}

}  // namespace sc2::engine
