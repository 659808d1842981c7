// World::visibility_grid is the observation's fast path for visibility: it must give, cell
// for cell, what World::visibility gives (sight edges, map edges, units off the map,
// explored-but-not-seen cells, other players' units, fog off).
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "engine/sim/unit_data.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

void check_grid_matches_cells(const World& world, int player_id) {
  std::vector<std::uint8_t> grid;
  world.visibility_grid(player_id, grid);
  const MapLayout& map = world.map();
  REQUIRE(grid.size() == static_cast<std::size_t>(map.width) * map.height);
  int mismatches = 0;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      if (grid[map.cell(x, y)] != world.visibility(player_id, x, y)) ++mismatches;
    }
  }
  CHECK(mismatches == 0);
}

int count(const std::vector<std::uint8_t>& grid, std::uint8_t value) {
  int n = 0;
  for (std::uint8_t v : grid) n += v == value ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("visibility_grid equals visibility per cell with fog, units moved since the last vision update") {
  World world = flat_world(3);
  world.set_fog(true);
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> coord(-3.0f, 67.0f);  // the map is 64x64: some off it
  std::vector<UnitId> marines;
  for (int i = 0; i < 6; ++i) marines.push_back(world.spawn(unit_type::kMarine, 1, {coord(rng), coord(rng)}));
  // On a cell centre's exact sight distance (9): (29.5, 20.5) is at 9.0 from (20.5, 20.5).
  marines.push_back(world.spawn(unit_type::kMarine, 1, {20.5f, 20.5f}));
  // At the map's corners and edges.
  marines.push_back(world.spawn(unit_type::kMarine, 1, {0.0f, 0.0f}));
  marines.push_back(world.spawn(unit_type::kMarine, 1, {64.0f, 31.99f}));
  world.spawn(unit_type::kZergling, 2, {40.0f, 40.0f});
  run_loops(world, 3);  // explored cells

  for (int round = 0; round < 8; ++round) {
    CAPTURE(round);
    // Move Marines without advancing: explored (1) and visible now (2) differ.
    for (std::size_t i = 0; i < 6; ++i) {
      if (Unit* u = world.find(marines[i])) u->pos = {coord(rng), coord(rng)};
    }
    check_grid_matches_cells(world, 1);
    check_grid_matches_cells(world, 2);
    check_grid_matches_cells(world, 3);  // a player with no units: all hidden
    std::vector<std::uint8_t> grid;
    world.visibility_grid(1, grid);
    CHECK(count(grid, 2) > 0);
    CHECK(count(grid, 0) > 0);
    world.visibility_grid(3, grid);
    CHECK(count(grid, 0) == static_cast<int>(grid.size()));
    run_loops(world, 1);
  }
  std::vector<std::uint8_t> grid;
  world.visibility_grid(1, grid);
  CHECK(count(grid, 1) > 0);  // explored but not seen now: the random moves left some behind
}

TEST_CASE("visibility_grid includes cells exactly at sight range and stops right after them") {
  World world = flat_world(2);
  world.set_fog(true);
  const UnitId id = world.spawn(unit_type::kMarine, 1, {20.5f, 20.5f});
  REQUIRE(world.find(id)->stats->sight_range == 9.0f);
  world.find(id)->pos = {20.5f, 20.5f};
  check_grid_matches_cells(world, 1);
  std::vector<std::uint8_t> grid;
  world.visibility_grid(1, grid);
  const MapLayout& map = world.map();
  // (29.5, 20.5) and (20.5, 11.5) are 9.0 away from the Marine: visible; one cell further is not.
  CHECK(grid[map.cell(29, 20)] == 2);
  CHECK(grid[map.cell(20, 11)] == 2);
  CHECK(grid[map.cell(30, 20)] == 0);
  CHECK(grid[map.cell(20, 10)] == 0);
}

TEST_CASE("visibility_grid without fog is all visible") {
  World world = flat_world(1);
  world.spawn(unit_type::kMarine, 1, {10.0f, 10.0f});
  std::vector<std::uint8_t> grid(5, 7);
  world.visibility_grid(1, grid);
  CHECK(grid.size() == static_cast<std::size_t>(world.map().width) * world.map().height);
  CHECK(count(grid, 2) == static_cast<int>(grid.size()));
  check_grid_matches_cells(world, 1);
}
