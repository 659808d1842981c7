#pragma once
// The simulation state of one game: map, units, players, game loop and the seeded RNG.
// advance() moves time forward in whole game loops; nothing here reads a clock.
#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "engine/sim/alerts.h"
#include "engine/sim/map_layout.h"
#include "engine/sim/missiles.h"
#include "engine/sim/pathing_grid.h"
#include "engine/sim/rng.h"
#include "engine/sim/score.h"
#include "engine/sim/spatial_grid.h"
#include "engine/sim/unit.h"

namespace sc2::engine {

inline constexpr int kMaxPlayers = 16;  // ids 1..15 plus neutral 16

// A player's bank and the score_details economy totals.
struct PlayerEconomy {
  int minerals = 0;
  int vespene = 0;
  int collected_minerals = 0;  // ever delivered to a Command Center (spending does not reduce it)
  int collected_vespene = 0;
  int spent_minerals = 0;      // net of refunds
  int spent_vespene = 0;
  struct Delivery {
    std::uint32_t loop;
    int minerals;
    int vespene;
  };
  std::deque<Delivery> recent;  // deliveries of the last collection-rate window
  int marines_trained = 0;      // Marines that left a Barracks (BuildMarines' score)
  int workers_trained = 0;
};

// A structure or resource as a player last saw it (fog of war): reported as a Snapshot
// while its spot is not visible, forgotten once the player sees the spot without it.
struct UnitSnapshot {
  UnitId id;
  std::uint32_t unit_type = 0;
  int owner = 0;
  Vec2 pos;
  float facing = 0.0f;
  float radius = 0.0f;
  float build_progress = 1.0f;
};

// What one player sees and controls outside the units themselves.
struct PlayerState {
  PlayerEconomy economy;
  Vec2 camera;                                     // world centre of the screen camera
  std::vector<UnitId> selection;                   // in selection order
  std::array<std::vector<UnitId>, 10> control_groups;
  std::vector<std::uint8_t> explored;              // map cells ever seen (fog of war)
  ScoreTotals score;                               // score_details running totals
  std::vector<UnitSnapshot> snapshots;             // with fog: remembered structures / resources, first seen first
  std::vector<std::uint32_t> upgrades;             // researched upgrade ids, in the order they finished
  // Under-attack alerts of the last few seconds (rate limit, minimap `alerts` layer); not hashed.
  std::vector<AttackAlertMark> attack_alerts;
};

// A unit that died in the last loop (for map triggers and the raw dead_units event).
struct UnitDeath {
  UnitId id;
  std::uint32_t unit_type = 0;
  int owner = 0;
  int killer_owner = 0;  // owner of the last unit that damaged it (itself for a suicide)
  Vec2 pos;
};

class World {
 public:
  World(MapLayout layout, std::uint64_t seed);

  const MapLayout& map() const { return map_; }
  // Ground pathing: the terrain plus the cells structures block while they exist.
  const PathingGrid& pathing() const { return pathing_; }
  // The ground pathing a unit of `type` follows: cliff walkers (UnitTypeStats::cliff_walker, the
  // Colossus) also cross the map's cliff faces (map_layout.h: cliff_walkable); structures block
  // both grids alike (their versions stay equal).
  const PathingGrid& pathing_for(const UnitTypeStats& type) const {
    return type.cliff_walker && cliff_pathing_ ? *cliff_pathing_ : pathing_;
  }
  Rng& rng() { return rng_; }
  std::uint32_t game_loop() const { return game_loop_; }

  // Fog of war: off = every cell visible to everyone.
  void set_fog(bool enabled) { fog_ = enabled; }
  bool fog() const { return fog_; }

  // Economy maps: resources, workers, supply and production take part (state_hash covers
  // them only then, so the combat maps' hashes do not depend on economy fields).
  void set_economy(bool enabled) { economy_ = enabled; }
  bool economy() const { return economy_; }
  // A map's command cards (BuildMarines; a map's UnitData.xml, engine/scripted/command_cards.h),
  // one per unit type: units of `unit_type` offer (Observation.abilities) and accept from a
  // player only the abilities in `kept`; a type without a card keeps every ability it has. A
  // second call for a type replaces its card. Scripts' orders are not limited by it.
  void restrict_abilities(std::uint32_t unit_type, std::vector<std::uint32_t> kept);
  bool ability_allowed(std::uint32_t unit_type, std::uint32_t ability) const;

  UnitId spawn(std::uint32_t unit_type, int owner, Vec2 pos);
  bool remove(UnitId id);
  Unit* find(UnitId id);
  const Unit* find(UnitId id) const;
  Unit* find_by_tag(std::uint64_t tag) { return find(from_tag(tag)); }

  // Live units in slot order (deterministic).
  std::vector<Unit*> units();
  std::vector<const Unit*> units() const;
  // f(unit) for the same units in the same order, without building the list (searches that
  // run every loop); f must not spawn or remove units.
  template <class F>
  void for_each_unit(F&& f) {
    for (Slot& slot : slots_) {
      if (slot.unit) f(*slot.unit);
    }
  }
  template <class F>
  void for_each_unit(F&& f) const {
    for (const Slot& slot : slots_) {
      if (slot.unit) f(std::as_const(*slot.unit));
    }
  }

  PlayerState& player(int player_id);
  const PlayerState& player(int player_id) const;

  // Terrain height under a point (API z).
  float ground_height(Vec2 p) const;
  // Keeps a point inside the playable area, `margin` away from its edges. Inline: separation
  // calls it for every push.
  Vec2 clamp_to_playable(Vec2 p, float margin = 0.0f) const {
    const CellRect& r = map_.playable;
    return {std::clamp(p.x, r.x0 + margin, r.x1 - margin), std::clamp(p.y, r.y0 + margin, r.y1 - margin)};
  }
  // A camera centre for a view `half_view` half-wide and half-high: the view stays inside the
  // map's camera bounds (MapLayout::view_bounds), centred on an axis the view is wider than.
  Vec2 clamp_camera(Vec2 centre, Vec2 half_view) const;

  // Visibility of a cell for a player: 0 hidden, 1 explored, 2 visible.
  std::uint8_t visibility(int player_id, int x, int y) const;
  // The same for every cell at once (row-major, row 0 = y 0, width x height values), for
  // the observation's grids: visibility() per cell costs a pass over the units each.
  void visibility_grid(int player_id, std::vector<std::uint8_t>& out) const;

  // A player sees its own units always, others only on visible cells.
  bool unit_visible(int player_id, const Unit& unit) const;
  // During advance(): whether `player_id` saw `unit`'s cell at the last vision update (what the
  // player was last shown). O(1), where unit_visible looks through every unit's sight.
  bool seen_at_last_update(int player_id, const Unit& unit) const;
  // With fog: whether a structure / resource is kept in players' memory as a snapshot
  // (resources are known map-wide from the start, as in the game; structures once seen).
  static bool leaves_snapshot(const Unit& unit);

  // Advances one game loop: units act in slot order (orders, combat), missiles fly, overlapping
  // units are pushed apart, the dead are removed, vision updates, then the loop increments.
  void advance();

  // During advance(): live units that may be within `radius` of `p` (a superset in a
  // deterministic order that is not slot order; check exact distances). Covers the drift of units moved earlier in the loop.
  void units_near(Vec2 p, float radius, std::vector<Unit*>& out) const {
    grid_.query(p, radius + max_unit_radius_ + SpatialGrid::kDriftMargin, out);
  }
  // The same, only units hostile to `player`.
  void enemies_near(Vec2 p, float radius, int player, std::vector<Unit*>& out) const {
    grid_.query_hostile(p, radius + max_unit_radius_ + SpatialGrid::kDriftMargin, player, out);
  }

  // During advance(): whether any live unit at the start of this loop is hostile to
  // `player` (lets idle armies skip looking for targets where no enemy exists at all).
  bool enemies_present(int player) const {
    return (owners_present_ & ~((1u << player) | (1u << kNeutralOwner))) != 0;
  }

  // Units that died during the last advance(), in slot order.
  const std::vector<UnitDeath>& deaths_last_loop() const { return deaths_; }
  // Alerts raised during the last advance(), in the order raised (reporting only).
  const std::vector<RaisedAlert>& alerts_last_loop() const { return alerts_; }
  // During advance(): announces `alert` about `unit` to `player` (not to the neutral owner).
  // Under-attack alerts go through the rate limit of engine/sim/alerts.h.
  void raise_alert(int player, Alert alert, const Unit& unit);

  // Missiles in flight (missiles.h): weapons launch into it during advance(), which flies them.
  std::vector<Missile>& missiles() { return missiles_; }
  const std::vector<Missile>& missiles() const { return missiles_; }

  // Enemy units a player's units killed / units the player lost, since the game began.
  int kills(int player_id) const { return kills_.at(static_cast<std::size_t>(player_id)); }
  int losses(int player_id) const { return losses_.at(static_cast<std::size_t>(player_id)); }

 private:
  struct Slot {
    std::optional<Unit> unit;
    std::uint32_t generation = 0;
  };

  void remove_dead(const std::vector<Unit*>& units);
  void account_loop(const std::vector<Unit*>& units);
  void account_death(const Unit& unit, int killer);
  void update_vision();
  void update_snapshots();
  void remember(int player_id, const Unit& unit);
  bool sees_cell(int player_id, int x, int y) const;

  MapLayout map_;
  PathingGrid pathing_;
  std::optional<PathingGrid> cliff_pathing_;  // only on maps with cliff faces
  Rng rng_;
  std::uint32_t game_loop_ = 0;
  bool fog_ = false;
  bool economy_ = false;
  struct CommandCard {
    std::uint32_t unit_type = 0;
    std::vector<std::uint32_t> kept;  // sorted
  };
  std::vector<CommandCard> command_cards_;  // a few at most: searched in order
  // A deque: spawning during advance() (construction, production) keeps every live
  // unit's address valid.
  std::deque<Slot> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::array<PlayerState, kMaxPlayers + 1> players_;
  std::vector<UnitDeath> deaths_;
  std::vector<RaisedAlert> alerts_;
  std::vector<Missile> missiles_;
  SpatialGrid grid_;
  float max_unit_radius_ = 0.0f;
  std::uint32_t owners_present_ = 0;  // bit per owner (0..16) of the units live at the loop's start
  // Per player: cell -> game loop + 1 of the last vision update that saw it (fog only).
  std::array<std::vector<std::uint32_t>, kMaxPlayers + 1> seen_stamp_;
  std::array<int, kMaxPlayers + 1> kills_{};
  std::array<int, kMaxPlayers + 1> losses_{};
};

}  // namespace sc2::engine
