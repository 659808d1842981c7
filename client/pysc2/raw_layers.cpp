#include "client/pysc2/raw_layers.h"

#include <cstdio>

namespace sc2::pysc2 {

Layer empty_raw_layer(std::string_view name) {
  // The kinds and palette lengths are the views' defaults (game_view.h, raw_view.h).
  static const GameView kNoGame;
  static const RawView kNoRaw;
  for (const Layer* layer : {&kNoGame.terrain_height, &kNoGame.pathing_grid, &kNoGame.placement_grid,
                             &kNoRaw.visibility, &kNoRaw.creep}) {
    if (layer->name == name) return *layer;
  }
  return empty_layer(std::string(name), LayerKind::categorical, 2);
}

std::array<const Layer*, 5> raw_layers(const Observation& observation) {
  static const GameView kNoGame;  // no game info: the start_raw grids were not sent
  const GameView& game = observation.game_view ? *observation.game_view : kNoGame;
  return {&game.terrain_height, &game.pathing_grid, &game.placement_grid, &observation.raw_view.visibility,
          &observation.raw_view.creep};
}

std::string raw_layer_value_meaning(std::string_view name, int value) {
  if (name == "terrain_height") {
    // sc2api-protocol.md StartRaw: world height = -16 + 32 * v / 255.
    char text[64];
    std::snprintf(text, sizeof text, "height %d of 255 (z %.2f)", value, -16.0 + 32.0 * value / 255.0);
    return text;
  }
  if (name == "pathing_grid") return value == 1 ? "pathable" : value == 0 ? "not pathable" : "out of range";
  if (name == "placement_grid") return value == 1 ? "placeable" : value == 0 ? "not placeable" : "out of range";
  if (name == "visibility") {
    static constexpr const char* kNames[] = {"hidden", "seen (fogged)", "visible", "full hidden"};
    return value >= 0 && value < 4 ? kNames[value] : "out of range";
  }
  if (name == "creep") return value == 1 ? "creep" : value == 0 ? "no creep" : "out of range";
  return "value " + std::to_string(value);
}

}  // namespace sc2::pysc2
