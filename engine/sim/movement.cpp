#include "engine/sim/movement.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace sc2::engine {

namespace {

constexpr float kArrivalSlack = 1e-4f;

}  // namespace

void face_towards(Unit& unit, Vec2 towards) {
  const Vec2 d = towards - unit.pos;
  if (length(d) <= 0.0f) return;
  float angle = std::atan2(d.y, d.x);
  if (angle < 0.0f) angle += 2.0f * std::numbers::pi_v<float>;
  unit.facing = angle;
}

bool step_towards(Unit& unit, Vec2 goal, float stop_distance) {
  return step_towards(unit, goal, stop_distance, unit.stats->speed_per_loop);
}

bool step_towards(Unit& unit, Vec2 goal, float stop_distance, float speed) {
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

}  // namespace sc2::engine
