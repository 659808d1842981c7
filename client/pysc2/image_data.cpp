// ImageData <-> layer values (sc2api-protocol.md §7): row-major, row 0 at the top;
// 1 bpp packed MSB first with no row padding; 16 bpp unsigned and 32 bpp signed, little-endian.
#include <stdexcept>
#include <string>

#include "client/pysc2/features.h"

namespace sc2::pysc2 {
namespace {

std::size_t expected_bytes(std::int64_t pixels, int bpp) {
  return static_cast<std::size_t>((pixels * bpp + 7) / 8);
}

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

void decode_into(const std::string& data, int bpp, std::vector<std::int32_t>& values) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t count = values.size();
  switch (bpp) {
    case 1:
      for (std::size_t i = 0; i < count; ++i) values[i] = (bytes[i / 8] >> (7 - i % 8)) & 1;
      break;
    case 8:
      for (std::size_t i = 0; i < count; ++i) values[i] = bytes[i];
      break;
    case 16:
      for (std::size_t i = 0; i < count; ++i) values[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
      break;
    case 32:
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t word = static_cast<std::uint32_t>(bytes[4 * i]) |
                                   (static_cast<std::uint32_t>(bytes[4 * i + 1]) << 8) |
                                   (static_cast<std::uint32_t>(bytes[4 * i + 2]) << 16) |
                                   (static_cast<std::uint32_t>(bytes[4 * i + 3]) << 24);
        values[i] = static_cast<std::int32_t>(word);
      }
      break;
  }
}

}  // namespace

Layer decode_image(const SC2APIProtocol::ImageData& image, const LayerSpec& spec, int width, int height) {
  if (width < 0 || height < 0) {
    throw std::invalid_argument("decode_image: negative requested size " + size_text(width, height));
  }
  Layer layer;
  layer.name = std::string(spec.name);
  layer.kind = spec.kind;
  layer.scale = spec.scale;
  layer.width = width;
  layer.height = height;
  layer.values.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);

  const int image_width = image.size().x();
  const int image_height = image.size().y();
  if (image_width == 0 && image_height == 0) return layer;  // not sent by this game

  const std::string what = "feature layer '" + std::string(spec.name) + "'";
  if (image.bits_per_pixel() != spec.bpp) {
    throw std::runtime_error(what + ": expected " + std::to_string(spec.bpp) + " bits per pixel, got " +
                             std::to_string(image.bits_per_pixel()));
  }
  if (image_width != width || image_height != height) {
    throw std::runtime_error(what + ": expected size " + size_text(width, height) + ", got " +
                             size_text(image_width, image_height));
  }
  const std::size_t expected = expected_bytes(static_cast<std::int64_t>(width) * height, spec.bpp);
  if (image.data().size() != expected) {
    throw std::runtime_error(what + " (" + size_text(width, height) + " at " + std::to_string(spec.bpp) +
                             " bpp): expected " + std::to_string(expected) + " bytes of data, got " +
                             std::to_string(image.data().size()));
  }
  decode_into(image.data(), spec.bpp, layer.values);
  layer.sent = true;
  return layer;
}

RgbImage decode_rgb(const SC2APIProtocol::ImageData& image, std::string_view what) {
  RgbImage result;
  const int width = image.size().x();
  const int height = image.size().y();
  if (width == 0 && height == 0) return result;  // not rendered
  const std::string name(what);
  if (width < 0 || height < 0) throw std::runtime_error(name + ": negative size " + size_text(width, height));
  if (image.bits_per_pixel() != 24) {
    throw std::runtime_error(name + ": expected 24 bits per pixel, got " + std::to_string(image.bits_per_pixel()));
  }
  const std::size_t expected = expected_bytes(static_cast<std::int64_t>(width) * height, 24);
  if (image.data().size() != expected) {
    throw std::runtime_error(name + " (" + size_text(width, height) + " at 24 bpp): expected " +
                             std::to_string(expected) + " bytes of data, got " + std::to_string(image.data().size()));
  }
  result.width = width;
  result.height = height;
  result.rgb.assign(image.data().begin(), image.data().end());
  return result;
}

SC2APIProtocol::ImageData encode_image(const std::vector<std::int32_t>& values, int width, int height, int bpp) {
  if (bpp != 1 && bpp != 8 && bpp != 16 && bpp != 32) {
    throw std::invalid_argument("encode_image: unsupported bits per pixel " + std::to_string(bpp));
  }
  if (width < 0 || height < 0 || values.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw std::invalid_argument("encode_image: " + std::to_string(values.size()) + " values for size " +
                                size_text(width, height));
  }
  std::string data(expected_bytes(static_cast<std::int64_t>(width) * height, bpp), '\0');
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto value = static_cast<std::uint32_t>(values[i]);
    switch (bpp) {
      case 1:
        if (value & 1) data[i / 8] = static_cast<char>(data[i / 8] | (0x80 >> (i % 8)));
        break;
      case 8:
        data[i] = static_cast<char>(value & 0xff);
        break;
      default:
        for (int b = 0; b < bpp / 8; ++b) data[i * (bpp / 8) + b] = static_cast<char>((value >> (8 * b)) & 0xff);
        break;
    }
  }
  SC2APIProtocol::ImageData image;
  image.set_bits_per_pixel(bpp);
  image.mutable_size()->set_x(width);
  image.mutable_size()->set_y(height);
  image.set_data(std::move(data));
  return image;
}

}  // namespace sc2::pysc2
