#pragma once
// Rasterises the world into the 27 screen and 11 minimap feature layers of one player.
// Layers the engine has a notion of are sent at the requested resolution with values from
// the unit and map state; layers of quantities it does not model (energy, shields, effects,
// hallucinations, cloak, blips, placeholders) are sent with size (0,0). The minimap's
// alerts layer marks the player's recent under-attack alerts (engine/sim/alerts.h).
// The per-layer table is in engine/README.md.
//
// Speed: layers are written straight into the messages' byte strings (reuse the messages
// to reuse their capacity). Layers that depend only on the map and the view (terrain
// height, pathable, buildable, visibility without fog, the minimap's camera box) are
// static: computed once per view in a FeatureLayerCache and copied. Pass the same cache
// for the same player every observation; without one everything is computed afresh.
// The bytes are the same either way. Unit discs are first collected per pixel (DiscStack),
// then every unit layer is written once per covered pixel.
#include <cstdint>

#include "engine/raster/layer_cache.h"
#include "engine/sim/world.h"
#include "s2clientprotocol/spatial.pb.h"

namespace sc2::engine {

struct FeatureLayerSetup {
  int screen_width = 64;
  int screen_height = 64;
  int minimap_width = 64;
  int minimap_height = 64;
  float camera_width = 24.0f;  // world units across the screen
  bool crop_to_playable_area = false;
  bool allow_cheating_layers = false;
};

void render_screen(const World& world, int player_id, const FeatureLayerSetup& setup,
                   SC2APIProtocol::FeatureLayers* out, FeatureLayerCache* cache = nullptr);
void render_minimap(const World& world, int player_id, const FeatureLayerSetup& setup,
                    SC2APIProtocol::FeatureLayersMinimap* out, FeatureLayerCache* cache = nullptr);

// The feature-layer height of a world height: -200..200 onto 0..255 (spatial.proto).
std::int32_t feature_height(float world_z);

}  // namespace sc2::engine
