#pragma once
// 2-D world-space vector (world units = map cells, +y is north).
#include <climits>
#include <cmath>

namespace sc2::engine {

struct Vec2 {
  float x = 0.0f;
  float y = 0.0f;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(Vec2 a, float s) { return {a.x * s, a.y * s}; }
inline bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
inline float length(Vec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }
inline float distance(Vec2 a, Vec2 b) { return length(a - b); }

// static_cast<int>(std::floor(v)), the same value for every v, in fewer instructions: without
// SSE4.1 (the x86-64 baseline) std::floor is a long sequence, and positions are floored into
// cells and pixels many times per loop. A truncation, one lower when that rounded up.
inline int floor_to_int(float v) {
  const int truncated = static_cast<int>(v);  // INT_MIN for NaN and out of range, as floor's cast
  return v < static_cast<float>(truncated) && truncated != INT_MIN ? truncated - 1 : truncated;
}

}  // namespace sc2::engine
