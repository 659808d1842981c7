#pragma once
// PySC2's layer palettes (pysc2-features.md section 4) as 8-bit RGB tables, and which
// palette colours which feature layer. Pure data: no GL, usable from tests and tools.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace sc2::render {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

struct Palette {
  std::string_view name;             // e.g. "hot_256", "player_relative"
  std::span<const std::uint8_t> rgb; // size() * 3 bytes

  int size() const { return static_cast<int>(rgb.size() / 3); }
  // Colour of `index`; out-of-range indices give `fallback`.
  Rgb color(int index, Rgb fallback = {255, 0, 255}) const;
};

// How a layer is coloured: the palette, and whether values are clamped to
// [0, palette size - 1] first (PySC2 clips unit_hit_points, unit_energy, unit_shields
// and unit_density on the screen). Unclipped out-of-range values show as magenta.
struct LayerStyle {
  const Palette* palette = nullptr;
  bool clip = false;
};

// Palette by its table name ("hot_1600", "unit_type_1962", ...); nullptr if unknown.
const Palette* find_palette(std::string_view name);
// Every palette in the table.
std::span<const Palette> all_palettes();

// Which layers a name belongs to: the same name colours differently in each set (e.g.
// "selected" on the screen and the minimap; the viewer's raw layers are their own set).
enum class LayerSet { screen, minimap, raw };

// The palette PySC2 uses for a screen (minimap = false) or minimap layer of that name.
// Layers PySC2 does not know get hot_256 so they still show something sensible.
const Palette& palette_for_layer(std::string_view name, bool minimap);
LayerStyle style_for_layer(std::string_view name, bool minimap);
// The same for any set; raw layers (pysc2-human-renderer.md §2): terrain_height height_map(256),
// pathing_grid and placement_grid winter(2), visibility, creep; unknown raw names get hot_256.
LayerStyle style_for_layer(std::string_view name, LayerSet set);

// Multiplies each channel by `factor` (rounding to nearest, clamped to 0..255).
Rgb scaled(Rgb color, float factor);

}  // namespace sc2::render
