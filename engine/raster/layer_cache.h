#pragma once
// FeatureLayerCache: what one player's feature layers need that does not change between
// observations while the map and the view stay the same:
//  - per view (screen, minimap): the map cell under each pixel's centre;
//  - static layers: any layer whose pixels depend only on the map and a key (the view's
//    geometry, for some also the camera) opts in by name; it is encoded once and then
//    copied into every observation;
//  - scratch reused between observations (a DiscStack per view);
//  - per view, the pixels of each unit's disc (DiscPixelCache), kept while the unit stays.
// Only ever faster, never different: another map (compared by content), view or key
// recomputes. Not thread-safe: one per player / GameServer, used under its lock.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/raster/disc_pixel_cache.h"
#include "engine/raster/disc_stack.h"
#include "engine/raster/image_encoding.h"
#include "engine/sim/map_layout.h"

namespace sc2::engine {

class FeatureLayerCache {
 public:
  // What a cached item depends on besides the map (camera, sizes, ...); compared exactly.
  using Key = std::array<float, 8>;

  struct Sampling {
    std::vector<std::int32_t> cell;  // per pixel (row-major): map cell, -1 off the map
  };

  // Forgets everything when `map` is not the map seen last (same size and cells).
  void use_map(const MapLayout& map);

  // The sampling of view `view_id` (any small number naming the view) for `key`;
  // recomputed when the key changes. View: width(), height(), pixel_centre(px, py).
  template <class View>
  const Sampling& sampling(int view_id, const Key& key, const View& view, const MapLayout& map) {
    ViewSampling& v = views_[view_id];
    if (!v.valid || v.key != key) {
      v.key = key;
      v.valid = true;
      v.sampling.cell.resize(static_cast<std::size_t>(view.width()) * view.height());
      for (int py = 0; py < view.height(); ++py) {
        for (int px = 0; px < view.width(); ++px) {
          v.sampling.cell[static_cast<std::size_t>(py) * view.width() + px] = cell_under(map, view.pixel_centre(px, py));
        }
      }
    }
    return v.sampling;
  }

  // The encoded bytes of static layer `name` (unique per view, e.g. "screen.height_map")
  // for `key`; on a miss `fill(LayerWriter&)` writes the pixels (starting from zeros).
  template <class Fill>
  const std::string& static_layer(std::string_view name, const Key& key, int width, int height, int bits_per_pixel,
                                  Fill&& fill) {
    auto it = static_layers_.find(name);
    if (it == static_layers_.end()) it = static_layers_.emplace(std::string(name), StaticLayer{}).first;
    StaticLayer& layer = it->second;
    if (!layer.valid || layer.key != key || layer.width != width || layer.height != height ||
        layer.bits != bits_per_pixel) {
      LayerWriter writer(layer.bytes, width, height, bits_per_pixel);
      fill(writer);
      layer.key = key;
      layer.width = width;
      layer.height = height;
      layer.bits = bits_per_pixel;
      layer.valid = true;
      ++static_misses_;
    }
    return layer.bytes;
  }

  // An empty DiscStack over `pixels` pixels for view `view_id` (scratch, reused between
  // observations: one per view, so screen and minimap of different sizes reset cheaply).
  DiscStack& empty_disc_stack(int view_id, std::size_t pixels) {
    DiscStack& stack = disc_stacks_[view_id];
    stack.reset(pixels);
    return stack;
  }

  // The unit disc pixels of view `view_id` for the view geometry `key` (emptied when the
  // key changes or the map does).
  DiscPixelCache& disc_pixels(int view_id, const Key& key) {
    DiscPixelCache& cache = disc_pixels_[view_id];
    cache.use_view(key);
    return cache;
  }

  // How often a static layer had to be computed (for tests).
  std::uint64_t static_misses() const { return static_misses_; }

 private:
  struct ViewSampling {
    Key key{};
    bool valid = false;
    Sampling sampling;
  };
  struct StaticLayer {
    Key key{};
    int width = 0, height = 0, bits = 0;
    bool valid = false;
    std::string bytes;
  };

  static std::int32_t cell_under(const MapLayout& map, Vec2 p);
  void forget();

  MapLayout map_;  // the map everything here was computed for
  bool have_map_ = false;
  std::map<int, ViewSampling> views_;
  std::map<std::string, StaticLayer, std::less<>> static_layers_;
  std::map<int, DiscStack> disc_stacks_;
  std::map<int, DiscPixelCache> disc_pixels_;
  std::uint64_t static_misses_ = 0;
};

}  // namespace sc2::engine
