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

// Bytes of a width x height layer at this depth: ceil(w*h*bpp/8).
std::size_t encoded_size(int width, int height, int bits_per_pixel);
// A layer of zeros, or of already encoded bytes (e.g. a cached static layer). Writing into
// the message's own string keeps its capacity when the message is reused.
void encode_zero(int width, int height, int bits_per_pixel, SC2APIProtocol::ImageData* out);
void encode_bytes(int width, int height, int bits_per_pixel, const std::string& bytes,
                  SC2APIProtocol::ImageData* out);

// Writes a layer straight into its wire encoding, with the same clamping as encode_pixels,
// with no intermediate grid. Starts as all zeros. `bytes` must outlive the writer and keep
// its size (it may be an ImageData's data, see LayerWriter::into).
class LayerWriter {
 public:
  LayerWriter(std::string& bytes, int width, int height, int bits_per_pixel);
  // Sets size and depth of `out` and writes into its data.
  static LayerWriter into(SC2APIProtocol::ImageData* out, int width, int height, int bits_per_pixel);

  int width() const { return width_; }
  int height() const { return height_; }
  void set(int x, int y, std::int32_t value) { set_index(static_cast<std::size_t>(y) * width_ + x, value); }
  void set_index(std::size_t i, std::int32_t value) {
    switch (bits_) {
      case 1: write<1>(data_, i, value); break;
      case 8: write<8>(data_, i, value); break;
      case 16: write<16>(data_, i, value); break;
      case 32: write<32>(data_, i, value); break;
      default: break;
    }
  }
  // The same for a writer known to be kBits deep (no depth switch per pixel, for loops
  // that write many layers per pixel). Writing at another depth than the writer's is a bug.
  template <int kBits>
  void set_index_at_depth(std::size_t i, std::int32_t value) {
    write<kBits>(data_, i, value);
  }
  // 8 bpp counters: +1 up to 255 (the same bytes as clamping the final count).
  void increment_saturating(int x, int y) {
    std::uint8_t& byte = data_[static_cast<std::size_t>(y) * width_ + x];
    if (byte < 255) ++byte;
  }

 private:
  template <int kBits>
  static void write(std::uint8_t* data, std::size_t i, std::int32_t value) {
    if constexpr (kBits == 1) {
      const auto bit = static_cast<std::uint8_t>(0x80u >> (i % 8));
      data[i / 8] = static_cast<std::uint8_t>(value != 0 ? (data[i / 8] | bit) : (data[i / 8] & ~bit));
    } else if constexpr (kBits == 8) {
      data[i] = static_cast<std::uint8_t>(value < 0 ? 0 : (value > 255 ? 255 : value));
    } else if constexpr (kBits == 16) {
      const auto v = static_cast<std::uint16_t>(value < 0 ? 0 : (value > 65535 ? 65535 : value));
      data[2 * i] = static_cast<std::uint8_t>(v & 0xFF);
      data[2 * i + 1] = static_cast<std::uint8_t>(v >> 8);
    } else {
      static_assert(kBits == 32, "feature layers are 1, 8, 16 or 32 bits deep");
      const auto v = static_cast<std::uint32_t>(value);
      for (int b = 0; b < 4; ++b) data[4 * i + b] = static_cast<std::uint8_t>((v >> (8 * b)) & 0xFF);
    }
  }

  std::uint8_t* data_;
  int width_, height_, bits_;
};

}  // namespace sc2::engine
