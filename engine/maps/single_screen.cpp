#include "engine/maps/single_screen.h"

#include <algorithm>

namespace sc2::engine::single_screen {

MapLayout layout() { return make_flat_layout(kMapSize, kMapSize, kPlayable, 128, 96); }

Vec2 random_spot(World& world, float margin) {
  const float x = world.rng().uniform(kPlayable.x0 + margin, kPlayable.x1 - margin);
  const float y = world.rng().uniform(kPlayable.y0 + margin, kPlayable.y1 - margin);
  return {x, y};
}

std::vector<Vec2> vertical_line(int count, float x, float spacing, int per_column, int column_step) {
  std::vector<Vec2> points;
  for (int i = 0; i < count; ++i) {
    const int column = i / per_column;
    const int row = i % per_column;
    const int in_column = std::min(per_column, count - column * per_column);
    const float y = kCentre.y + (row - (in_column - 1) * 0.5f) * spacing;
    points.push_back({x + static_cast<float>(column * column_step) * spacing, y});
  }
  return points;
}

}  // namespace sc2::engine::single_screen
