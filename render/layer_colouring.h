#pragma once
// Feature-layer colouring on the CPU: raw values -> RGBA8 through the layer's PySC2 palette
// (a 32-bit lookup table per palette), and the packing of many layers into one atlas image.
// Pure code, no GL: the GL side is render/layer_atlas.h. Colouring on the CPU is cheaper
// under a software renderer than one framebuffer pass per layer, and an unchanged layer
// costs nothing at all (the atlas compares values before recolouring).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "client/pysc2/observation.h"
#include "render/palette.h"

namespace sc2::render {

// The colour shown for values PySC2 would not accept (out of the palette, not clipped).
inline constexpr Rgb kOutOfRangeColor{255, 0, 255};

// RGBA8 of `rgb` with alpha 255, packed as the bytes R, G, B, A in memory.
std::uint32_t pack_rgba(Rgb rgb);

// Colours `layer` with `style` into `out` (width * height RGBA8 pixels, row 0 = the layer's
// top row). Values are clamped into the palette when style.clip, otherwise out-of-range
// values get kOutOfRangeColor. `out` must hold layer.width * layer.height entries and the
// layer's values must be width * height long; otherwise nothing is written and false is
// returned.
bool colour_layer(const pysc2::Layer& layer, LayerStyle style, std::span<std::uint32_t> out);

// Where each layer goes in an atlas: rows of cells left to right, `padding` pixels between
// cells (so magnified images never sample a neighbour), a row at most `max_width` wide
// (one cell per row when a cell alone is wider).
struct AtlasCell {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};
struct AtlasLayout {
  int width = 0;
  int height = 0;
  std::vector<AtlasCell> cells;  // one per requested size, in order
};
struct CellSize {
  int width = 0;
  int height = 0;
  friend bool operator==(const CellSize&, const CellSize&) = default;
};
AtlasLayout pack_atlas(std::span<const CellSize> sizes, int max_width, int padding = 1);

}  // namespace sc2::render
