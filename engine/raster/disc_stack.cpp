#include "engine/raster/disc_stack.h"

namespace sc2::engine {

void DiscStack::reset(std::size_t pixels) {
  if (count_.size() != pixels) {
    top_.assign(pixels, -1);
    count_.assign(pixels, 0);
    coverage_.assign(pixels, 0.0f);
    covered_.clear();
    return;
  }
  for (std::size_t pixel : covered_) {
    top_[pixel] = -1;
    count_[pixel] = 0;
    coverage_[pixel] = 0.0f;
  }
  covered_.clear();
}

}  // namespace sc2::engine
