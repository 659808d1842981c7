#pragma once
// World <-> pixel mappings of the screen and minimap feature layers.
// Pixels have (0,0) at the top-left, +y down; world has (0,0) at the bottom-left, +y up.
#include <cstdint>

#include "engine/sim/map_layout.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

struct PixelPos {
  int x = 0;
  int y = 0;
};

struct WorldRect {  // [x0, x1] x [y0, y1] in world units
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool contains(Vec2 p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
};

// Screen: centred on the camera; one pixel = camera_width / width_px world units on both
// axes (square pixels), so the view is camera_width wide and camera_width*H/W high.
class ScreenView {
 public:
  ScreenView(Vec2 camera, float camera_width, int width_px, int height_px);

  int width() const { return width_px_; }
  int height() const { return height_px_; }
  float world_per_pixel() const { return world_per_pixel_; }
  Vec2 half_extent() const { return {0.5f * width_px_ * world_per_pixel_, 0.5f * height_px_ * world_per_pixel_}; }
  bool in_range(int px, int py) const { return px >= 0 && py >= 0 && px < width_px_ && py < height_px_; }
  // Inline: called for every pixel a unit's disc may cover.
  Vec2 pixel_centre(int px, int py) const {
    return {camera_.x + (static_cast<float>(px) + 0.5f - width_px_ * 0.5f) * world_per_pixel_,
            camera_.y - (static_cast<float>(py) + 0.5f - height_px_ * 0.5f) * world_per_pixel_};
  }
  PixelPos to_pixel(Vec2 world) const;  // floor; may be outside the view
  WorldRect world_bounds() const;

 private:
  Vec2 camera_;
  float world_per_pixel_;
  int width_px_, height_px_;
};

// Minimap: the whole map (or the playable area when cropped), scaled so that the larger
// dimension spans the resolution, as PySC2 converts world -> minimap.
class MinimapView {
 public:
  MinimapView(const MapLayout& map, bool crop_to_playable_area, int width_px, int height_px);

  int width() const { return width_px_; }
  int height() const { return height_px_; }
  bool in_range(int px, int py) const { return px >= 0 && py >= 0 && px < width_px_ && py < height_px_; }
  Vec2 pixel_centre(int px, int py) const {
    return {left_ + (static_cast<float>(px) + 0.5f) / pixels_per_world_x(),
            top_ - (static_cast<float>(py) + 0.5f) / pixels_per_world_y()};
  }
  PixelPos to_pixel(Vec2 world) const;
  float pixels_per_world_x() const { return width_px_ / span_; }
  float pixels_per_world_y() const { return height_px_ / span_; }

 private:
  float left_, top_, span_;
  int width_px_, height_px_;
};

}  // namespace sc2::engine
