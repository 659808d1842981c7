// World -> feature-layer pixel mapping (pysc2-action-mapping.md §4) and PySC2's float -> int.
#include <algorithm>
#include <cmath>
#include <limits>

#include "client/pysc2/pixel_mapping.h"

namespace sc2::pysc2 {
namespace {

// The world rectangle a minimap or raw view covers: x0, top y, width, height.
struct WorldArea {
  double x0 = 0, top = 0, width = 0, height = 0;
};

WorldArea map_area(const GameView& game, bool crop) {
  if (crop && game.playable_area) {
    const MapArea& area = *game.playable_area;
    return {static_cast<double>(area.x0), static_cast<double>(area.y1), static_cast<double>(area.x1 - area.x0),
            static_cast<double>(area.y1 - area.y0)};
  }
  const double height = game.map_height;
  return {0.0, height, static_cast<double>(game.map_width), height};
}

}  // namespace

std::int64_t truncate_to_int(double value) {
  if (std::isnan(value)) return 0;
  // 2^63 is exactly representable; anything at or beyond it saturates.
  constexpr double limit = 9223372036854775808.0;
  if (value >= limit) return std::numeric_limits<std::int64_t>::max();
  if (value <= -limit) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(value);
}

PixelMapping PixelMapping::screen(double camera_x, double camera_y, double camera_width, int width, int height) {
  PixelMapping mapping;
  if (camera_width <= 0.0 || width <= 0 || height <= 0) return mapping;
  mapping.origin_x_ = camera_x;
  mapping.origin_y_ = camera_y;
  mapping.scale_x_ = width / camera_width;   // PySC2 divides each axis by the camera width
  mapping.scale_y_ = height / camera_width;
  mapping.offset_x_ = width / 2.0;
  mapping.offset_y_ = height / 2.0;
  mapping.width_ = width;
  mapping.height_ = height;
  return mapping;
}

PixelMapping PixelMapping::area(double left, double top, double area_width, double area_height, int width,
                                int height) {
  PixelMapping mapping;
  const double max_dim = std::max(area_width, area_height);
  if (max_dim <= 0.0 || width <= 0 || height <= 0) return mapping;
  mapping.origin_x_ = left;
  mapping.origin_y_ = top;
  mapping.scale_x_ = width / max_dim;
  mapping.scale_y_ = height / max_dim;
  mapping.width_ = width;
  mapping.height_ = height;
  return mapping;
}

PixelMapping PixelMapping::minimap(const GameView& game, int width, int height) {
  const WorldArea world = map_area(game, game.crop_to_playable_area);
  return area(world.x0, world.top, world.width, world.height, width, height);
}

PixelMapping PixelMapping::raw(const GameView& game) {
  const WorldArea world = map_area(game, game.raw_crop_to_playable_area);
  return area(world.x0, world.top, world.width, world.height, static_cast<int>(world.width),
              static_cast<int>(world.height));
}

namespace {

// truncate_to_int(std::floor(value)), the same for every double, in fewer instructions
// (std::floor is a long sequence on the x86-64 baseline; three unit tables call this per unit).
std::int64_t floor_to_int(double value) {
  constexpr double limit = 9223372036854775808.0;  // 2^63
  if (!(value > -limit && value < limit)) return truncate_to_int(value);  // NaN, saturation
  const auto truncated = static_cast<std::int64_t>(value);
  return value < static_cast<double>(truncated) ? truncated - 1 : truncated;
}

}  // namespace

std::array<std::int64_t, 2> PixelMapping::pixel(double x, double y) const {
  return {floor_to_int((x - origin_x_) * scale_x_ + offset_x_), floor_to_int((origin_y_ - y) * scale_y_ + offset_y_)};
}

std::int64_t PixelMapping::distance(double world) const { return truncate_to_int(world * scale_x_); }

std::array<std::int64_t, 2> PixelMapping::extent(double world) const {
  return {truncate_to_int(world * scale_x_), truncate_to_int(world * scale_y_)};
}

bool PixelMapping::inside(const std::array<std::int64_t, 2>& pixel) const {
  return pixel[0] >= 0 && pixel[0] < width_ && pixel[1] >= 0 && pixel[1] < height_;
}

}  // namespace sc2::pysc2
