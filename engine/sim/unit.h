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
// Gather: harvest `target_unit` (a mineral field or a Refinery) and carry the load to the
// nearest Command Center, over and over (`phase` / `timer` track the trip). Build: walk to
// `target` (or the geyser `target_unit`) and construct `build_type` there. Heal: fly to
// `target_unit` and heal it (the Medivac, UnitTypeStats::heal) until it is full.
enum class OrderKind { Move, AttackUnit, AttackMove, Patrol, Gather, Build, Heal };

// Gather phases: to the resource, mining, back to the Command Center, the pause there.
// Build phases: walking to the site, constructing.
enum class OrderPhase : std::uint8_t { Approach, Work, Return, Pause };

struct Order {
  OrderKind kind = OrderKind::Move;
  std::uint32_t ability_id = 0;  // specific id reported in Unit.orders
  Vec2 target;
  UnitId target_unit;            // AttackUnit, Heal (Gather, Build: the resource / geyser)
  Vec2 patrol_origin;            // Patrol: where to walk back to
  OrderPhase phase = OrderPhase::Approach;  // Gather / Build
  std::uint32_t timer = 0;       // loops left in the current phase (mining, pause)
  std::uint32_t build_type = 0;  // Build: the structure's unit type
};

// A ground unit's cached route (path_following.cpp), valid for one goal, stop distance
// and pathing-grid version; replanned when any of them changes.
struct PathPlan {
  bool valid = false;
  Vec2 goal;
  float stop_distance = 0.0f;
  std::uint32_t grid_version = 0;
  std::vector<Vec2> waypoints;  // corners still ahead, front first; empty = straight to the goal
  bool unreachable = false;     // the waypoints end at the reachable point nearest the goal
};

// Separation's memory (separation.cpp): the position, yielding flags and pathing-grid
// version this unit had when separation last checked every pair it is in, and it has not
// moved since. A pair of units that both still match was settled then: checking it again
// would change nothing.
struct SeparationMemo {
  bool valid = false;
  Vec2 pos;
  std::uint8_t flags = 0;
  std::uint32_t grid_version = 0;
};

// One item of a production queue: a unit to train (Command Center, Barracks, Factory), an
// add-on to build (Barracks: `unit_type` is the add-on, already placed under construction)
// or an upgrade to research (Engineering Bay: `upgrade` set, `unit_type` 0).
struct TrainItem {
  std::uint32_t ability_id = 0;
  std::uint32_t unit_type = 0;
  std::uint32_t loops_done = 0;
  std::uint32_t upgrade = 0;
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
  float shield = 0.0f;           // Protoss shields (UnitTypeStats::shield_max > 0), start full
  float shield_max = 0.0f;
  // Loops before the shields may regenerate: reset to the type's delay by every hit.
  std::uint32_t shield_regen_wait = 0;
  float energy = 0.0f;
  float energy_max = 0.0f;
  bool holding_position = false;
  std::vector<Order> orders;   // front = current order
  float weapon_cooldown = 0.0f;  // game loops until the weapon may fire again
  UnitId engaged_target;       // what the unit attacks now (by order or acquired)
  int last_attacker_owner = 0; // for kill counting
  // Acquisition on its own (unit_behaviour.cpp): an idle unit that took on an enemy chases it
  // within a leash of where it began, then walks back there (`returning` until near it).
  bool leashed = false;
  bool returning = false;
  Vec2 leash_origin;
  // Call for help (unit_behaviour.cpp): the attacker of the unit's last hit, until its idle
  // allies nearby are called (after the loop's units acted); at most once a period.
  UnitId help_wanted_against;
  std::uint32_t next_help_call_loop = 0;
  float health_accounted = 0.0f;  // life as of the last damage accounting (score_details)
  bool burst = false;          // an exploding unit (Baneling) has gone off
  // Where the unit's last finished move ended; a group sent to one point stops around
  // the units that already got there.
  bool has_rest_goal = false;
  Vec2 rest_goal;
  PathPlan path;               // ground units walking around walls and structures
  // Units that accelerate (UnitTypeStats::acceleration): the distance walked in loop
  // `walk_loop`; a unit that did not walk in the loop before starts again from rest.
  float walk_speed = 0.0f;
  std::uint32_t walk_loop = 0;
  SeparationMemo separation;

  // Economy (workers, resources, structures).
  int cargo_minerals = 0;          // worker: carried load
  int cargo_vespene = 0;
  UnitId last_resource;            // worker: what it harvested last (Return resumes it)
  int mineral_contents = 0;        // mineral field
  int vespene_contents = 0;        // geyser, Refinery
  UnitId harvester;                // resource / Refinery: the worker working it now
  std::uint32_t build_loops_done = 0;  // structure: construction time spent
  bool under_construction = false;
  UnitId builder;                  // structure under construction: its SCV
  UnitId geyser;                   // Refinery: the geyser it stands on
  std::vector<TrainItem> production;   // front = in progress
  bool has_rally = false;
  Vec2 rally_point;
  UnitId rally_unit;
  UnitId add_on;                   // Barracks: its Tech Lab (finished or being built)

  std::uint32_t type() const { return stats->id; }
  bool idle() const { return orders.empty(); }
  bool alive() const { return !stats->solid() || health > 0.0f; }
  bool carrying() const { return cargo_minerals > 0 || cargo_vespene > 0; }
  // A finished structure (or any non-structure).
  bool complete() const { return !under_construction; }
  float build_progress() const {
    return under_construction && stats->build_time_loops > 0
               ? static_cast<float>(build_loops_done) / static_cast<float>(stats->build_time_loops)
               : 1.0f;
  }
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
