#include "engine/raster/unit_discs.h"

namespace sc2::engine {

std::vector<const Unit*> drawable_units(const World& world, int player_id) {
  // Two passes in slot order, neutral units first: what a stable sort on "is neutral" gives.
  std::vector<const Unit*> units;
  for (const bool neutral : {true, false}) {
    world.for_each_unit([&](const Unit& u) {
      if ((u.owner == kNeutralOwner) == neutral && world.unit_visible(player_id, u)) units.push_back(&u);
    });
  }
  return units;
}

float squared_radius_bound(float r) {
  if (!(r >= 0.0f)) return -1.0f;  // negative or NaN radius: nothing is inside
  if (std::isinf(r)) return r;
  float t = r * r;
  while (t > 0.0f && std::sqrt(t) > r) t = std::nextafter(t, 0.0f);
  for (float up = std::nextafter(t, INFINITY); std::sqrt(up) <= r; up = std::nextafter(t, INFINITY)) t = up;
  return t;
}

}  // namespace sc2::engine
