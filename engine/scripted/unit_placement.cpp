#include "engine/scripted/unit_placement.h"

#include <cmath>
#include <numbers>

#include "engine/sim/construction.h"

namespace sc2::engine::scripted {

namespace {

constexpr float kRingStep = 0.125f;
constexpr int kRings = 64;          // up to 8 away
constexpr float kTouching = 1e-3f;  // units exactly touching (Roaches 1.0 apart) do fit

bool in_playable(const World& world, Vec2 p, float radius) {
  const CellRect& r = world.map().playable;
  return p.x >= r.x0 + radius && p.x <= r.x1 - radius && p.y >= r.y0 + radius && p.y <= r.y1 - radius;
}

bool free_spot(const World& world, Vec2 spot, float radius) {
  if (!in_playable(world, spot, radius)) return false;
  if (!world.pathing().terrain_open(floor_to_int(spot.x), floor_to_int(spot.y))) return false;
  bool free = true;
  world.for_each_unit([&](const Unit& u) {
    if (free && u.stats->solid() && distance(u.pos, spot) < u.radius + radius - kTouching) free = false;
  });
  return free;
}

}  // namespace

Vec2 placement_spot(const World& world, const UnitTypeStats& type, Vec2 at) {
  if (type.footprint_w > 0) return snap_to_grid(type, at);
  if (!type.solid()) return at;
  for (int ring = 0; ring <= kRings; ++ring) {
    const float rho = static_cast<float>(ring) * kRingStep;
    const int points = ring == 0 ? 1 : static_cast<int>(std::ceil(2.0f * std::numbers::pi_v<float> * rho / kRingStep));
    for (int i = 0; i < points; ++i) {
      const float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(points);
      const Vec2 spot = at + Vec2{std::cos(angle), std::sin(angle)} * rho;
      if (free_spot(world, spot, type.radius)) return spot;
    }
  }
  return world.clamp_to_playable(at, type.radius);
}

}  // namespace sc2::engine::scripted
