#pragma once
// One unit of the simulation: type, owner, position, life and its order queue.
#include <cstdint>
#include <vector>

#include "engine/sim/unit_data.h"
#include "engine/sim/unit_id.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

inline constexpr int kNeutralOwner = 16;

enum class OrderKind { Move, AttackMove, Patrol };

struct Order {
  OrderKind kind = OrderKind::Move;
  std::uint32_t ability_id = 0;  // specific id reported in Unit.orders
  Vec2 target;
  Vec2 patrol_origin;            // Patrol: where to walk back to
};

struct Unit {
  UnitId id;
  const UnitTypeStats* stats = nullptr;
  int owner = kNeutralOwner;
  Vec2 pos;
  float facing = 0.0f;  // radians, 0..2pi, counter-clockwise from +x
  float radius = 0.0f;
  float health = 0.0f;
  float health_max = 0.0f;
  bool holding_position = false;
  std::vector<Order> orders;  // front = current order

  std::uint32_t type() const { return stats->id; }
  bool idle() const { return orders.empty(); }
};

// Relation of a unit's owner to an observing player; same numbers as the API's Alliance
// and the feature layer player_relative (1 self, 3 neutral, 4 enemy; no allies yet).
inline int alliance_of(int observer, int owner) {
  if (owner == observer) return 1;
  if (owner == kNeutralOwner) return 3;
  return 4;
}

}  // namespace sc2::engine
