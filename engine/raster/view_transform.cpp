#include "engine/raster/view_transform.h"

#include <algorithm>
#include <cmath>

namespace sc2::engine {

ScreenView::ScreenView(Vec2 camera, float camera_width, int width_px, int height_px)
    : camera_(camera),
      world_per_pixel_(camera_width / static_cast<float>(std::max(width_px, 1))),
      width_px_(width_px),
      height_px_(height_px) {}

PixelPos ScreenView::to_pixel(Vec2 world) const {
  return {floor_to_int((world.x - camera_.x) / world_per_pixel_ + width_px_ * 0.5f),
          floor_to_int((camera_.y - world.y) / world_per_pixel_ + height_px_ * 0.5f)};
}

WorldRect ScreenView::world_bounds() const {
  const float half_w = width_px_ * world_per_pixel_ * 0.5f;
  const float half_h = height_px_ * world_per_pixel_ * 0.5f;
  return {camera_.x - half_w, camera_.y - half_h, camera_.x + half_w, camera_.y + half_h};
}

MinimapView::MinimapView(const MapLayout& map, bool crop_to_playable_area, int width_px, int height_px)
    : width_px_(width_px), height_px_(height_px) {
  CellRect area{0, 0, map.width, map.height};
  if (crop_to_playable_area && map.playable.width() > 0 && map.playable.height() > 0) {
    area = map.playable;
  }
  left_ = static_cast<float>(area.x0);
  top_ = static_cast<float>(area.y1);
  span_ = static_cast<float>(std::max({area.width(), area.height(), 1}));
}

PixelPos MinimapView::to_pixel(Vec2 world) const {
  return {floor_to_int((world.x - left_) * pixels_per_world_x()), floor_to_int((top_ - world.y) * pixels_per_world_y())};
}

}  // namespace sc2::engine
