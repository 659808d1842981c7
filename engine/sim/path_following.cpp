#include "engine/sim/path_following.h"

#include <algorithm>
#include <cmath>

#include "engine/sim/movement.h"
#include "engine/sim/pathing_grid.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr float kReplanDistance = 1.0f;  // a chased goal may drift this far before re-planning
constexpr float kArrivalSlack = 1e-4f;
constexpr float kEdgeReachSlack = 0.5f;  // route end cells' centres may be this much further out
constexpr float kFallbackReach = 1.0f;   // a cell (plus the radius) around a fallback point

void plan_route(const PathingGrid& grid, Unit& unit, Vec2 goal, float stop_distance) {
  PathPlan& plan = unit.path;
  plan.valid = true;
  plan.goal = goal;
  plan.stop_distance = stop_distance;
  plan.grid_version = grid.version();
  plan.waypoints.clear();
  plan.unreachable = false;
  const float d = distance(unit.pos, goal);
  if (d <= stop_distance) return;
  // Where the unit will stand when it arrives: `stop_distance` short, on its side.
  const Vec2 approach = stop_distance > 0.0f ? goal + (unit.pos - goal) * (stop_distance / d) : goal;
  if (grid.segment_clear(unit.pos, approach, unit.radius)) return;  // straight line: no route needed
  // Up to an edge: any cell from which the goal is within reach will do (the approach
  // point itself may lie where another obstacle's disc leaves no room).
  const float reach = stop_distance > 0.0f ? stop_distance + kEdgeReachSlack : 0.0f;
  PathResult route = grid.find_path(unit.pos, stop_distance > 0.0f ? goal : approach, unit.radius, reach);
  plan.waypoints = std::move(route.waypoints);
  plan.unreachable = !route.reaches_goal;
}

// How far the unit may walk this loop: its top speed, or for a unit that accelerates, one
// acceleration more than last loop's step (from rest when it did not walk last loop), and no
// more than lets it brake to a stop at the goal (v^2 <= 2 a d).
float step_length(const World& world, const Unit& unit, Vec2 goal, float stop_distance) {
  const UnitTypeStats& stats = *unit.stats;
  const float a = stats.acceleration_per_loop;
  if (a <= 0.0f) return stats.speed_per_loop;
  const bool walked_last_loop = unit.walk_loop + 1 == world.game_loop();
  const float current = walked_last_loop ? unit.walk_speed : 0.0f;
  const float remaining = std::max(0.0f, distance(unit.pos, goal) - stop_distance);
  const float braking = std::sqrt(2.0f * a * remaining);
  return std::clamp(std::min(current + a, braking), a, stats.speed_per_loop);
}

}  // namespace

bool step_on_grid(const PathingGrid& grid, Unit& unit, Vec2 goal, float stop_distance, float step) {
  const Vec2 before = unit.pos;
  const bool arrived = step_towards(unit, goal, stop_distance, step);
  if (!grid.has_obstacles() || grid.pathable_at(unit.pos) || !grid.pathable_at(before)) return arrived;
  // Slide along the wall: keep the component of the step that stays on pathable ground.
  const Vec2 along_x{unit.pos.x, before.y};
  const Vec2 along_y{before.x, unit.pos.y};
  if (grid.pathable_at(along_x) && along_x.x != before.x) {
    unit.pos = along_x;
  } else if (grid.pathable_at(along_y) && along_y.y != before.y) {
    unit.pos = along_y;
  } else {
    unit.pos = before;
  }
  return distance(unit.pos, goal) <= stop_distance + kArrivalSlack;
}

namespace {

// One loop's walk of at most `step` towards `goal`: straight, or along the planned route.
bool move_on(World& world, Unit& unit, Vec2 goal, float stop_distance, float step) {
  const PathingGrid& grid = world.pathing_for(*unit.stats);
  if (unit.stats->flying || !grid.has_obstacles()) {
    unit.path.valid = false;
    return step_towards(unit, goal, stop_distance, step);
  }
  PathPlan& plan = unit.path;
  if (!plan.valid || plan.grid_version != grid.version() || plan.stop_distance != stop_distance ||
      distance(plan.goal, goal) > kReplanDistance) {
    plan_route(grid, unit, goal, stop_distance);
  }
  // Near enough the fallback point of an unreachable goal is there: a structure's disc may
  // keep the unit from standing exactly on it.
  if (plan.unreachable && plan.waypoints.size() == 1 &&
      distance(unit.pos, plan.waypoints.front()) <= unit.radius + kFallbackReach) {
    plan.waypoints.clear();
  }
  // A corner on the way is passed once the unit's disc covers it and the next leg is clear:
  // units sharing a route crowd its corners, and none of them could stand on one exactly.
  if (plan.waypoints.size() > 1 && distance(unit.pos, plan.waypoints.front()) <= unit.radius &&
      grid.segment_clear(unit.pos, plan.waypoints[1], unit.radius)) {
    plan.waypoints.erase(plan.waypoints.begin());
  }
  if (!plan.waypoints.empty()) {
    const Vec2 before = unit.pos;
    if (step_on_grid(grid, unit, plan.waypoints.front(), 0.0f, step)) {
      plan.waypoints.erase(plan.waypoints.begin());
    } else if (unit.pos == before) {
      plan.valid = false;  // stuck against something: plan again next loop
    }
    return distance(unit.pos, goal) <= stop_distance + kArrivalSlack;
  }
  if (plan.unreachable) {
    face_towards(unit, goal);
    return false;  // at the nearest reachable point: stay
  }
  const Vec2 before = unit.pos;
  const bool arrived = step_on_grid(grid, unit, goal, stop_distance, step);
  if (!arrived && unit.pos == before) plan.valid = false;
  return arrived;
}

constexpr float kTouchSlack = 0.05f;  // edges this close count as touching

// A point goal where the unit cannot stand, against a structure or resource (its disc pushes
// the unit back out every loop: e.g. a click on a Command Center's edge), and the unit pressed
// against that obstacle within reach of the goal: it is as near as it gets.
bool pressed_against_goal_blocker(const World& world, const Unit& unit, Vec2 goal) {
  if (unit.stats->flying || distance(unit.pos, goal) > unit.radius + kFallbackReach) return false;
  thread_local std::vector<Unit*> near;  // reused: walking units near their goal call this every loop
  world.units_near(goal, unit.radius, near);
  for (const Unit* other : near) {
    if (other == &unit || !other->alive() || !other->stats->immobile() || other->stats->flying) continue;
    const float reach = other->radius + unit.radius;
    if (distance(goal, other->pos) < reach && distance(unit.pos, other->pos) <= reach + kTouchSlack) return true;
  }
  return false;
}

}  // namespace

bool move_towards(World& world, Unit& unit, Vec2 goal, float stop_distance) {
  const Vec2 before = unit.pos;
  const bool arrived = move_on(world, unit, goal, stop_distance, step_length(world, unit, goal, stop_distance));
  if (!arrived && stop_distance == 0.0f && pressed_against_goal_blocker(world, unit, goal)) {
    // Ends the walk as at an unreachable goal's fallback point (stopped_short).
    unit.path.valid = true;
    unit.path.unreachable = true;
    unit.path.waypoints.clear();
  }
  unit.walk_speed = distance(before, unit.pos);
  unit.walk_loop = world.game_loop();
  return arrived;
}

bool stopped_short(const Unit& unit) {
  return unit.path.valid && unit.path.unreachable && unit.path.waypoints.empty();
}

}  // namespace sc2::engine
