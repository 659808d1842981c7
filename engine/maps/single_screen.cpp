#include "engine/maps/single_screen.h"

#include <algorithm>

#include "engine/maps/map_assets.h"

namespace sc2::engine::single_screen {

MapLayout layout() { return single_screen_asset().build(); }

const CellRect& playable() { return single_screen_asset().playable; }

Vec2 centre() { return single_screen_asset().centre(); }

Vec2 random_spot(World& world, const CellRect& area, float margin) {
  const float x = world.rng().uniform(area.x0 + margin, area.x1 - margin);
  const float y = world.rng().uniform(area.y0 + margin, area.y1 - margin);
  return {x, y};
}

std::vector<Vec2> vertical_line(int count, float x, float centre_y, float spacing, int per_column, int column_step) {
  std::vector<Vec2> points;
  for (int i = 0; i < count; ++i) {
    const int column = i / per_column;
    const int row = i % per_column;
    const int in_column = std::min(per_column, count - column * per_column);
    const float y = centre_y + (row - (in_column - 1) * 0.5f) * spacing;
    points.push_back({x + static_cast<float>(column * column_step) * spacing, y});
  }
  return points;
}

}  // namespace sc2::engine::single_screen
