#pragma once
// What a player asked for in RequestJoinGame, validated once: which interfaces are on,
// feature-layer and RGB geometry, raw cropping, and the options to echo in ResponseGameInfo.
#include <optional>
#include <string>

#include "engine/raster/feature_layers.h"
#include "engine/raster/rgb_render.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

struct InterfaceSetup {
  SC2APIProtocol::InterfaceOptions echoed;  // the request's options, as asked
  bool raw = false;
  bool score = false;
  bool feature_layer = false;
  FeatureLayerSetup layers;                 // meaningful when feature_layer is on
  std::optional<RgbSetup> render;           // RGB images asked for (InterfaceOptions.render)
  bool raw_crop_to_playable_area = false;
  bool raw_affects_selection = false;       // raw unit commands also select their units
  SC2APIProtocol::Race race_requested = SC2APIProtocol::Terran;
  std::string player_name;
  // Whose game this is: the player id whose units the actions command and whose view the
  // observations show (1 = the first Participant; 2 in a two-Participant melee game).
  int player = 1;
};

inline constexpr int kMaxLayerResolution = 1024;
inline constexpr float kDefaultCameraWidth = 24.0f;

// nullopt + `error` filled when the options cannot be served (bad resolution, ...).
std::optional<InterfaceSetup> parse_interface(const SC2APIProtocol::RequestJoinGame& join,
                                              std::string& error);

}  // namespace sc2::engine
