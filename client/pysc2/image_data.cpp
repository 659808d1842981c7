// ImageData <-> layer values (sc2api-protocol.md §7): row-major, row 0 at the top;
// 1 bpp packed MSB first with no row padding; 16 bpp unsigned and 32 bpp signed, little-endian.
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
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

// 1 bpp: byte value -> its 8 pixels (0/1), most significant bit first.
constexpr std::array<std::array<unsigned char, 8>, 256> make_bit_table() {
  std::array<std::array<unsigned char, 8>, 256> table{};
  for (int byte = 0; byte < 256; ++byte) {
    for (int bit = 0; bit < 8; ++bit) table[byte][bit] = static_cast<unsigned char>((byte >> (7 - bit)) & 1);
  }
  return table;
}
constexpr auto kBitTable = make_bit_table();

// One byte per pixel for the 1 bpp layers, reused by every layer of the thread (a
// scratch, not state: it is overwritten before each use).
std::vector<unsigned char>& bit_scratch(std::size_t bytes) {
  thread_local std::vector<unsigned char> scratch;
  if (scratch.size() < bytes * 8) scratch.resize(bytes * 8);
  return scratch;
}

// Every decoder assigns the layer's vector straight from a range (bytes, or words read by
// WordIterator): assign reuses the vector's capacity (a recycled layer allocates nothing) and
// copies without a zero-fill first; the loops are plain widening copies the compiler vectorizes.
void decode_1bpp(const unsigned char* bytes, std::size_t count, std::vector<std::int32_t>& values) {
  const std::size_t byte_count = (count + 7) / 8;
  std::vector<unsigned char>& pixels = bit_scratch(byte_count);
  unsigned char* out = pixels.data();
  for (std::size_t i = 0; i < byte_count; ++i) std::memcpy(out + 8 * i, kBitTable[bytes[i]].data(), 8);
  values.assign(out, out + count);  // the padding bits of the last byte stay out
}

// 16 / 32 bpp: little-endian words. On a little-endian host a 32-bit word is the int32
// itself; the iterator reads each with memcpy (no alignment or aliasing assumptions).
template <typename Word>
struct WordIterator {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::int32_t;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = std::int32_t;

  const unsigned char* at = nullptr;

  std::int32_t operator*() const {
    if constexpr (std::endian::native == std::endian::little) {
      Word word;
      std::memcpy(&word, at, sizeof(Word));
      return static_cast<std::int32_t>(word);
    } else {
      std::uint32_t word = 0;
      for (std::size_t b = 0; b < sizeof(Word); ++b) word |= static_cast<std::uint32_t>(at[b]) << (8 * b);
      return static_cast<std::int32_t>(static_cast<Word>(word));
    }
  }
  std::int32_t operator[](difference_type n) const { return *(*this + n); }
  WordIterator& operator++() { at += sizeof(Word); return *this; }
  WordIterator operator++(int) { WordIterator old = *this; at += sizeof(Word); return old; }
  WordIterator& operator--() { at -= sizeof(Word); return *this; }
  WordIterator& operator-=(difference_type n) { at -= n * static_cast<difference_type>(sizeof(Word)); return *this; }
  WordIterator& operator+=(difference_type n) { at += n * static_cast<difference_type>(sizeof(Word)); return *this; }
  WordIterator operator+(difference_type n) const { WordIterator it = *this; return it += n; }
  difference_type operator-(const WordIterator& other) const {
    return (at - other.at) / static_cast<difference_type>(sizeof(Word));
  }
  bool operator==(const WordIterator& other) const { return at == other.at; }
  bool operator!=(const WordIterator& other) const { return at != other.at; }
};

void decode_values(const std::string& data, int bpp, std::size_t count, std::vector<std::int32_t>& values) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  switch (bpp) {
    case 1:
      decode_1bpp(bytes, count, values);
      return;
    case 8:
      values.assign(bytes, bytes + count);  // a widening copy
      return;
    case 16: {
      const WordIterator<std::uint16_t> first{bytes};
      values.assign(first, first + static_cast<std::ptrdiff_t>(count));
      return;
    }
    case 32: {
      const WordIterator<std::int32_t> first{bytes};
      values.assign(first, first + static_cast<std::ptrdiff_t>(count));
      return;
    }
    default:
      values.assign(count, 0);  // no layer spec has another depth
      return;
  }
}

}  // namespace

Layer decode_image(const SC2APIProtocol::ImageData& image, const LayerSpec& spec, int width, int height) {
  Layer layer;
  decode_image_into(image, spec, width, height, layer);
  return layer;
}

void decode_image_into(const SC2APIProtocol::ImageData& image, const LayerSpec& spec, int width, int height,
                       Layer& layer) {
  if (width < 0 || height < 0) {
    throw std::invalid_argument("decode_image: negative requested size " + size_text(width, height));
  }
  layer.name.assign(spec.name);
  layer.kind = spec.kind;
  layer.scale = spec.scale;
  layer.width = width;
  layer.height = height;
  layer.sent = false;
  const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);

  const int image_width = image.size().x();
  const int image_height = image.size().y();
  if (image_width == 0 && image_height == 0) {  // not sent by this game
    layer.values.assign(count, 0);
    return;
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
  decode_values(image.data(), spec.bpp, count, layer.values);
  layer.sent = true;
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
