#pragma once
// A map of our own with high ground: the flat map of new_map.h (cliff level 1, height 8) with
// plateaus one cliff level up (level 2, height 10: a level is 2.0 height units, terrain.h), each
// walled by a cliff one cell wide on its sides inside the playable area (the camera bounds) and
// left by ramps through that cliff. What the built-in Simple64
// (assets/maps/Melee/Simple64.SC2Map) is made of; its binary files are this function's output
// (tests/engine/melee_map_folders_test.cpp checks the bytes).
//
// The files (spec sc2-map-files.md §1.3), cell by cell:
// * a plateau's cells are cliff level 2 (t3SyncCliffLevel 128); the other cells level 1 (64);
// * a cliff cell (on the plateau's edge, not on the playable area's edge, not a ramp's) is
//   unpathable (t3CellFlags bit 0); a ramp cell (a cliff cell inside a ramp) is pathable at level
//   1.5 (96: walked, not built on, as the real placement grid treats cells between levels);
// * a vertex is high (height 10, vertex level 2) when the cells around it that are in the
//   playable area all belong to the plateau, else low (8, level 1): a cell's height, the mean of
//   its corners, is 10 inside a plateau, 8 on the low ground, in between on cliffs and ramps.
#include <cstdint>
#include <vector>

#include "engine/mapfile/map_files.h"
#include "engine/mapfile/new_map.h"
#include "engine/mapfile/terrain.h"

namespace sc2::engine::mapfile {

// Cells [x0, x1) x [y0, y1).
struct CellBox {
  std::uint32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool contains(std::uint32_t x, std::uint32_t y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
  bool empty() const { return x0 >= x1 || y0 >= y1; }
};

struct Plateau {
  CellBox area;                // inside the playable area
  std::vector<CellBox> ramps;  // each crosses the area's cliff
};

struct RaisedGroundOptions {
  NewMapOptions map;  // size and camera bounds (the playable area), as sc2lite --new-map takes them
  std::vector<Plateau> plateaus;
};

// The terrain alone. Throws MapError("raised ground", reason) for a plateau that is empty or not
// inside the playable area, or a ramp that is empty or crosses none of its plateau's cliff cells.
Terrain raised_ground_terrain(const RaisedGroundOptions& options);

// MapInfo (new_map_files' for the same size and camera bounds) and the three terrain files.
MapFiles raised_ground_files(const RaisedGroundOptions& options);

}  // namespace sc2::engine::mapfile
