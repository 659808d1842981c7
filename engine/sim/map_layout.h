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

// A flat map: `ground` height inside `playable` (pathable and buildable), `border`
// height outside (neither).
MapLayout make_flat_layout(int width, int height, CellRect playable, std::uint8_t ground,
                           std::uint8_t border);

}  // namespace sc2::engine
