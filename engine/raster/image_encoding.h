#pragma once
// A layer of int32 values and its encoding into SC2APIProtocol::ImageData the way the
// game sends it: row-major, row 0 first; 1 bpp packed MSB first with no row padding;
// 8/16 bpp unsigned; 32 bpp little-endian int32; exactly ceil(w*h*bpp/8) bytes.
#include <cstdint>
#include <string>
#include <vector>

#include "s2clientprotocol/common.pb.h"

namespace sc2::engine {

class LayerGrid {
 public:
  LayerGrid(int width, int height)
      : width_(width), height_(height), values_(static_cast<std::size_t>(width) * height, 0) {}
  int width() const { return width_; }
  int height() const { return height_; }
  std::int32_t& at(int x, int y) { return values_[static_cast<std::size_t>(y) * width_ + x]; }
  std::int32_t at(int x, int y) const { return values_[static_cast<std::size_t>(y) * width_ + x]; }
  const std::vector<std::int32_t>& values() const { return values_; }

 private:
  int width_, height_;
  std::vector<std::int32_t> values_;
};

// Values out of the bpp's range are clamped (1 bpp: any non-zero value is 1).
std::string encode_pixels(const std::vector<std::int32_t>& values, int bits_per_pixel);
void encode_layer(const LayerGrid& grid, int bits_per_pixel, SC2APIProtocol::ImageData* out);
// A layer the engine does not provide: size (0,0), no data.
void encode_absent(int bits_per_pixel, SC2APIProtocol::ImageData* out);

}  // namespace sc2::engine
