// floor_to_int replaces static_cast<int>(std::floor(v)) in cells and pixels: it must give the
// same value, or units would stand in other cells and every observation would change.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/sim/vec2.h"

using sc2::engine::floor_to_int;

namespace {

int floor_then_cast(float v) { return static_cast<int>(std::floor(v)); }

}  // namespace

TEST_CASE("floor_to_int equals the floor for whole, half, tiny, negative and large values") {
  const std::vector<float> values = {0.0f,   -0.0f,       0.5f,        -0.5f,      1.0f,        -1.0f,
                                     0.999999f, -0.999999f, 1e-30f,     -1e-30f,    2.5f,        -2.5f,
                                     63.999996f, -63.999996f, 8388607.5f, -8388607.5f, 16777216.0f, -16777216.0f,
                                     1e9f,   -1e9f,       2147483520.0f, -2147483648.0f};
  for (const float v : values) {
    CAPTURE(v);
    CHECK(floor_to_int(v) == floor_then_cast(v));
  }
}

TEST_CASE("floor_to_int equals the floor on a sweep of float bit patterns around the map's range") {
  // Every 97th bit pattern, kept when the float lies within +-4096 (the maps are at most 256
  // cells across, pixels a few thousand): ~19 million values with every kind of fraction.
  int checked = 0;
  for (std::uint64_t i = 0; i < (std::uint64_t{1} << 32); i += 97) {
    const auto pattern = static_cast<std::uint32_t>(i);
    float v = 0.0f;
    std::memcpy(&v, &pattern, sizeof v);
    if (!std::isfinite(v) || std::fabs(v) > 4096.0f) continue;
    if (floor_to_int(v) != floor_then_cast(v)) {
      FAIL("differs at " << v);
    }
    ++checked;
  }
  CHECK(checked > 1000000);
}
