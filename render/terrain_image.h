#pragma once
// The world view's background at screen-layer resolution, computed on the CPU: PySC2's human
// renderer colours the screen height_map (x 0.6; all-zero heights count as 100), blends
// creep 40/60 and power 70/30, optionally paints player_relative over it (its F10 toggle)
// and darkens by visibility (hidden 0.5, seen 0.75, visible 1.0). The world
// renderer uploads it only when those layers change and stretches it over the view, which
// under a software renderer is much cheaper than evaluating it for every target pixel.
#include <cstdint>
#include <vector>

#include "client/pysc2/observation.h"

namespace sc2::render {

struct TerrainImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> rgba;  // packed as render/layer_colouring.h pack_rgba; row 0 = top
};

// The screen layers the image is made of. Any may be null or empty (not sent): no heights ->
// height 100 everywhere, no creep or power, everything visible. player_relative is drawn
// only when given (pixels > 0 take its palette colour), so leave it null for the plain view.
struct TerrainLayers {
  const pysc2::Layer* height = nullptr;
  const pysc2::Layer* visibility = nullptr;
  const pysc2::Layer* creep = nullptr;
  const pysc2::Layer* power = nullptr;
  const pysc2::Layer* player_relative = nullptr;
};

// The image has the height layer's size (else the first usable layer's, else 1x1); other
// layers of another size are sampled proportionally.
TerrainImage terrain_image(const TerrainLayers& layers);

}  // namespace sc2::render
