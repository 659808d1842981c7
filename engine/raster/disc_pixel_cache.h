#pragma once
// The pixels of each unit's disc on one view, kept between observations: most units of a
// late crowd (and every structure) stand where they stood, so their discs are read back
// instead of sampled again. Only ever faster, never different: a unit that moved or changed
// size, another unit in the slot, or another view (key) samples afresh, and the pixels come
// back in the order for_each_disc_pixel gives them, with the same coverage.
#include <array>
#include <cstdint>
#include <vector>

#include "engine/raster/unit_discs.h"
#include "engine/sim/unit_id.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

class DiscPixelCache {
 public:
  using Key = std::array<float, 8>;  // the view's geometry (FeatureLayerCache::Key)

  // Forgets every disc when `key` is not the view's key seen last.
  void use_view(const Key& key) {
    if (have_key_ && key == key_) return;
    discs_.clear();
    key_ = key;
    have_key_ = true;
  }
  void forget() {
    discs_.clear();
    have_key_ = false;
  }

  // fn(pixel index (row-major), coverage) for every pixel of unit `id`'s disc at `centre`
  // with `radius`: for_each_disc_pixel<kCoverage> on `view`, or the same pixels kept from
  // the last call for this unit when nothing it depends on changed.
  template <bool kCoverage, class View, class Fn>
  void for_each_pixel(const View& view, UnitId id, Vec2 centre, float radius, Fn&& fn) {
    if (discs_.size() <= id.index) discs_.resize(static_cast<std::size_t>(id.index) + 1);
    Disc& disc = discs_[id.index];
    if (!(disc.valid && disc.id == id && disc.centre == centre && disc.radius == radius)) {
      disc.pixels.clear();
      disc.coverage.clear();
      const int width = view.width();
      for_each_disc_pixel<kCoverage>(view, centre, radius, [&](int px, int py, float cover) {
        disc.pixels.push_back(static_cast<std::uint32_t>(py * width + px));
        disc.coverage.push_back(cover);
      });
      disc.id = id;
      disc.centre = centre;
      disc.radius = radius;
      disc.valid = true;
      ++misses_;
    }
    for (std::size_t k = 0; k < disc.pixels.size(); ++k) fn(disc.pixels[k], disc.coverage[k]);
  }

  std::uint64_t misses() const { return misses_; }  // discs sampled (for tests)

 private:
  struct Disc {
    bool valid = false;
    UnitId id;
    Vec2 centre;
    float radius = 0.0f;
    std::vector<std::uint32_t> pixels;
    std::vector<float> coverage;
  };

  Key key_{};
  bool have_key_ = false;
  std::vector<Disc> discs_;  // by slot index
  std::uint64_t misses_ = 0;
};

}  // namespace sc2::engine
