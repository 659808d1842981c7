#include "engine/raster/layer_cache.h"

#include <algorithm>
#include <cmath>

namespace sc2::engine {

namespace {

bool same_map(const MapLayout& a, const MapLayout& b) {
  return a.width == b.width && a.height == b.height && a.playable.x0 == b.playable.x0 &&
         a.playable.y0 == b.playable.y0 && a.playable.x1 == b.playable.x1 && a.playable.y1 == b.playable.y1 &&
         a.terrain_height == b.terrain_height && a.pathable == b.pathable && a.buildable == b.buildable;
}

}  // namespace

void FeatureLayerCache::use_map(const MapLayout& map) {
  if (have_map_ && same_map(map_, map)) return;
  forget();
  map_ = map;
  have_map_ = true;
}

void FeatureLayerCache::forget() {
  views_.clear();
  for (auto& [name, layer] : static_layers_) layer.valid = false;
  have_map_ = false;
}

std::int32_t FeatureLayerCache::cell_under(const MapLayout& map, Vec2 p) {
  const int x = static_cast<int>(std::floor(p.x));
  const int y = static_cast<int>(std::floor(p.y));
  return map.in_bounds(x, y) ? static_cast<std::int32_t>(map.cell(x, y)) : -1;
}

void FeatureLayerCache::index_distinct_cells(Sampling& sampling, const MapLayout& map) {
  slot_of_cell_.assign(static_cast<std::size_t>(map.width) * map.height, -1);
  sampling.distinct_cells.clear();
  sampling.slot.resize(sampling.cell.size());
  for (std::size_t i = 0; i < sampling.cell.size(); ++i) {
    const std::int32_t cell = sampling.cell[i];
    if (cell < 0) {
      sampling.slot[i] = -1;
      continue;
    }
    std::int32_t& slot = slot_of_cell_[static_cast<std::size_t>(cell)];
    if (slot < 0) {
      slot = static_cast<std::int32_t>(sampling.distinct_cells.size());
      sampling.distinct_cells.push_back(cell);
    }
    sampling.slot[i] = slot;
  }
}

std::vector<float>& FeatureLayerCache::zeroed_floats(std::size_t size) {
  floats_.assign(size, 0.0f);
  return floats_;
}

}  // namespace sc2::engine
