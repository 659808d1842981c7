#pragma once
// Decoding the raw interface's map grids (raw_layers.h): terrain_height, pathing_grid and
// placement_grid from ResponseGameInfo.start_raw, visibility and creep from
// Observation.raw_data.map_state, by the depth each message states (the game sends 8 bpp
// height and visibility, 1 bpp pathing, placement and creep; sc2lite the same).
// Pure code: never throws; a grid that is absent or malformed gives an empty layer.
#include <string_view>
#include <vector>

#include "client/pysc2/layer.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

// One grid: values of bits_per_pixel 1, 8, 16 (unsigned) or 32 (signed), size.x by size.y.
// Empty (no values, width = height = 0, sent = false) when the size is (0,0) or negative,
// the depth is none of those, or the data is not exactly ceil(x*y*bpp/8) bytes.
Layer decode_raw_grid(const SC2APIProtocol::ImageData& image, std::string_view name);

// terrain_height, pathing_grid, placement_grid of game_info.start_raw (empty layers if absent).
std::vector<Layer> start_raw_layers(const SC2APIProtocol::ResponseGameInfo& game_info);
// visibility, creep of observation.raw_data.map_state (empty layers if absent).
std::vector<Layer> map_state_layers(const SC2APIProtocol::ResponseObservation& response);

}  // namespace sc2::pysc2
