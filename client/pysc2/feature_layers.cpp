// The screen and minimap layer specs (pysc2-features.md §1), in PySC2's order.
#include <algorithm>

#include "client/pysc2/features.h"

namespace sc2::pysc2 {
namespace {

using SC2APIProtocol::ImageData;
using SC2APIProtocol::ObservationFeatureLayer;

// The macros only spell the proto accessors once per layer; the name is PySC2's and the
// proto field's (they coincide for every layer).
#define SC2_SCREEN_LAYER(NAME, FIELD, BPP, KIND, SCALE, CLIP)                                        \
  LayerSpec {                                                                                        \
    #NAME, FIELD, BPP, LayerKind::KIND, SCALE, CLIP,                                                 \
        [](const ObservationFeatureLayer& o) -> const ImageData& { return o.renders().NAME(); },    \
        [](ObservationFeatureLayer& o) { return o.mutable_renders()->mutable_##NAME(); }             \
  }
#define SC2_MINIMAP_LAYER(NAME, FIELD, BPP, KIND, SCALE)                                             \
  LayerSpec {                                                                                        \
    #NAME, FIELD, BPP, LayerKind::KIND, SCALE, false,                                                \
        [](const ObservationFeatureLayer& o) -> const ImageData& { return o.minimap_renders().NAME(); }, \
        [](ObservationFeatureLayer& o) { return o.mutable_minimap_renders()->mutable_##NAME(); }     \
  }

constexpr int kUnitTypeScale = 1962;  // max known unit type id + 1
constexpr int kBuffScale = 290;       // max known buff id + 1

const LayerSpec* find_in(const std::vector<LayerSpec>& layers, std::string_view name) {
  auto it = std::find_if(layers.begin(), layers.end(), [&](const LayerSpec& spec) { return spec.name == name; });
  return it == layers.end() ? nullptr : &*it;
}

}  // namespace

const std::vector<LayerSpec>& screen_layers() {
  static const std::vector<LayerSpec> layers = {
      SC2_SCREEN_LAYER(height_map, 1, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(visibility_map, 2, 8, categorical, 4, false),
      SC2_SCREEN_LAYER(creep, 3, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(power, 4, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(player_id, 5, 8, categorical, 17, false),
      SC2_SCREEN_LAYER(player_relative, 11, 8, categorical, 5, false),
      SC2_SCREEN_LAYER(unit_type, 6, 32, categorical, kUnitTypeScale, false),
      SC2_SCREEN_LAYER(selected, 7, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(unit_hit_points, 8, 32, scalar, 1600, true),
      SC2_SCREEN_LAYER(unit_hit_points_ratio, 17, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(unit_energy, 9, 32, scalar, 1000, true),
      SC2_SCREEN_LAYER(unit_energy_ratio, 18, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(unit_shields, 10, 32, scalar, 1000, true),
      SC2_SCREEN_LAYER(unit_shields_ratio, 19, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(unit_density, 15, 8, scalar, 16, true),
      SC2_SCREEN_LAYER(unit_density_aa, 14, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(effects, 20, 8, categorical, 16, false),
      SC2_SCREEN_LAYER(hallucinations, 21, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(cloaked, 22, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(blip, 23, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(buffs, 24, 32, categorical, kBuffScale, false),
      SC2_SCREEN_LAYER(buff_duration, 26, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(active, 25, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(build_progress, 27, 8, scalar, 256, false),
      SC2_SCREEN_LAYER(pathable, 29, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(buildable, 28, 1, categorical, 2, false),
      SC2_SCREEN_LAYER(placeholder, 30, 1, categorical, 2, false),
  };
  return layers;
}

const std::vector<LayerSpec>& minimap_layers() {
  static const std::vector<LayerSpec> layers = {
      SC2_MINIMAP_LAYER(height_map, 1, 8, scalar, 256),
      SC2_MINIMAP_LAYER(visibility_map, 2, 8, categorical, 4),
      SC2_MINIMAP_LAYER(creep, 3, 1, categorical, 2),
      SC2_MINIMAP_LAYER(camera, 4, 1, categorical, 2),
      SC2_MINIMAP_LAYER(player_id, 5, 8, categorical, 17),
      SC2_MINIMAP_LAYER(player_relative, 6, 8, categorical, 5),
      SC2_MINIMAP_LAYER(selected, 7, 1, categorical, 2),
      SC2_MINIMAP_LAYER(unit_type, 8, 32, categorical, kUnitTypeScale),
      SC2_MINIMAP_LAYER(alerts, 9, 1, categorical, 2),
      SC2_MINIMAP_LAYER(pathable, 11, 1, categorical, 2),
      SC2_MINIMAP_LAYER(buildable, 10, 1, categorical, 2),
  };
  return layers;
}

#undef SC2_SCREEN_LAYER
#undef SC2_MINIMAP_LAYER

const LayerSpec* find_screen_layer(std::string_view name) { return find_in(screen_layers(), name); }
const LayerSpec* find_minimap_layer(std::string_view name) { return find_in(minimap_layers(), name); }

}  // namespace sc2::pysc2
