#include "engine/sim/spatial_grid.h"

#include <algorithm>
#include <cmath>

namespace sc2::engine {

int SpatialGrid::cell_of(float v, int limit) const {
  return std::clamp(floor_to_int(v / kCellSize), 0, limit - 1);
}

void SpatialGrid::rebuild(std::span<Unit* const> units, int map_width, int map_height) {
  columns_ = std::max(1, static_cast<int>(std::ceil(map_width / kCellSize)));
  rows_ = std::max(1, static_cast<int>(std::ceil(map_height / kCellSize)));
  units_.assign(units.begin(), units.end());
  const auto cells = static_cast<std::size_t>(columns_) * rows_;
  cell_start_.assign(cells + 1, 0);
  cell_index_.resize(units_.size());
  for (std::size_t i = 0; i < units_.size(); ++i) {
    const auto c = static_cast<std::uint32_t>(cell_of(units_[i]->pos.y, rows_) * columns_ + cell_of(units_[i]->pos.x, columns_));
    cell_index_[i] = c;
    ++cell_start_[c + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) cell_start_[c + 1] += cell_start_[c];
  entries_.resize(units_.size());
  entry_owner_.resize(units_.size());
  fill_.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t i = 0; i < units_.size(); ++i) {
    const std::uint32_t e = fill_[cell_index_[i]]++;
    entries_[e] = static_cast<std::uint32_t>(i);
    entry_owner_[e] = units_[i]->owner;
  }
}

// Calls visit(cell index) for every cell of the query box, row by row.
template <typename Visit>
void SpatialGrid::for_cells(Vec2 p, float radius, Visit&& visit) const {
  if (units_.empty()) return;
  const int x0 = cell_of(p.x - radius, columns_), x1 = cell_of(p.x + radius, columns_);
  const int y0 = cell_of(p.y - radius, rows_), y1 = cell_of(p.y + radius, rows_);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) visit(static_cast<std::size_t>(y) * columns_ + x);
  }
}

void SpatialGrid::query(Vec2 p, float radius, std::vector<Unit*>& out) const {
  out.clear();
  for_cells(p, radius, [&](std::size_t c) {
    for (std::uint32_t e = cell_start_[c]; e < cell_start_[c + 1]; ++e) out.push_back(units_[entries_[e]]);
  });
}

void SpatialGrid::query_hostile(Vec2 p, float radius, int player, std::vector<Unit*>& out) const {
  out.clear();
  if (player == kNeutralOwner) return;  // hostile to no one
  for_cells(p, radius, [&](std::size_t c) {
    for (std::uint32_t e = cell_start_[c]; e < cell_start_[c + 1]; ++e) {
      if (hostile(player, entry_owner_[e])) out.push_back(units_[entries_[e]]);
    }
  });
}

}  // namespace sc2::engine
