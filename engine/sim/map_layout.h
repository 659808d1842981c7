#pragma once
// Static terrain of a map in map space: cell (x, y) covers world [x, x+1) x [y, y+1),
// row 0 is world y = 0 (the bottom), as in the API's StartRaw grids.
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/sim/vec2.h"

namespace sc2::engine {

struct CellRect {  // [x0, x1) x [y0, y1) in cells
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int width() const { return x1 - x0; }
  int height() const { return y1 - y0; }
  bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

struct MapLayout {
  int width = 0;
  int height = 0;
  CellRect playable;
  // The players' camera: where the view may go (empty = the playable area; the real maps' MapInfo
  // camera bounds, which a script's smaller playable area does not shrink), where it starts
  // (none = the playable area's centre; the mini-games' scripts pan it), and whether the map
  // locks it (the mini-games lock a human player's camera: CameraLockInput).
  CellRect camera_bounds;
  std::optional<Vec2> camera_start;
  bool camera_locked = false;
  std::vector<std::uint8_t> terrain_height;  // API byte: world z = -16 + 32 * v / 255
  std::vector<std::uint8_t> pathable;        // 0/1
  std::vector<std::uint8_t> buildable;       // 0/1

  const CellRect& view_bounds() const { return camera_bounds.width() > 0 ? camera_bounds : playable; }
  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  std::size_t cell(int x, int y) const { return static_cast<std::size_t>(y) * width + x; }
};

inline float height_from_byte(std::uint8_t v) { return -16.0f + 32.0f * v / 255.0f; }

// The ground a cliff walker (the Colossus, `Mover Colossus`) may cross: the pathable cells plus
// the cliff faces between two of them. The layout has no cliff levels, only each cell's height
// (the mean of its vertices) and pathability, so a cliff face is recognised as a run of at most
// kMaxCliffFaceCells unpathable cells, along a row, a column or a diagonal, between two pathable
// cells whose heights differ by at least kMinCliffRise (half a cliff level). A wall between two
// cells of one level, a wider run, or a drop into unpathable ground (a pit) stays closed. An
// approximation: the real game's cliff-walking footprint is not in the spec (§1.3 gives the
// files; 2c_vs_64zg's faces between level 1 and its level-2 plateau are 2 cells wide, heights
// 191 and 207 as API bytes).
inline constexpr int kMaxCliffFaceCells = 2;
inline constexpr int kMinCliffRise = 8;  // API height bytes: 1.0 world unit (a cliff level is 2.0)
std::vector<std::uint8_t> cliff_walkable(const MapLayout& map);

// A flat map: `ground` height inside `playable` (pathable and buildable), `border`
// height outside (neither).
MapLayout make_flat_layout(int width, int height, CellRect playable, std::uint8_t ground,
                           std::uint8_t border);

}  // namespace sc2::engine
