#pragma once
// Rasterises the world into the 27 screen and 11 minimap feature layers of one player.
// Every layer is sent at the requested resolution; mechanics the engine does not have yet
// (creep, power, energy, shields, effects, buffs, cloak, blips, alerts...) are all zero.
#include <cstdint>

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
                   SC2APIProtocol::FeatureLayers* out);
void render_minimap(const World& world, int player_id, const FeatureLayerSetup& setup,
                    SC2APIProtocol::FeatureLayersMinimap* out);

// The feature-layer height of a world height: -200..200 onto 0..255 (spatial.proto).
std::int32_t feature_height(float world_z);

}  // namespace sc2::engine
