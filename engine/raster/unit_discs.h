#pragma once
// What the feature layers and the RGB images share about drawing units: which units a
// player's images show (the fog rule) in what order, and which pixels a unit's disc covers.
#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/raster/view_transform.h"
#include "engine/sim/world.h"

namespace sc2::engine {

// Units the player can see (World::unit_visible: own units always, others only on visible
// cells; snapshots are not drawn), in draw order: neutral under player units, then slot
// order, so later draws win on shared pixels.
std::vector<const Unit*> drawable_units(const World& world, int player_id);

// The largest float t with sqrtf(t) <= r. sqrtf is monotonic, so for any d2 >= 0,
// `std::sqrt(d2) <= r` exactly when `d2 <= t`: the disc test without a square root and
// with the same result bit for bit.
float squared_radius_bound(float r);

// Calls fn(px, py, coverage) for every pixel of a unit's disc. A pixel belongs to the disc
// when its centre is inside; the pixel under the unit's centre always does, so tiny units
// never vanish. coverage = fraction of the pixel inside the disc (4x4 samples); with
// kCoverage false it is not computed (fn gets 1).
template <bool kCoverage = true, class View, class Fn>
void for_each_disc_pixel(const View& view, Vec2 centre, float radius, Fn&& fn) {
  const Vec2 probe = view.pixel_centre(0, 0);
  const Vec2 probe_next = view.pixel_centre(1, 1);
  const float px_w = std::abs(probe_next.x - probe.x);
  const float px_h = std::abs(probe.y - probe_next.y);
  const PixelPos lo = view.to_pixel({centre.x - radius, centre.y + radius});
  const PixelPos hi = view.to_pixel({centre.x + radius, centre.y - radius});
  const PixelPos mid = view.to_pixel(centre);
  const float bound = squared_radius_bound(radius);
  float offset_x[4], offset_y[4];
  for (int k = 0; k < 4; ++k) {
    offset_x[k] = (k - 1.5f) * 0.25f * px_w;
    offset_y[k] = (k - 1.5f) * 0.25f * px_h;
  }
  for (int py = std::max(lo.y, 0); py <= std::min(hi.y, view.height() - 1); ++py) {
    for (int px = std::max(lo.x, 0); px <= std::min(hi.x, view.width() - 1); ++px) {
      const Vec2 c = view.pixel_centre(px, py);
      const Vec2 d = c - centre;
      const bool centre_in = d.x * d.x + d.y * d.y <= bound;
      const bool is_mid = px == mid.x && py == mid.y;
      if (!centre_in && !is_mid) continue;
      if constexpr (!kCoverage) {
        fn(px, py, 1.0f);
      } else {
        float dx2[4], dy2[4];
        for (int k = 0; k < 4; ++k) {
          const float dx = (c.x + offset_x[k]) - centre.x;
          const float dy = (c.y + offset_y[k]) - centre.y;
          dx2[k] = dx * dx;
          dy2[k] = dy * dy;
        }
        // Inside a large disc every sample is in: the farthest one tells (the same sums as
        // the 16 tests below, so the same answer). Most pixels of structures are such.
        if (std::max(std::max(dx2[0], dx2[1]), std::max(dx2[2], dx2[3])) +
                std::max(std::max(dy2[0], dy2[1]), std::max(dy2[2], dy2[3])) <= bound) {
          fn(px, py, 1.0f);
          continue;
        }
        int inside = 0;
        for (int sy = 0; sy < 4; ++sy) {
          for (int sx = 0; sx < 4; ++sx) inside += dx2[sx] + dy2[sy] <= bound ? 1 : 0;
        }
        fn(px, py, std::max(inside, 1) / 16.0f);
      }
    }
  }
}

}  // namespace sc2::engine
