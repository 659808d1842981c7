#pragma once
// Ground pathing over the map's cells: the static terrain grid plus the cells structures
// block while they exist, straight-line checks, and A* with string pulling for the cases
// where the straight line is blocked. Air units do not use it.
//
// A structure or resource blocks the cells of its footprint whose centre lies within its
// radius: all of a 2x1 / 2x2 / 3x3 footprint, the 5x5 Command Center minus its four corner
// cells (the game's CC footprint has cut corners too). Units still collide with the
// discs (separation); the grid is what routes them around. A cell whose centre is within
// radius + kGapMargin of two different obstacles is blocked too: the discs leave no room
// for a unit there (e.g. between two staggered mineral fields).
#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/sim/map_layout.h"
#include "engine/sim/unit_data.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

struct PathResult {
  std::vector<Vec2> waypoints;  // to walk in order; the last one is where the unit stops
  bool reaches_goal = false;    // false: the goal is unreachable, the path ends as near as possible
};

class PathingGrid {
 public:
  PathingGrid() = default;
  explicit PathingGrid(const MapLayout& map);

  static constexpr float kGapMargin = 0.4f;  // a Marine's / SCV's radius and a bit

  // A structure / resource of `type` centred at `centre` starts / stops blocking its cells.
  // `closes_gaps` = false for a Refinery (it stands on its geyser, which closes them already).
  void add_structure(const UnitTypeStats& type, Vec2 centre, bool closes_gaps = true) {
    mark(type, centre, +1, closes_gaps);
  }
  void remove_structure(const UnitTypeStats& type, Vec2 centre, bool closes_gaps = true) {
    mark(type, centre, -1, closes_gaps);
  }

  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  bool terrain_open(int x, int y) const { return in_bounds(x, y) && terrain_[index(x, y)] != 0; }
  bool pathable(int x, int y) const { return in_bounds(x, y) && open_[index(x, y)] != 0; }
  bool pathable_at(Vec2 p) const {
    return pathable(floor_to_int(p.x), floor_to_int(p.y));
  }

  // Changes whenever a structure starts or stops blocking; cached paths compare it.
  std::uint32_t version() const { return version_; }
  // Anything to path around: terrain walls inside the playable area or a blocking
  // structure. Without obstacles every unit walks straight (no grid work at all).
  bool has_obstacles() const { return inner_walls_ > 0 || blocking_structures_ > 0; }

  // Whether a unit of `radius` can walk straight from `a` to `b`: the centre crosses no
  // blocked cell (cells the walk starts in are ignored, so a unit can leave a spot a new
  // structure covers) and the disc touches no terrain wall. Structures' discs push units
  // aside anyway, so their cells are checked for the centre only.
  bool segment_clear(Vec2 a, Vec2 b, float radius) const;

  // A* over cells (8 neighbours, no cutting corners), octile distances, deterministic
  // ties; the cell path is pulled tight with segment_clear. With `reach` 0 the path ends
  // on `goal`; with `reach` > 0 at the centre of the first cell within `reach` of it (a
  // unit walking up to an object's edge). When that cannot be reached the path ends at
  // the reachable point nearest to `goal`.
  PathResult find_path(Vec2 from, Vec2 goal, float radius, float reach = 0.0f) const;
  // A* searches run so far (a cost check for tests and benchmarks).
  std::uint64_t searches() const { return searches_; }

 private:
  std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * width_ + x; }
  void mark(const UnitTypeStats& type, Vec2 centre, int delta, bool closes_gaps);
  bool disc_hits_wall(Vec2 p, float radius) const;

  int width_ = 0, height_ = 0;
  std::vector<std::uint8_t> terrain_;      // 1 = pathable ground
  std::vector<std::uint16_t> structures_;  // blocking structures per cell
  std::vector<std::uint16_t> near_;        // obstacles within radius + kGapMargin of the cell centre
  std::vector<std::uint8_t> open_;         // pathable: terrain, no structure, not a closed gap
  int inner_walls_ = 0;                    // unpathable cells inside the playable area
  int blocking_structures_ = 0;
  std::uint32_t version_ = 0;
  mutable std::uint64_t searches_ = 0;
};

}  // namespace sc2::engine
