#include "render/palette.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sc2::render {

namespace {

struct PaletteData {
  std::string_view name;
  int size;
  const std::uint8_t* rgb;
};

#include "render/palette_table.inc"

const std::vector<Palette>& table() {
  static const std::vector<Palette> palettes = [] {
    std::vector<Palette> out;
    for (const PaletteData& data : kPaletteTable) {
      out.push_back(Palette{data.name, std::span<const std::uint8_t>(data.rgb, static_cast<std::size_t>(data.size) * 3)});
    }
    return out;
  }();
  return palettes;
}

const Palette& must_find(std::string_view name) {
  // The table is generated together with this file; a missing name is a programming error
  // caught by the palette tests, so fall back to the first palette rather than crash.
  const Palette* palette = find_palette(name);
  return palette ? *palette : table().front();
}

struct LayerRule {
  std::string_view layer;
  std::string_view palette;
  bool clip;
};

// pysc2-features.md section 1, screen table.
constexpr LayerRule kScreenRules[] = {
    {"height_map", "height_map_256", false},
    {"visibility_map", "visibility", false},
    {"creep", "creep", false},
    {"power", "power", false},
    {"player_id", "player_absolute", false},
    {"player_relative", "player_relative", false},
    {"unit_type", "unit_type_1962", false},
    {"selected", "selected", false},
    {"unit_hit_points", "hot_1600", true},
    {"unit_hit_points_ratio", "hot_256", false},
    {"unit_energy", "hot_1000", true},
    {"unit_energy_ratio", "hot_256", false},
    {"unit_shields", "hot_1000", true},
    {"unit_shields_ratio", "hot_256", false},
    {"unit_density", "hot_16", true},
    {"unit_density_aa", "hot_256", false},
    {"effects", "effects", false},
    {"hallucinations", "power", false},
    {"cloaked", "power", false},
    {"blip", "power", false},
    {"buffs", "buffs_290", false},
    {"buff_duration", "hot_256", false},
    {"active", "power", false},
    {"build_progress", "hot_256", false},
    {"pathable", "winter_2", false},
    {"buildable", "winter_2", false},
    {"placeholder", "winter_2", false},
};

// pysc2-features.md section 1, minimap table (minimap layers never clip).
constexpr LayerRule kMinimapRules[] = {
    {"height_map", "height_map_256", false},
    {"visibility_map", "visibility", false},
    {"creep", "creep", false},
    {"camera", "camera", false},
    {"player_id", "player_absolute", false},
    {"player_relative", "player_relative", false},
    {"selected", "winter_2", false},
    {"unit_type", "unit_type_1962", false},
    {"alerts", "winter_2", false},
    {"pathable", "winter_2", false},
    {"buildable", "winter_2", false},
};

// pysc2-human-renderer.md section 2: the viewer's raw layers (start_raw grids and map_state).
constexpr LayerRule kRawRules[] = {
    {"terrain_height", "height_map_256", false},
    {"pathing_grid", "winter_2", false},
    {"placement_grid", "winter_2", false},
    {"visibility", "visibility", false},
    {"creep", "creep", false},
};

std::span<const LayerRule> rules_of(LayerSet set) {
  switch (set) {
    case LayerSet::minimap:
      return kMinimapRules;
    case LayerSet::raw:
      return kRawRules;
    case LayerSet::screen:
      break;
  }
  return kScreenRules;
}

}  // namespace

Rgb Palette::color(int index, Rgb fallback) const {
  if (index < 0 || index >= size()) return fallback;
  const std::size_t at = static_cast<std::size_t>(index) * 3;
  return Rgb{rgb[at], rgb[at + 1], rgb[at + 2]};
}

const Palette* find_palette(std::string_view name) {
  for (const Palette& palette : table()) {
    if (palette.name == name) return &palette;
  }
  return nullptr;
}

std::span<const Palette> all_palettes() { return table(); }

LayerStyle style_for_layer(std::string_view name, bool minimap) {
  return style_for_layer(name, minimap ? LayerSet::minimap : LayerSet::screen);
}

LayerStyle style_for_layer(std::string_view name, LayerSet set) {
  for (const LayerRule& rule : rules_of(set)) {
    if (rule.layer == name) return LayerStyle{&must_find(rule.palette), rule.clip};
  }
  return LayerStyle{&must_find("hot_256"), true};
}

const Palette& palette_for_layer(std::string_view name, bool minimap) {
  return *style_for_layer(name, minimap).palette;
}

Rgb scaled(Rgb color, float factor) {
  auto channel = [factor](std::uint8_t value) {
    return static_cast<std::uint8_t>(std::clamp(std::lround(value * factor), 0L, 255L));
  };
  return Rgb{channel(color.r), channel(color.g), channel(color.b)};
}

}  // namespace sc2::render
