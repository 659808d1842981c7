#pragma once
// One unit of the simulation: type, owner, position, life, weapon state and its order queue.
#include <cstdint>
#include <vector>

#include "engine/sim/unit_data.h"
#include "engine/sim/unit_id.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

inline constexpr int kNeutralOwner = 16;

// Move: walk to `target`. AttackUnit: chase `target_unit` and attack it until it dies.
// AttackMove: walk to `target`, fighting whatever comes into sight on the way.
// Patrol: attack-move back and forth between `patrol_origin` and `target`.
enum class OrderKind { Move, AttackUnit, AttackMove, Patrol };

struct Order {
  OrderKind kind = OrderKind::Move;
  std::uint32_t ability_id = 0;  // specific id reported in Unit.orders
  Vec2 target;
  UnitId target_unit;            // AttackUnit only
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
  std::vector<Order> orders;   // front = current order
  float weapon_cooldown = 0.0f;  // game loops until the weapon may fire again
  UnitId engaged_target;       // what the unit attacks now (by order or acquired)
  int last_attacker_owner = 0; // for kill counting
  bool burst = false;          // an exploding unit (Baneling) has gone off
  // Where the unit's last finished move ended; a group sent to one point stops around
  // the units that already got there.
  bool has_rest_goal = false;
  Vec2 rest_goal;

  std::uint32_t type() const { return stats->id; }
  bool idle() const { return orders.empty(); }
  bool alive() const { return !stats->solid() || health > 0.0f; }
};

// Relation of a unit's owner to an observing player; same numbers as the API's Alliance
// and the feature layer player_relative (1 self, 3 neutral, 4 enemy; no allies yet).
inline int alliance_of(int observer, int owner) {
  if (owner == observer) return 1;
  if (owner == kNeutralOwner) return 3;
  return 4;
}

// Units of two different players, neither neutral, are enemies.
inline bool hostile(int a, int b) { return a != b && a != kNeutralOwner && b != kNeutralOwner; }

}  // namespace sc2::engine
