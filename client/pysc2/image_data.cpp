// ImageData <-> layer values (sc2api-protocol.md §7): row-major, row 0 at the top;
// 1 bpp packed MSB first with no row padding; 16 bpp unsigned and 32 bpp signed, little-endian.
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>

#include "client/pysc2/features.h"

namespace sc2::pysc2 {
namespace {

std::size_t expected_bytes(std::int64_t pixels, int bpp) {
  return static_cast<std::size_t>((pixels * bpp + 7) / 8);
}

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// Reads pixel `index` of a validated ImageData. Used through PixelIterator so that a layer's
// vector is built straight from the data: no zero-fill first, one tight loop per depth.
template <int Bpp>
std::int32_t read_pixel(const unsigned char* bytes, std::size_t index) {
  if constexpr (Bpp == 1) {
    return (bytes[index / 8] >> (7 - index % 8)) & 1;
  } else if constexpr (Bpp == 16) {
    return bytes[2 * index] | (bytes[2 * index + 1] << 8);
  } else {
    static_assert(Bpp == 32);
    const std::uint32_t word = static_cast<std::uint32_t>(bytes[4 * index]) |
                               (static_cast<std::uint32_t>(bytes[4 * index + 1]) << 8) |
                               (static_cast<std::uint32_t>(bytes[4 * index + 2]) << 16) |
                               (static_cast<std::uint32_t>(bytes[4 * index + 3]) << 24);
    return static_cast<std::int32_t>(word);
  }
}

// Just enough of a random-access iterator for std::vector's range constructor, which
// sizes the vector once (last - first) and constructs each element from *it.
template <int Bpp>
struct PixelIterator {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::int32_t;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = std::int32_t;

  const unsigned char* bytes = nullptr;
  std::size_t index = 0;

  std::int32_t operator*() const { return read_pixel<Bpp>(bytes, index); }
  std::int32_t operator[](difference_type n) const { return read_pixel<Bpp>(bytes, index + n); }
  PixelIterator& operator++() { ++index; return *this; }
  PixelIterator operator++(int) { PixelIterator old = *this; ++index; return old; }
  PixelIterator& operator+=(difference_type n) { index += n; return *this; }
  PixelIterator operator+(difference_type n) const { return {bytes, index + n}; }
  difference_type operator-(const PixelIterator& other) const {
    return static_cast<difference_type>(index) - static_cast<difference_type>(other.index);
  }
  bool operator==(const PixelIterator& other) const { return index == other.index; }
  bool operator!=(const PixelIterator& other) const { return index != other.index; }
};

template <int Bpp>
std::vector<std::int32_t> decode_pixels(const unsigned char* bytes, std::size_t count) {
  return std::vector<std::int32_t>(PixelIterator<Bpp>{bytes, 0}, PixelIterator<Bpp>{bytes, count});
}

std::vector<std::int32_t> decode_values(const std::string& data, int bpp, std::size_t count) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  switch (bpp) {
    case 1:
      return decode_pixels<1>(bytes, count);
    case 8:
      return std::vector<std::int32_t>(bytes, bytes + count);  // a widening copy
    case 16:
      return decode_pixels<16>(bytes, count);
    case 32:
      return decode_pixels<32>(bytes, count);
    default:
      return std::vector<std::int32_t>(count, 0);  // no layer spec has another depth
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
  const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);

  const int image_width = image.size().x();
  const int image_height = image.size().y();
  if (image_width == 0 && image_height == 0) {  // not sent by this game
    layer.values.assign(count, 0);
    return layer;
  }

  auto what = [&spec] { return "feature layer '" + std::string(spec.name) + "'"; };
  if (image.bits_per_pixel() != spec.bpp) {
    throw std::runtime_error(what() + ": expected " + std::to_string(spec.bpp) + " bits per pixel, got " +
                             std::to_string(image.bits_per_pixel()));
  }
  if (image_width != width || image_height != height) {
    throw std::runtime_error(what() + ": expected size " + size_text(width, height) + ", got " +
                             size_text(image_width, image_height));
  }
  const std::size_t expected = expected_bytes(static_cast<std::int64_t>(width) * height, spec.bpp);
  if (image.data().size() != expected) {
    throw std::runtime_error(what() + " (" + size_text(width, height) + " at " + std::to_string(spec.bpp) +
                             " bpp): expected " + std::to_string(expected) + " bytes of data, got " +
                             std::to_string(image.data().size()));
  }
  layer.values = decode_values(image.data(), spec.bpp, count);
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
