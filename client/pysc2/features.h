#pragma once
// PySC2's feature layers: the screen (27) and minimap (11) layer specs in PySC2 order,
// ImageData decoding (1/8/16/32 bpp) and ResponseObservation -> Observation
// (pysc2-features.md §1, §2, §5; sc2api-protocol.md §7).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "client/pysc2/decode_counts.h"
#include "client/pysc2/game_view.h"
#include "client/pysc2/observation.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

struct LayerSpec {
  std::string_view name;   // PySC2's name, e.g. "player_relative"
  int proto_field = 0;     // field number in FeatureLayers / FeatureLayersMinimap
  int bpp = 8;             // bits per pixel the game sends
  LayerKind kind = LayerKind::categorical;
  int scale = 0;           // distinct values PySC2 assumes (palette length)
  bool clip = false;       // colouring clamps values to scale-1 (observation keeps raw values)
  // The layer's ImageData inside ObservationFeatureLayer (renders or minimap_renders).
  const SC2APIProtocol::ImageData& (*image)(const SC2APIProtocol::ObservationFeatureLayer&) = nullptr;
  SC2APIProtocol::ImageData* (*mutable_image)(SC2APIProtocol::ObservationFeatureLayer&) = nullptr;
};

const std::vector<LayerSpec>& screen_layers();    // 27, PySC2 order
const std::vector<LayerSpec>& minimap_layers();   // 11, PySC2 order
const LayerSpec* find_screen_layer(std::string_view name);   // nullptr when unknown
const LayerSpec* find_minimap_layer(std::string_view name);

// Decodes one layer. Size (0,0) = not sent: zeros of width x height. Throws
// std::runtime_error naming the layer when bpp differs from the spec's, the size differs
// from width x height, or the data length is not ceil(w*h*bpp/8).
Layer decode_image(const SC2APIProtocol::ImageData& image, const LayerSpec& spec, int width, int height);
// The same into `layer` (every member replaced), reusing its values' capacity.
void decode_image_into(const SC2APIProtocol::ImageData& image, const LayerSpec& spec, int width, int height,
                       Layer& layer);

// Decodes a rendered RGB image (render_data.map / .minimap: 24 bpp, R G B per pixel,
// row-major). Size (0,0) gives an empty image. Throws std::runtime_error naming `what`
// when bpp is not 24 or the data length is not width*height*3.
RgbImage decode_rgb(const SC2APIProtocol::ImageData& image, std::string_view what);

// Packs values (row-major, row 0 at the top) as the game does; for tests and tools.
// Throws std::invalid_argument for an unsupported bpp or a values/size mismatch.
SC2APIProtocol::ImageData encode_image(const std::vector<std::int32_t>& values, int width, int height, int bpp);

struct ObservationSpec {
  int screen_width = 64, screen_height = 64, minimap_width = 64, minimap_height = 64;
  bool hide_specific_actions = true;  // for available_actions and last_actions
  std::string map_name = {};          // the map_name key; empty = ResponseGameInfo.map_name
  bool add_cargo_to_units = false;    // passenger rows in feature_units (PySC2's option)
  // Camera width in world units, used only when the game info has no feature layer setup.
  float camera_width = 24.0f;
};

// The game info's facts the views need (game_view.h), with its start_raw grids decoded: made
// once per game and shared by every observation of it.
std::shared_ptr<const GameView> to_game_view(const SC2APIProtocol::ResponseGameInfo& game_info);

// Everything in observation.h from one ResponseObservation, in one decode (counted in
// decode_counts.h): layers decoded, player vector in PySC2's order, scores, UI tables,
// available_actions, last_actions, action_result, rgb_screen / rgb_minimap when render_data
// is there, raw_view and ui_view, the response kept as shared_proto. Without game info the
// keys that need it stay empty or 0: feature_minimap_units, radar, raw_units, raw_effects,
// camera_position, camera_size, home/away_race_requested; map_name is spec.map_name;
// feature_units and feature_effects use spec.camera_width; game_view is null. Throws
// std::runtime_error when a layer or RGB image cannot be decoded (see decode_image,
// decode_rgb) or an ability cannot be mapped (see available_actions).
Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec);

// The same with the game's view (to_game_view; null = no game info): camera width, map size
// and playable area, map_name and the players' requested races. Races: home = the player of
// player_common.player_id, away = the first other player that is not an observer; 0 (NoRace)
// when absent (PySC2 raises KeyError for a missing own id). The observation shares `game`.
// The response is shared (Env and ObservedSteps keep it for a stub's merge), taken over, or
// copied.
Observation to_observation(std::shared_ptr<const SC2APIProtocol::ResponseObservation> response,
                           const ObservationSpec& spec, std::shared_ptr<const GameView> game);
Observation to_observation(SC2APIProtocol::ResponseObservation&& response, const ObservationSpec& spec,
                           std::shared_ptr<const GameView> game);
Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec,
                           std::shared_ptr<const GameView> game);

// The same, decoded into the arrays of `recycled`, an observation of the same game nobody
// holds any more (Env recycles its TimeSteps): no allocation for its layers, and a layer whose
// bytes equal those `recycled` was decoded from (its shared_proto) is kept as it is, not decoded
// again (the static terrain layers, the layers the game does not send). Same result as without.
Observation to_observation(std::shared_ptr<const SC2APIProtocol::ResponseObservation> response,
                           const ObservationSpec& spec, std::shared_ptr<const GameView> game, Observation&& recycled);

// The same from a ResponseGameInfo, for tests and tools: its view is made for this one call
// (a game's observations should share one view instead).
Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec,
                           const SC2APIProtocol::ResponseGameInfo& game_info);
Observation to_observation(SC2APIProtocol::ResponseObservation&& response, const ObservationSpec& spec,
                           const SC2APIProtocol::ResponseGameInfo& game_info);
Observation to_observation(std::shared_ptr<const SC2APIProtocol::ResponseObservation> response,
                           const ObservationSpec& spec, const SC2APIProtocol::ResponseGameInfo& game_info);

// The message an observation was decoded from (an empty one when none was kept).
const SC2APIProtocol::ResponseObservation& observation_proto(const Observation& observation);

}  // namespace sc2::pysc2
