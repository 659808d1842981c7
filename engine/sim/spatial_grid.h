#pragma once
// A uniform grid over unit positions, rebuilt at the start of every loop, so that "who is
// near this point" costs about the number of nearby units instead of all units.
// Queries return a superset (whole cells) in cell order, deterministic but not slot
// order: callers check exact distances and break ties by slot index themselves.
#include <cstdint>
#include <span>
#include <vector>

#include "engine/sim/unit.h"

namespace sc2::engine {

class SpatialGrid {
 public:
  // `units` must be in slot order; the grid keeps pointers until the next rebuild.
  void rebuild(std::span<Unit* const> units, int map_width, int map_height);

  // Units whose position at rebuild time was within `radius` of `p` along both axes.
  void query(Vec2 p, float radius, std::vector<Unit*>& out) const;

  // The same, keeping only units hostile to `player`: target searches skip an army's own
  // units (most of what is near a unit in a crowd) without reading them.
  void query_hostile(Vec2 p, float radius, int player, std::vector<Unit*>& out) const;

  // How far units may have moved since the rebuild; queries should add it to their radius.
  static constexpr float kDriftMargin = 1.0f;

 private:
  static constexpr float kCellSize = 4.0f;
  int columns_ = 0, rows_ = 0;
  std::vector<Unit*> units_;
  std::vector<std::uint32_t> cell_start_;  // CSR: cell c holds entries [start[c], start[c+1])
  std::vector<std::uint32_t> entries_;     // indices into units_, ascending within a cell
  std::vector<int> entry_owner_;           // owner of each entry: hostility without reading the Unit
  std::vector<std::uint32_t> cell_index_, fill_;  // rebuild scratch, kept to avoid allocations
  int cell_of(float v, int limit) const;
  template <typename Visit>
  void for_cells(Vec2 p, float radius, Visit&& visit) const;
};

}  // namespace sc2::engine
