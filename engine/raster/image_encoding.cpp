#include "engine/raster/image_encoding.h"

#include <algorithm>

namespace sc2::engine {

std::string encode_pixels(const std::vector<std::int32_t>& values, int bits_per_pixel) {
  const std::size_t n = values.size();
  std::string out;
  switch (bits_per_pixel) {
    case 1: {
      out.assign((n + 7) / 8, '\0');
      for (std::size_t i = 0; i < n; ++i) {
        if (values[i] != 0) out[i / 8] = static_cast<char>(out[i / 8] | (0x80 >> (i % 8)));
      }
      break;
    }
    case 8: {
      out.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        out[i] = static_cast<char>(std::clamp<std::int32_t>(values[i], 0, 255));
      }
      break;
    }
    case 16: {
      out.resize(n * 2);
      for (std::size_t i = 0; i < n; ++i) {
        const auto v = static_cast<std::uint16_t>(std::clamp<std::int32_t>(values[i], 0, 65535));
        out[2 * i] = static_cast<char>(v & 0xFF);
        out[2 * i + 1] = static_cast<char>(v >> 8);
      }
      break;
    }
    case 32: {
      out.resize(n * 4);
      for (std::size_t i = 0; i < n; ++i) {
        const auto v = static_cast<std::uint32_t>(values[i]);
        for (int b = 0; b < 4; ++b) out[4 * i + b] = static_cast<char>((v >> (8 * b)) & 0xFF);
      }
      break;
    }
    default:
      break;  // unsupported depth: empty data (callers only use 1/8/16/32)
  }
  return out;
}

void encode_layer(const LayerGrid& grid, int bits_per_pixel, SC2APIProtocol::ImageData* out) {
  out->set_bits_per_pixel(bits_per_pixel);
  out->mutable_size()->set_x(grid.width());
  out->mutable_size()->set_y(grid.height());
  out->set_data(encode_pixels(grid.values(), bits_per_pixel));
}

void encode_absent(int bits_per_pixel, SC2APIProtocol::ImageData* out) {
  out->set_bits_per_pixel(bits_per_pixel);
  out->mutable_size()->set_x(0);
  out->mutable_size()->set_y(0);
  out->set_data("");
}

std::size_t encoded_size(int width, int height, int bits_per_pixel) {
  switch (bits_per_pixel) {
    case 1: case 8: case 16: case 32:
      return (static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * bits_per_pixel + 7) / 8;
    default: return 0;
  }
}

namespace {
void set_geometry(int width, int height, int bits_per_pixel, SC2APIProtocol::ImageData* out) {
  out->set_bits_per_pixel(bits_per_pixel);
  out->mutable_size()->set_x(width);
  out->mutable_size()->set_y(height);
}
}  // namespace

void encode_zero(int width, int height, int bits_per_pixel, SC2APIProtocol::ImageData* out) {
  set_geometry(width, height, bits_per_pixel, out);
  out->mutable_data()->assign(encoded_size(width, height, bits_per_pixel), '\0');
}

void encode_bytes(int width, int height, int bits_per_pixel, const std::string& bytes,
                  SC2APIProtocol::ImageData* out) {
  set_geometry(width, height, bits_per_pixel, out);
  out->mutable_data()->assign(bytes);
}

LayerWriter::LayerWriter(std::string& bytes, int width, int height, int bits_per_pixel)
    : width_(width), height_(height), bits_(bits_per_pixel) {
  bytes.assign(encoded_size(width, height, bits_per_pixel), '\0');
  data_ = reinterpret_cast<std::uint8_t*>(bytes.data());
}

LayerWriter LayerWriter::into(SC2APIProtocol::ImageData* out, int width, int height, int bits_per_pixel) {
  set_geometry(width, height, bits_per_pixel, out);
  return LayerWriter(*out->mutable_data(), width, height, bits_per_pixel);
}

}  // namespace sc2::engine
