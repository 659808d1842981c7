// The per-depth decoding loops of decode_image (1 bpp through a byte table and a reused
// scratch buffer, 8 bpp widening, 16/32 bpp word reads) checked against a bit-by-bit
// reading of the bytes written here, at full-size and odd sizes.
#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "client/pysc2/features.h"
#include "tests/client/image_data_for_test.h"

using namespace sc2::pysc2;
using sc2::test::image_data;

namespace {

LayerSpec spec_of(int bpp) {
  LayerSpec spec = screen_layers().front();
  spec.bpp = bpp;
  return spec;
}

// Pixel `index` read one bit / byte at a time, the slow obvious way (row-major, no padding,
// 1 bpp MSB first, words little-endian, 32 bpp signed).
std::int32_t reference_pixel(const std::string& data, int bpp, std::size_t index) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(data[i])); };
  if (bpp == 1) return static_cast<std::int32_t>((byte(index / 8) >> (7 - index % 8)) & 1u);
  std::uint32_t word = 0;
  const std::size_t size = static_cast<std::size_t>(bpp / 8);
  for (std::size_t b = 0; b < size; ++b) word |= byte(index * size + b) << (8 * b);
  return static_cast<std::int32_t>(word);
}

// Deterministic bytes that hit every byte value (0..255 repeating, shuffled by a stride).
std::string bytes_for(int width, int height, int bpp) {
  const std::size_t count = (static_cast<std::size_t>(width) * height * bpp + 7) / 8;
  std::string data(count, '\0');
  for (std::size_t i = 0; i < count; ++i) data[i] = static_cast<char>((i * 113 + 7) % 256);
  return data;
}

void check_against_reference(int width, int height, int bpp) {
  CAPTURE(width);
  CAPTURE(height);
  CAPTURE(bpp);
  const std::string data = bytes_for(width, height, bpp);
  const Layer layer = decode_image(image_data(bpp, width, height, data), spec_of(bpp), width, height);
  REQUIRE(layer.values.size() == static_cast<std::size_t>(width) * height);
  CHECK(layer.sent);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < layer.values.size(); ++i) {
    if (layer.values[i] != reference_pixel(data, bpp, i)) ++mismatches;
  }
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("decode 1 bpp: every byte value gives its 8 bits, most significant first") {
  std::string data(256, '\0');
  for (int b = 0; b < 256; ++b) data[static_cast<std::size_t>(b)] = static_cast<char>(b);
  const Layer layer = decode_image(image_data(1, 64, 32, data), spec_of(1), 64, 32);  // 2048 pixels
  REQUIRE(layer.values.size() == 2048);
  for (int b = 0; b < 256; ++b) {
    for (int bit = 0; bit < 8; ++bit) {
      CAPTURE(b);
      CAPTURE(bit);
      CHECK(layer.values[static_cast<std::size_t>(b * 8 + bit)] == ((b >> (7 - bit)) & 1));
    }
  }
}

TEST_CASE("decode: full-size and odd-size layers at every bpp match a bit-by-bit reading") {
  for (int bpp : {1, 8, 16, 32}) {
    for (auto [w, h] : {std::pair{64, 64}, std::pair{84, 84}, std::pair{63, 65}, std::pair{9, 7}, std::pair{1, 3},
                        std::pair{17, 1}}) {
      check_against_reference(w, h, bpp);
    }
  }
}

TEST_CASE("decode 1 bpp: a smaller layer after a larger one sees none of the larger one's bits") {
  // All ones at 13x3, then 1x1 and 3x3 with all-zero data: stale scratch bytes would show as ones.
  CHECK(decode_image(image_data(1, 13, 3, std::string(5, '\xff')), spec_of(1), 13, 3).values ==
        std::vector<std::int32_t>(39, 1));
  CHECK(decode_image(image_data(1, 1, 1, std::string(1, '\0')), spec_of(1), 1, 1).values ==
        std::vector<std::int32_t>{0});
  CHECK(decode_image(image_data(1, 3, 3, std::string(2, '\0')), spec_of(1), 3, 3).values ==
        std::vector<std::int32_t>(9, 0));
  // Padding bits of the last byte never become pixels: 3x3 = 9 pixels from 2 bytes.
  CHECK(decode_image(image_data(1, 3, 3, std::string("\x00\x7f", 2)), spec_of(1), 3, 3).values ==
        std::vector<std::int32_t>(9, 0));
}

TEST_CASE("decode: one byte short or long at full size is a clear error at every bpp") {
  for (int bpp : {1, 8, 16, 32}) {
    const std::size_t right = static_cast<std::size_t>(64 * 64 * bpp / 8);
    for (std::size_t wrong : {right - 1, right + 1}) {
      CAPTURE(bpp);
      CAPTURE(wrong);
      try {
        decode_image(image_data(bpp, 64, 64, std::string(wrong, '\x01')), spec_of(bpp), 64, 64);
        FAIL("no error for a wrong data length");
      } catch (const std::runtime_error& error) {
        const std::string message = error.what();
        CHECK(message.find("expected " + std::to_string(right) + " bytes") != std::string::npos);
        CHECK(message.find("got " + std::to_string(wrong)) != std::string::npos);
      }
    }
  }
}
