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

}  // namespace sc2::engine
