#include "engine/scripted/unit_placement.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

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

// The solid units a disc of `radius` anywhere in the rings around `at` could overlap.
std::vector<const Unit*> neighbours(const World& world, Vec2 at, float radius) {
  std::vector<const Unit*> near;
  const float reach = kRings * kRingStep + radius;
  world.for_each_unit([&](const Unit& u) {
    if (u.stats->solid() && distance(u.pos, at) < reach + u.radius) near.push_back(&u);
  });
  return near;
}

bool free_spot(const World& world, const std::vector<const Unit*>& near, Vec2 spot, float radius,
               std::int64_t& checks_left) {
  if (!in_playable(world, spot, radius)) return false;
  if (!world.pathing().terrain_open(floor_to_int(spot.x), floor_to_int(spot.y))) return false;
  for (const Unit* u : near) {
    --checks_left;
    if (distance(u->pos, spot) < u->radius + radius - kTouching) return false;
  }
  return true;
}

}  // namespace

Vec2 on_map(const World& world, Vec2 p) {
  return {std::clamp(p.x, 0.0f, static_cast<float>(world.map().width)),
          std::clamp(p.y, 0.0f, static_cast<float>(world.map().height))};
}

Vec2 placed_spot(const World& world, const UnitTypeStats& type, Vec2 at) {
  if (type.footprint_w > 0) return snap_to_grid(type, at);
  return type.solid() ? world.clamp_to_playable(at, type.radius) : on_map(world, at);
}

Vec2 placement_spot(const World& world, const UnitTypeStats& type, Vec2 at, std::int64_t& checks_left) {
  if (type.footprint_w > 0) return snap_to_grid(type, at);
  if (!type.solid()) return on_map(world, at);
  const Vec2 fallback = world.clamp_to_playable(at, type.radius);
  const std::vector<const Unit*> near = neighbours(world, at, type.radius);
  checks_left -= static_cast<std::int64_t>(world.map().width);  // the scan for neighbours, roughly
  for (int ring = 0; ring <= kRings && checks_left > 0; ++ring) {
    const float rho = static_cast<float>(ring) * kRingStep;
    const int points = ring == 0 ? 1 : static_cast<int>(std::ceil(2.0f * std::numbers::pi_v<float> * rho / kRingStep));
    for (int i = 0; i < points && checks_left > 0; ++i) {
      const float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(points);
      const Vec2 spot = at + Vec2{std::cos(angle), std::sin(angle)} * rho;
      if (free_spot(world, near, spot, type.radius, checks_left)) return spot;
    }
  }
  return fallback;
}

}  // namespace sc2::engine::scripted
