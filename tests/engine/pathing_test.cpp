// Ground pathing: units walk around terrain walls and structures, never step into an
// unpathable cell, stop at the edge of a structure they are sent into, re-plan when a
// structure appears, and only search (A*) when the straight line is blocked.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "engine/sim/pathing_grid.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr CellRect kPlayable{20, 20, 44, 44};

// A 64x64 flat map whose playable area has a terrain wall at x = 31..32 from y = 20 up to
// (not including) `gap_from`, so the only way east is around its northern end.
MapLayout walled_layout(int gap_from) {
  MapLayout layout = make_flat_layout(64, 64, kPlayable, 128, 96);
  for (int y = kPlayable.y0; y < gap_from; ++y) {
    for (int x = 31; x <= 32; ++x) {
      layout.pathable[layout.cell(x, y)] = 0;
      layout.buildable[layout.cell(x, y)] = 0;
    }
  }
  return layout;
}

bool on_pathable_cell(const World& world, const Unit& u) { return world.pathing().pathable_at(u.pos); }

// Runs until the unit is idle (or `max_loops`), REQUIREs it never stood on a blocked cell.
int run_until_idle(World& world, UnitId id, int max_loops) {
  for (int loop = 0; loop < max_loops; ++loop) {
    world.advance();
    const Unit* u = world.find(id);
    REQUIRE(u != nullptr);
    REQUIRE_MESSAGE(on_pathable_cell(world, *u), "loop " << loop << ": unit at (" << u->pos.x << ", " << u->pos.y
                                                          << ") is on an unpathable cell");
    if (u->idle()) return loop + 1;
  }
  return max_loops;
}

void move(World& world, UnitId id, Vec2 to) {
  REQUIRE(issue_command(world, *world.find(id), ability::kMoveMove, {to, {}}, false) == CommandOutcome::Done);
}

}  // namespace

TEST_CASE("pathing: a Marine ordered across a terrain wall walks around it and arrives") {
  World world(walled_layout(38), 1);
  const UnitId marine = world.spawn(unit_type::kMarine, 1, {26.0f, 28.0f});
  const Vec2 goal{38.0f, 28.0f};
  move(world, marine, goal);
  const int loops = run_until_idle(world, marine, 2000);
  const Unit& m = *world.find(marine);
  CHECK(loops < 2000);
  CHECK(distance(m.pos, goal) < 0.05f);
  // The detour (up to y ~38 and back down) is much longer than the 12-cell straight line.
  const float straight_loops = 12.0f / m.stats->speed_per_loop;
  CHECK(static_cast<float>(loops) > 1.8f * straight_loops);
  CHECK(world.pathing().searches() <= 2);
}

TEST_CASE("pathing: a goal behind a closed wall is unreachable, the unit stops at the wall and the move ends") {
  World world(walled_layout(kPlayable.y1), 1);  // the wall spans the whole playable height
  const UnitId marine = world.spawn(unit_type::kMarine, 1, {26.0f, 28.0f});
  move(world, marine, {38.0f, 28.0f});
  const int loops = run_until_idle(world, marine, 1000);
  CHECK(loops < 1000);
  const Unit& m = *world.find(marine);
  CHECK(m.pos.x < 31.0f);
  CHECK(m.pos.x > 29.5f);  // right at the wall, not somewhere else
}

TEST_CASE("pathing: structures block ground units, which route through the gap in a depot line") {
  World world = flat_world();
  // Supply depots (2x2, centres on cell corners) from y = 20 to 36 at x = 32; gap above.
  std::vector<UnitId> depots;
  for (int y = 21; y <= 35; y += 2) depots.push_back(world.spawn(unit_type::kSupplyDepot, 1, {32.0f, static_cast<float>(y)}));
  CHECK_FALSE(world.pathing().pathable(31, 25));
  CHECK_FALSE(world.pathing().pathable(32, 25));
  CHECK(world.pathing().pathable(32, 37));

  const UnitId marine = world.spawn(unit_type::kMarine, 1, {26.0f, 26.0f});
  const Vec2 goal{38.0f, 26.0f};
  move(world, marine, goal);
  const int loops = run_until_idle(world, marine, 2000);
  CHECK(loops < 2000);
  CHECK(distance(world.find(marine)->pos, goal) < 0.05f);

  SUBCASE("a destroyed structure frees its cells and units walk straight through again") {
    world.remove(depots[2]);  // the depot at y = 25 covers cells y 24..25
    CHECK(world.pathing().pathable(31, 25));
    CHECK(world.pathing().pathable(32, 24));
    const std::uint64_t searches_before = world.pathing().searches();
    move(world, marine, {26.0f, 25.0f});
    const int back = run_until_idle(world, marine, 2000);
    CHECK(distance(world.find(marine)->pos, Vec2{26.0f, 25.0f}) < 0.05f);
    CHECK(static_cast<float>(back) < 13.0f / world.find(marine)->stats->speed_per_loop);
    CHECK(world.pathing().searches() == searches_before);
  }
}

TEST_CASE("pathing: a new structure across a unit's way makes it re-plan around it") {
  World world = flat_world();
  world.spawn(unit_type::kSupplyDepot, 1, {40.0f, 40.0f});  // an obstacle elsewhere: pathing is on
  const UnitId marine = world.spawn(unit_type::kMarine, 1, {24.0f, 30.0f});
  const Vec2 goal{40.0f, 30.0f};
  move(world, marine, goal);
  run_loops(world, 10);
  CHECK(world.pathing().searches() == 0);  // straight line: no search
  // A wall of Barracks (3x3) from y = 20 to 38 at x = 32.5 drops in front of it.
  for (float y = 21.5f; y <= 36.5f; y += 3.0f) world.spawn(unit_type::kBarracks, 1, {32.5f, y});
  const int loops = run_until_idle(world, marine, 3000);
  CHECK(loops < 3000);
  CHECK(distance(world.find(marine)->pos, goal) < 0.05f);
  CHECK(world.pathing().searches() >= 1);
  CHECK(world.pathing().searches() <= 3);
}

TEST_CASE("pathing: a unit sent to a point inside a structure stops at its edge") {
  World world = flat_world();
  const UnitId depot = world.spawn(unit_type::kSupplyDepot, 1, {32.0f, 32.0f});
  const UnitId marine = world.spawn(unit_type::kMarine, 1, {25.0f, 32.3f});
  move(world, marine, {32.0f, 32.0f});
  const int loops = run_until_idle(world, marine, 500);
  CHECK(loops < 500);
  const Unit& m = *world.find(marine);
  const Unit& d = *world.find(depot);
  const float gap = distance(m.pos, d.pos) - m.radius - d.radius;
  CHECK(gap >= -0.01f);  // not inside
  CHECK(gap < 0.5f);     // but right at the edge
}

TEST_CASE("pathing: a unit sent onto a Command Center's edge, where its disc cannot stand, stops against it") {
  // The goal's cell is open (west of the 5x5 footprint) but within the Command Center's disc
  // plus the SCV's radius: the disc pushes the SCV back out every loop (a screen click beside
  // a Command Center). It used to walk there for ever, neither idle nor doing anything else.
  World world = flat_world();
  const UnitId cc = world.spawn(unit_type::kCommandCenter, 1, {32.5f, 32.5f});
  const Vec2 goal{29.9f, 33.0f};
  REQUIRE(world.pathing().pathable_at(goal));
  const UnitId scv = world.spawn(unit_type::kScv, 1, {24.0f, 33.0f});
  move(world, scv, goal);
  const int loops = run_until_idle(world, scv, 500);
  CHECK(loops < 500);
  const Unit& s = *world.find(scv);
  const Unit& c = *world.find(cc);
  const float gap = distance(s.pos, c.pos) - s.radius - c.radius;
  CHECK(gap >= -0.01f);
  CHECK(gap < 0.1f);                               // pressed against it
  CHECK(distance(s.pos, goal) < s.radius + 0.5f);  // as near the goal as it gets
}

TEST_CASE("pathing: a group routed round a Command Center's corner to its far edge ends idle, all of it") {
  // Units sharing a route crowd its corners; none can stand on a corner exactly, so a corner
  // is passed once a unit's disc covers it (they used to jam there with the move unfinished).
  World world = flat_world();
  world.spawn(unit_type::kCommandCenter, 1, {32.5f, 32.5f});
  std::vector<UnitId> scvs;
  for (int i = 0; i < 8; ++i) {
    scvs.push_back(world.spawn(unit_type::kScv, 1, {36.0f + 0.8f * (i % 2), 35.5f + 0.8f * (i / 2)}));
  }
  for (UnitId id : scvs) move(world, id, {29.9f, 33.0f});
  int loops = 0;
  const auto all_idle = [&] {
    return std::all_of(scvs.begin(), scvs.end(), [&](UnitId id) { return world.find(id)->idle(); });
  };
  for (; loops < 3000 && !all_idle(); ++loops) world.advance();
  CHECK(loops < 3000);
  for (UnitId id : scvs) {
    CAPTURE(id);
    CHECK(distance(world.find(id)->pos, Vec2{29.9f, 33.0f}) < 4.0f);  // gathered at the goal, not left behind
  }
}

TEST_CASE("pathing: no search while the straight line is clear, even with structures on the map") {
  World world = flat_world();
  world.spawn(unit_type::kSupplyDepot, 1, {40.0f, 40.0f});
  std::vector<UnitId> marines;
  for (int i = 0; i < 10; ++i) marines.push_back(world.spawn(unit_type::kMarine, 1, {22.0f, 22.0f + 1.5f * i}));
  for (UnitId id : marines) move(world, id, {36.0f, 24.0f});
  run_loops(world, 200);
  CHECK(world.pathing().searches() == 0);
}

TEST_CASE("pathing grid: the Command Center blocks its 5x5 footprint minus the corners, removal frees it") {
  World world = flat_world();
  const UnitId cc = world.spawn(unit_type::kCommandCenter, 1, {32.5f, 32.5f});
  const PathingGrid& grid = world.pathing();
  CHECK_FALSE(grid.pathable(32, 32));
  CHECK_FALSE(grid.pathable(30, 32));
  CHECK_FALSE(grid.pathable(34, 33));
  CHECK(grid.pathable(30, 30));  // corner cells stay open
  CHECK(grid.pathable(34, 34));
  CHECK(grid.pathable(29, 32));  // outside the footprint
  const auto version = grid.version();
  world.remove(cc);
  CHECK(grid.pathable(32, 32));
  CHECK(grid.version() != version);
}

TEST_CASE("pathing grid: find_path avoids walls and never cuts a blocked corner") {
  MapLayout layout = walled_layout(38);
  PathingGrid grid(layout);
  const PathResult path = grid.find_path({26.5f, 28.5f}, {38.5f, 28.5f}, 0.375f);
  REQUIRE(path.reaches_goal);
  REQUIRE(path.waypoints.size() >= 2);
  CHECK(path.waypoints.back() == Vec2{38.5f, 28.5f});
  Vec2 from{26.5f, 28.5f};
  for (Vec2 to : path.waypoints) {
    CHECK(grid.segment_clear(from, to, 0.0f));
    from = to;
  }
  CHECK_FALSE(grid.segment_clear({26.5f, 28.5f}, {38.5f, 28.5f}, 0.0f));
}

TEST_CASE("pathing: air units ignore the grid and fly straight over walls") {
  World world(walled_layout(kPlayable.y1), 1);  // closed wall
  UnitTypeStats flyer = *find_unit_type(unit_type::kMarine);
  flyer.flying = true;
  const UnitId id = world.spawn(unit_type::kMarine, 1, {26.0f, 28.0f});
  world.find(id)->stats = &flyer;
  move(world, id, {38.0f, 28.0f});
  const float straight_loops = 12.0f / flyer.speed_per_loop;
  run_loops(world, static_cast<int>(straight_loops) + 2);
  CHECK(distance(world.find(id)->pos, Vec2{38.0f, 28.0f}) < 0.05f);
  CHECK(world.pathing().searches() == 0);
}
