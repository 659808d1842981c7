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
  for (auto& [view, discs] : disc_pixels_) discs.forget();
  have_map_ = false;
}

std::int32_t FeatureLayerCache::cell_under(const MapLayout& map, Vec2 p) {
  const int x = static_cast<int>(std::floor(p.x));
  const int y = static_cast<int>(std::floor(p.y));
  return map.in_bounds(x, y) ? static_cast<std::int32_t>(map.cell(x, y)) : -1;
}

}  // namespace sc2::engine
