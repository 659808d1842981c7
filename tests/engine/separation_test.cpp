// Separation of crowds (sim/separation.cpp): a dense crowd spreads until no two units
// overlap, Marines pouring out of a Barracks never end up inside a structure or on its
// cells, structures never move, and pairs are found wherever the units stand.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/sim/pathing_grid.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr float kTolerance = 0.01f;  // world units of overlap still accepted

// The largest overlap (sum of radii - distance) between two solid units, 0 if none.
float worst_overlap(const std::vector<const Unit*>& units) {
  float worst = 0.0f;
  for (std::size_t i = 0; i < units.size(); ++i) {
    for (std::size_t j = i + 1; j < units.size(); ++j) {
      const Unit& a = *units[i];
      const Unit& b = *units[j];
      if (a.stats->immobile() && b.stats->immobile()) continue;
      worst = std::max(worst, a.radius + b.radius - distance(a.pos, b.pos));
    }
  }
  return worst;
}

std::vector<const Unit*> all_units(const World& world) { return world.units(); }

bool inside_playable(const World& world, const Unit& u) {
  const CellRect& r = world.map().playable;
  return u.pos.x >= r.x0 + u.radius - 1e-4f && u.pos.x <= r.x1 - u.radius + 1e-4f &&
         u.pos.y >= r.y0 + u.radius - 1e-4f && u.pos.y <= r.y1 - u.radius + 1e-4f;
}

}  // namespace

TEST_CASE("separation: a dense crowd of 150 Marines spreads until no two overlap") {
  World w = flat_world();
  // 150 Marines on a 0.25 grid around the centre: every Marine overlaps about 20 others.
  const Vec2 centre{32, 32};  // of flat_world()'s playable area
  for (int i = 0; i < 150; ++i) {
    w.spawn(unit_type::kMarine, 1, {centre.x + (i % 12) * 0.25f - 1.5f, centre.y + (i / 12) * 0.25f - 1.5f});
  }
  CHECK(worst_overlap(all_units(w)) > 0.45f);  // neighbours 0.25 apart overlap by 0.5
  run_loops(w, 200);
  const auto units = all_units(w);
  REQUIRE(units.size() == 150);
  CHECK(worst_overlap(units) <= kTolerance);
  for (const Unit* u : units) CHECK(inside_playable(w, *u));
}

TEST_CASE("separation: 150 Marines leaving a Barracks crowd its exit but never enter a structure's cells") {
  World w = flat_world();
  // A Barracks with a Supply Depot and a Command Center around it, as in BuildMarines.
  const Vec2 barracks_at{28.5f, 32.5f};
  const UnitId barracks = w.spawn(unit_type::kBarracks, 1, barracks_at);
  const UnitId depot = w.spawn(unit_type::kSupplyDepot, 1, {25.0f, 29.0f});
  const UnitId command_center = w.spawn(unit_type::kCommandCenter, 1, {34.5f, 28.5f});
  const std::vector<UnitId> structures{barracks, depot, command_center};
  std::vector<Vec2> structure_pos;
  for (UnitId id : structures) structure_pos.push_back(w.find(id)->pos);
  // One Marine every 2 loops on the spot south of the Barracks where production puts them.
  const Vec2 exit = barracks_at + Vec2{0.0f, -(w.find(barracks)->radius + 0.375f + 0.1f)};
  REQUIRE(w.pathing().pathable_at(exit));
  for (int loop = 0; loop < 300 + 300; ++loop) {
    if (loop < 300 && loop % 2 == 0) w.spawn(unit_type::kMarine, 1, exit);
    w.advance();
    for (const Unit* u : w.units()) {
      if (u->stats->immobile()) continue;
      REQUIRE_MESSAGE(w.pathing().pathable_at(u->pos), "loop " << loop << ": a Marine at (" << u->pos.x << ", "
                                                                << u->pos.y << ") is on an unpathable cell");
      REQUIRE(inside_playable(w, *u));
    }
  }
  for (std::size_t i = 0; i < structures.size(); ++i) CHECK(w.find(structures[i])->pos == structure_pos[i]);
  const auto units = all_units(w);
  CHECK(units.size() == 150 + structures.size());
  CHECK(worst_overlap(units) <= kTolerance);
}

TEST_CASE("separation: overlapping pairs are found far apart on a large map and against a large structure") {
  // Two units at opposite corners make the grid coarsen; pairs must still be found.
  World w(make_flat_layout(256, 256, CellRect{0, 0, 256, 256}, 128, 96), 1);
  const UnitId a = w.spawn(unit_type::kMarine, 1, {3.0f, 3.0f});
  const UnitId b = w.spawn(unit_type::kMarine, 1, {3.2f, 3.0f});
  const UnitId c = w.spawn(unit_type::kMarine, 1, {250.0f, 250.0f});
  const UnitId d = w.spawn(unit_type::kMarine, 1, {250.0f, 250.3f});
  // A Marine inside a Command Center's disc but far from its centre (another cell).
  const Vec2 cc_at{128.5f, 128.5f};
  const UnitId cc = w.spawn(unit_type::kCommandCenter, 1, cc_at);
  const UnitId e = w.spawn(unit_type::kMarine, 1, {128.5f + 2.0f, 128.5f + 1.5f});
  run_loops(w, 5);
  CHECK(distance(w.find(a)->pos, w.find(b)->pos) >= 0.75f - kTolerance);
  CHECK(distance(w.find(c)->pos, w.find(d)->pos) >= 0.75f - kTolerance);
  CHECK(w.find(cc)->pos == cc_at);
  CHECK(distance(w.find(e)->pos, cc_at) >= 2.75f + 0.375f - kTolerance);
}
