// SpatialGrid::query_hostile: target searches see enemies only (issue 3, speed work).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/sim/spatial_grid.h"

namespace sc2::engine {

namespace {

Unit unit_at(float x, float y, int owner) {
  Unit u;
  u.pos = {x, y};
  u.owner = owner;
  return u;
}

bool contains(const std::vector<Unit*>& units, const Unit* u) {
  return std::find(units.begin(), units.end(), u) != units.end();
}

}  // namespace

TEST_CASE("a hostile query returns every nearby enemy and no own or neutral unit") {
  Unit mine = unit_at(10, 10, 1), ally_near = unit_at(11, 10, 1), enemy_near = unit_at(12, 11, 2);
  Unit third_player = unit_at(9, 9, 3), neutral = unit_at(10, 12, kNeutralOwner), enemy_far = unit_at(60, 60, 2);
  std::vector<Unit*> all = {&mine, &ally_near, &enemy_near, &third_player, &neutral, &enemy_far};
  SpatialGrid grid;
  grid.rebuild(all, 64, 64);

  std::vector<Unit*> near;
  grid.query(mine.pos, 3.0f, near);
  CHECK(contains(near, &ally_near));
  CHECK(contains(near, &neutral));

  grid.query_hostile(mine.pos, 3.0f, 1, near);
  CHECK(contains(near, &enemy_near));
  CHECK(contains(near, &third_player));
  CHECK_FALSE(contains(near, &mine));
  CHECK_FALSE(contains(near, &ally_near));
  CHECK_FALSE(contains(near, &neutral));
  CHECK_FALSE(contains(near, &enemy_far));

  grid.query_hostile(mine.pos, 3.0f, kNeutralOwner, near);
  CHECK(near.empty());
}

}  // namespace sc2::engine
