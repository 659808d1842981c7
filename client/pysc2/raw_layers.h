#pragma once
// PySC2 viewer's five "raw" layers (pysc2-human-renderer.md §2): terrain_height,
// pathing_grid and placement_grid from ResponseGameInfo.start_raw (static for a game), and
// visibility and creep from Observation.raw_data.map_state. Decoded from their ImageData by
// the depth each message states (the game sends 8 bpp height and visibility, 1 bpp pathing,
// placement and creep; sc2lite the same), row 0 at the top as PySC2 shows them (row 0 is
// world y = 0, so the map appears upside down, exactly as in PySC2's viewer).
// Pure code: never throws; a grid that is absent or malformed gives an empty layer.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "client/pysc2/observation.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

// The viewer's order; layer names without the "raw " prefix of the viewer's titles.
inline constexpr std::array<std::string_view, 5> kRawLayerNames = {"terrain_height", "pathing_grid", "placement_grid",
                                                                   "visibility", "creep"};

// One grid: values of bits_per_pixel 1, 8, 16 (unsigned) or 32 (signed), size.x by size.y.
// Empty (no values, width = height = 0, sent = false) when the size is (0,0) or negative,
// the depth is none of those, or the data is not exactly ceil(x*y*bpp/8) bytes.
Layer decode_raw_grid(const SC2APIProtocol::ImageData& image, std::string_view name);

// terrain_height, pathing_grid, placement_grid of game_info.start_raw (empty layers if absent).
std::vector<Layer> start_raw_layers(const SC2APIProtocol::ResponseGameInfo& game_info);
// visibility, creep of observation.raw_data.map_state (empty layers if absent).
std::vector<Layer> map_state_layers(const SC2APIProtocol::ResponseObservation& response);
// All five in kRawLayerNames order; without game info the start_raw three are empty.
std::vector<Layer> raw_layers(const SC2APIProtocol::ResponseGameInfo* game_info,
                              const SC2APIProtocol::ResponseObservation& response);

// What `value` means in the raw layer `name`: "height 128 of 255 (z 0.06)", "pathable",
// "not placeable", "visible", "creep", ...; never empty.
std::string raw_layer_value_meaning(std::string_view name, int value);

}  // namespace sc2::pysc2
