// PixelMapping::pixel floors without std::floor (it runs for every unit of three unit tables
// per observation): it must give what truncate_to_int(std::floor(...)) gives, off the view
// and at the extremes too.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

#include "client/pysc2/pixel_mapping.h"

using sc2::pysc2::PixelMapping;
using sc2::pysc2::truncate_to_int;

TEST_CASE("PixelMapping::pixel equals the floored screen formula on and off the view, at extremes and for NaN") {
  const double camera_x = 30.25, camera_y = 17.5, camera_width = 24.0;
  const int width = 64, height = 48;
  const PixelMapping mapping = PixelMapping::screen(camera_x, camera_y, camera_width, width, height);
  const auto expected = [&](double x, double y) {
    return std::array<std::int64_t, 2>{
        truncate_to_int(std::floor((x - camera_x) * (width / camera_width) + width / 2.0)),
        truncate_to_int(std::floor((camera_y - y) * (height / camera_width) + height / 2.0))};
  };
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> near(-200.0, 200.0);
  for (int i = 0; i < 200000; ++i) {
    const double x = near(rng), y = near(rng);
    if (mapping.pixel(x, y) != expected(x, y)) FAIL("differs at " << x << ", " << y);
  }
  // Exact pixel edges, the camera's corner, and values the floor saturates or cannot map.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const double v : {camera_x, camera_x - 0.375, camera_x + 0.375, 18.25, 18.25 - 1e-12, -0.0, 0.0, 1e18,
                         -1e18, 1e300, -1e300, inf, -inf, nan}) {
    CAPTURE(v);
    CHECK(mapping.pixel(v, v) == expected(v, v));
  }
  CHECK(mapping.pixel(nan, 0.0)[0] == 0);
  CHECK(mapping.pixel(1e300, 0.0)[0] == std::numeric_limits<std::int64_t>::max());
  CHECK(mapping.pixel(-1e300, 0.0)[0] == std::numeric_limits<std::int64_t>::min());
}
