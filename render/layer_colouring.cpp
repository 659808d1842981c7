#include "render/layer_colouring.h"

#include <algorithm>
#include <map>

namespace sc2::render {

namespace {

// One packed-RGBA lookup table per palette of the table, built once.
const std::vector<std::uint32_t>& lookup_table(const Palette& palette) {
  static const std::map<const std::uint8_t*, std::vector<std::uint32_t>> tables = [] {
    std::map<const std::uint8_t*, std::vector<std::uint32_t>> built;
    for (const Palette& entry : all_palettes()) {
      std::vector<std::uint32_t>& table = built[entry.rgb.data()];
      table.reserve(static_cast<std::size_t>(entry.size()));
      for (int i = 0; i < entry.size(); ++i) table.push_back(pack_rgba(entry.color(i)));
    }
    return built;
  }();
  static thread_local std::vector<std::uint32_t> other;  // a palette not from the table (tests)
  const auto found = tables.find(palette.rgb.data());
  if (found != tables.end() && static_cast<int>(found->second.size()) == palette.size()) return found->second;
  other.clear();
  for (int i = 0; i < palette.size(); ++i) other.push_back(pack_rgba(palette.color(i)));
  return other;
}

}  // namespace

std::uint32_t pack_rgba(Rgb rgb) {
  return static_cast<std::uint32_t>(rgb.r) | static_cast<std::uint32_t>(rgb.g) << 8 |
         static_cast<std::uint32_t>(rgb.b) << 16 | 0xff000000u;
}

bool colour_layer(const pysc2::Layer& layer, LayerStyle style, std::span<std::uint32_t> out) {
  const std::size_t count = static_cast<std::size_t>(std::max(0, layer.width)) * static_cast<std::size_t>(std::max(0, layer.height));
  if (count == 0 || layer.values.size() != count || out.size() != count) return false;
  const std::uint32_t invalid = pack_rgba(kOutOfRangeColor);
  if (!style.palette || style.palette->size() == 0) {
    std::fill(out.begin(), out.end(), invalid);
    return true;
  }
  const std::vector<std::uint32_t>& table = lookup_table(*style.palette);
  const std::int32_t last = static_cast<std::int32_t>(table.size()) - 1;
  const std::int32_t* values = layer.values.data();
  std::uint32_t* pixels = out.data();
  if (style.clip) {
    for (std::size_t i = 0; i < count; ++i) pixels[i] = table[static_cast<std::size_t>(std::clamp(values[i], 0, last))];
  } else {
    // One unsigned compare catches negative values and values past the palette alike.
    for (std::size_t i = 0; i < count; ++i) {
      const auto value = static_cast<std::uint32_t>(values[i]);
      pixels[i] = value <= static_cast<std::uint32_t>(last) ? table[value] : invalid;
    }
  }
  return true;
}

AtlasLayout pack_atlas(std::span<const CellSize> sizes, int max_width, int padding) {
  AtlasLayout layout;
  padding = std::max(0, padding);
  int x = 0, y = 0, row_height = 0;
  for (const CellSize& size : sizes) {
    const int w = std::max(1, size.width), h = std::max(1, size.height);
    if (x > 0 && x + w > max_width) {  // next row
      y += row_height + padding;
      x = 0;
      row_height = 0;
    }
    layout.cells.push_back(AtlasCell{x, y, w, h});
    layout.width = std::max(layout.width, x + w);
    row_height = std::max(row_height, h);
    x += w + padding;
  }
  layout.height = layout.cells.empty() ? 0 : y + row_height;
  return layout;
}

}  // namespace sc2::render
