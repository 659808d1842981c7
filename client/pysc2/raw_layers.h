#pragma once
// PySC2 viewer's five "raw" layers (pysc2-human-renderer.md §2): terrain_height,
// pathing_grid and placement_grid from ResponseGameInfo.start_raw (static for a game: in the
// Observation's GameView), and visibility and creep from Observation.raw_data.map_state (in
// its RawView); decoded once by the client (raw_grids.h), row 0 at the top as PySC2 shows
// them (row 0 is world y = 0, so the map appears upside down, exactly as in PySC2's viewer).
#include <array>
#include <string>
#include <string_view>

#include "client/pysc2/layer.h"
#include "client/pysc2/observation.h"

namespace sc2::pysc2 {

// The viewer's order; layer names without the "raw " prefix of the viewer's titles.
inline constexpr std::array<std::string_view, 5> kRawLayerNames = {"terrain_height", "pathing_grid", "placement_grid",
                                                                   "visibility", "creep"};

// A raw layer that was not sent: no values, its name, kind and palette length.
Layer empty_raw_layer(std::string_view name);

// The five layers of an observation in kRawLayerNames order (pointing into its GameView and
// RawView, so valid while the observation lives); a layer the game did not send is empty
// (without a GameView the start_raw three are).
std::array<const Layer*, 5> raw_layers(const Observation& observation);

// What `value` means in the raw layer `name`: "height 128 of 255 (z 0.06)", "pathable",
// "not placeable", "visible", "creep", ...; never empty.
std::string raw_layer_value_meaning(std::string_view name, int value);

}  // namespace sc2::pysc2
