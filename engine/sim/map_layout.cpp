#include "engine/sim/map_layout.h"

namespace sc2::engine {

MapLayout make_flat_layout(int width, int height, CellRect playable, std::uint8_t ground,
                           std::uint8_t border) {
  MapLayout layout;
  layout.width = width;
  layout.height = height;
  layout.playable = playable;
  const auto cells = static_cast<std::size_t>(width) * height;
  layout.terrain_height.assign(cells, border);
  layout.pathable.assign(cells, 0);
  layout.buildable.assign(cells, 0);
  for (int y = playable.y0; y < playable.y1; ++y) {
    for (int x = playable.x0; x < playable.x1; ++x) {
      const auto i = layout.cell(x, y);
      layout.terrain_height[i] = ground;
      layout.pathable[i] = 1;
      layout.buildable[i] = 1;
    }
  }
  return layout;
}

std::vector<std::uint8_t> cliff_walkable(const MapLayout& map) {
  std::vector<std::uint8_t> out = map.pathable;
  if (map.pathable.size() != static_cast<std::size_t>(map.width) * map.height ||
      map.terrain_height.size() != map.pathable.size()) {
    return out;
  }
  const auto open = [&](int x, int y) { return map.in_bounds(x, y) && map.pathable[map.cell(x, y)] != 0; };
  constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};  // each line once, from its one end
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      if (!open(x, y)) continue;
      const int low = map.terrain_height[map.cell(x, y)];
      for (const auto& d : kDirections) {
        for (int k = 1; k <= kMaxCliffFaceCells + 1; ++k) {
          const int cx = x + k * d[0], cy = y + k * d[1];
          if (!map.in_bounds(cx, cy)) break;
          if (!open(cx, cy)) continue;
          const int rise = map.terrain_height[map.cell(cx, cy)] - low;
          if (k >= 2 && (rise >= kMinCliffRise || -rise >= kMinCliffRise)) {
            for (int j = 1; j < k; ++j) out[map.cell(x + j * d[0], y + j * d[1])] = 1;
          }
          break;
        }
      }
    }
  }
  return out;
}

}  // namespace sc2::engine
