#pragma once
// What the unit discs drawn on one feature-layer image leave on each pixel: the disc drawn
// there last (later draws win), how many discs cover it and the sum of their coverage.
// The layers are then written once per covered pixel instead of once per disc and pixel.
// It remembers the covered pixels, so reading them and starting over cost those pixels,
// not the whole image (a 64x64 screen is mostly empty ground).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sc2::engine {

class DiscStack {
 public:
  // No disc on any of `pixels` pixels.
  void reset(std::size_t pixels);
  void add(std::size_t pixel, std::int32_t disc, float coverage) {
    if (count_[pixel] == 0) covered_.push_back(pixel);
    ++count_[pixel];
    top_[pixel] = disc;
    coverage_[pixel] += coverage;
  }
  std::size_t size() const { return count_.size(); }
  // Every pixel add() was called for since reset(), each once, in first-cover order.
  const std::vector<std::size_t>& covered() const { return covered_; }
  std::int32_t top(std::size_t pixel) const { return top_[pixel]; }  // -1 when uncovered
  std::int32_t count(std::size_t pixel) const { return count_[pixel]; }
  float coverage(std::size_t pixel) const { return coverage_[pixel]; }  // summed in add() order

 private:
  std::vector<std::int32_t> top_, count_;
  std::vector<float> coverage_;
  std::vector<std::size_t> covered_;
};

}  // namespace sc2::engine
