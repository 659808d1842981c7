#pragma once
// The world -> feature-layer pixel mapping PySC2's unit keys use (pysc2-action-mapping.md §4),
// and PySC2's float -> int. Plain values: views use it too (the minimap circles).
#include <array>
#include <cstdint>

#include "client/pysc2/game_view.h"

namespace sc2::pysc2 {

// A float observation value as PySC2 stores it in an integer array: truncated toward zero
// (NaN gives 0, values beyond the int64 range saturate).
std::int64_t truncate_to_int(double value);

// World (origin bottom-left, y up) -> pixel (origin top-left, y down):
//   px = floor((x - origin_x) * scale_x + offset_x), py = floor((origin_y - y) * scale_y + offset_y).
class PixelMapping {
 public:
  PixelMapping() = default;  // invalid: maps nothing (valid() is false)
  // The screen layers: a camera centred on (camera_x, camera_y) showing camera_width world
  // units across; px = floor((x - cx)·W/cw + W/2), py = floor((cy - y)·H/cw + H/2).
  static PixelMapping screen(double camera_x, double camera_y, double camera_width, int width, int height);
  // The minimap layers: the whole map (the playable area when the game's feature layer
  // setup crops to it), y flipped, scaled by resolution / max(map width, map height).
  // Invalid when the game has no map size.
  static PixelMapping minimap(const GameView& game, int width, int height);
  // Raw-resolution pixels with PySC2's default raw resolution (= the map size, or the
  // playable area's size when the raw view is cropped).
  static PixelMapping raw(const GameView& game);
  // A world rectangle (left edge, top edge, size) onto width x height pixels, y flipped,
  // scaled by resolution / max(area width, area height).
  static PixelMapping area(double left, double top, double area_width, double area_height, int width, int height);

  bool valid() const { return width_ > 0 && height_ > 0 && scale_x_ > 0.0; }
  int width() const { return width_; }
  int height() const { return height_; }
  std::array<std::int64_t, 2> pixel(double x, double y) const;
  // A world distance (a radius) in pixels with the x scale, truncated.
  std::int64_t distance(double world) const;
  // A world length along each axis in pixels (x scale, y scale), truncated: camera_size.
  std::array<std::int64_t, 2> extent(double world) const;
  bool inside(const std::array<std::int64_t, 2>& pixel) const;

 private:
  double origin_x_ = 0, origin_y_ = 0, scale_x_ = 0, scale_y_ = 0, offset_x_ = 0, offset_y_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace sc2::pysc2
