// Runtime natives: numbers, randomness (from the host's seeded generator) and point arithmetic.
// Points are values (value.h); distances and angles go through doubles and round to the nearest
// 1/4096, which is deterministic for one build (-ffp-contract=off, the same libm).
#include <cmath>
#include <numbers>

#include "engine/galaxy/runtime.h"
#include "engine/galaxy/runtime_natives.h"

namespace sc2::galaxy {

namespace {

constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;

// Uniform in [low, high] (swapped when reversed) from one 32-bit draw: multiply-shift.
std::int32_t random_between(Host& host, std::int32_t low, std::int32_t high) {
  if (low > high) std::swap(low, high);
  const std::uint64_t range = static_cast<std::uint64_t>(std::int64_t{high} - low) + 1;  // 1 .. 2^32
  const std::uint64_t draw = host.random_u32();
  return static_cast<std::int32_t>(low + static_cast<std::int64_t>((draw * range) >> 32));
}

bool points_present(NativeCall& call, std::initializer_list<std::uint32_t> indices) {
  for (const std::uint32_t i : indices) {
    if (call.is_null(i)) {
      call.fail("point argument " + std::to_string(i + 1) + " is null");
      return false;
    }
  }
  return true;
}

}  // namespace

void register_math_natives(NativeRegistry& r) {
  // C's remainder (the sign of x); the reference maps use it on positive counters only.
  r.add("ModI", [](NativeCall& call) {
    if (call.int_arg(1) == 0) return call.fail("modulo by zero");
    call.return_int(int_modulo(call.int_arg(0), call.int_arg(1)));
  });
  r.add("RandomInt", [](NativeCall& call) {
    call.return_int(random_between(call.runtime().host(), call.int_arg(0), call.int_arg(1)));
  });
  r.add("RandomFixed", [](NativeCall& call) {
    call.return_fixed_raw(random_between(call.runtime().host(), call.fixed_raw_arg(0), call.fixed_raw_arg(1)));
  });
  r.add("libNtve_gf_RandomAngle", [](NativeCall& call) {  // RandomFixed(0.0, 360.0)
    call.return_fixed_raw(random_between(call.runtime().host(), 0, 360 * kFixedOne));
  });
  r.add("PointWithOffset", [](NativeCall& call) {
    if (!points_present(call, {0})) return;
    const Point p = call.point_arg(0);
    call.return_point({fixed_add(p.x, call.fixed_raw_arg(1)), fixed_add(p.y, call.fixed_raw_arg(2))});
  });
  r.add("PointWithOffsetPolar", [](NativeCall& call) {  // angle in degrees, 0 = east, counter-clockwise
    if (!points_present(call, {0})) return;
    const Point p = call.point_arg(0);
    const double distance = call.fixed_arg(1);
    const double angle = call.fixed_arg(2) * kRadiansPerDegree;
    call.return_point(Point::from_world(p.world_x() + distance * std::cos(angle), p.world_y() + distance * std::sin(angle)));
  });
  r.add("DistanceBetweenPoints", [](NativeCall& call) {
    if (!points_present(call, {0, 1})) return;
    const Point a = call.point_arg(0);
    const Point b = call.point_arg(1);
    const double dx = static_cast<double>(std::int64_t{b.x} - a.x);
    const double dy = static_cast<double>(std::int64_t{b.y} - a.y);
    call.return_fixed(std::sqrt(dx * dx + dy * dy) / kFixedOne);
  });
  r.add("AngleBetweenPoints", [](NativeCall& call) {  // degrees from a to b, -180 .. 180
    if (!points_present(call, {0, 1})) return;
    const Point a = call.point_arg(0);
    const Point b = call.point_arg(1);
    const double dx = static_cast<double>(std::int64_t{b.x} - a.x);
    const double dy = static_cast<double>(std::int64_t{b.y} - a.y);
    call.return_fixed(dx == 0 && dy == 0 ? 0.0 : std::atan2(dy, dx) / kRadiansPerDegree);
  });
  r.add("libNtve_gf_RandomPointBetweenPoints", [](NativeCall& call) {  // uniform on the segment
    if (!points_present(call, {0, 1})) return;
    const Point a = call.point_arg(0);
    const Point b = call.point_arg(1);
    const std::int32_t t = random_between(call.runtime().host(), 0, kFixedOne);
    call.return_point({fixed_add(a.x, fixed_multiply(fixed_subtract(b.x, a.x), t)),
                       fixed_add(a.y, fixed_multiply(fixed_subtract(b.y, a.y), t))});
  });
}

}  // namespace sc2::galaxy
