#pragma once
// The simulation state of one game: map, units, players, game loop and the seeded RNG.
// advance() moves time forward in whole game loops; nothing here reads a clock.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/sim/map_layout.h"
#include "engine/sim/rng.h"
#include "engine/sim/unit.h"

namespace sc2::engine {

inline constexpr int kMaxPlayers = 16;  // ids 1..15 plus neutral 16

// What one player sees and controls outside the units themselves.
struct PlayerState {
  Vec2 camera;                                     // world centre of the screen camera
  std::vector<UnitId> selection;                   // in selection order
  std::array<std::vector<UnitId>, 10> control_groups;
  std::vector<std::uint8_t> explored;              // map cells ever seen (fog of war)
};

class World {
 public:
  World(MapLayout layout, std::uint64_t seed);

  const MapLayout& map() const { return map_; }
  Rng& rng() { return rng_; }
  std::uint32_t game_loop() const { return game_loop_; }

  // Fog of war: off = every cell visible to everyone.
  void set_fog(bool enabled) { fog_ = enabled; }
  bool fog() const { return fog_; }

  UnitId spawn(std::uint32_t unit_type, int owner, Vec2 pos);
  bool remove(UnitId id);
  Unit* find(UnitId id);
  const Unit* find(UnitId id) const;
  Unit* find_by_tag(std::uint64_t tag) { return find(from_tag(tag)); }

  // Live units in slot order (deterministic).
  std::vector<Unit*> units();
  std::vector<const Unit*> units() const;

  PlayerState& player(int player_id);
  const PlayerState& player(int player_id) const;

  // Terrain height under a point (API z).
  float ground_height(Vec2 p) const;
  // Keeps a point inside the playable area, `margin` away from its edges.
  Vec2 clamp_to_playable(Vec2 p, float margin = 0.0f) const;

  // Visibility of a cell for a player: 0 hidden, 1 explored, 2 visible.
  std::uint8_t visibility(int player_id, int x, int y) const;

  // A player sees its own units always, others only on visible cells.
  bool unit_visible(int player_id, const Unit& unit) const;

  // Advances one game loop: executes orders, updates vision, then increments the loop.
  void advance();

 private:
  struct Slot {
    std::optional<Unit> unit;
    std::uint32_t generation = 0;
  };

  void step_unit(Unit& unit);
  void update_vision();
  bool sees_cell(int player_id, int x, int y) const;

  MapLayout map_;
  Rng rng_;
  std::uint32_t game_loop_ = 0;
  bool fog_ = false;
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::array<PlayerState, kMaxPlayers + 1> players_;
};

}  // namespace sc2::engine
