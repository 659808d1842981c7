#pragma once
// What the app needs of a game's ResponseGameInfo, decoded once per game (to_game_view,
// features.h) and shared by every Observation of that game: the map (name, size, playable
// area, start locations, the three start_raw grids), the interface the game echoed (camera
// widths, cropping) and the players. Enum values are the SC2 API's; absent fields read as
// zero / false / empty.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "client/pysc2/layer.h"
#include "client/pysc2/raw_view.h"

namespace sc2::pysc2 {

enum class Race : std::int32_t { none = 0, terran = 1, zerg = 2, protoss = 3, random = 4 };
enum class PlayerType : std::int32_t { participant = 1, computer = 2, observer = 3 };

struct PlayerSetup {
  std::uint32_t player_id = 0;
  PlayerType type = PlayerType::participant;
  Race race_requested = Race::none;
};

// start_raw.playable_area: map cells from (x0, y0) to (x1, y1).
struct MapArea {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct GameView {
  std::string map_name;
  int map_width = 0;   // start_raw.map_size; 0 when the game sent none
  int map_height = 0;
  std::optional<MapArea> playable_area;
  std::vector<Point2D> start_locations;
  // options.feature_layer.width: world units across the screen layers; 0 when not echoed.
  float camera_width = 0.0f;
  // options.render.width: the RGB camera's width; 0 when not echoed (the game's own, 24).
  float rgb_camera_width = 0.0f;
  bool crop_to_playable_area = false;      // feature_layer: the minimap shows the playable area
  bool raw_crop_to_playable_area = false;  // raw coordinates cover the playable area
  std::vector<PlayerSetup> players;
  // start_raw's grids (client/pysc2/raw_layers.h: row y is world y); empty when the game
  // sent none. Named, with their kind and palette length (PySC2 viewer's), even then.
  Layer terrain_height = empty_layer("terrain_height", LayerKind::scalar, 256);
  Layer pathing_grid = empty_layer("pathing_grid", LayerKind::categorical, 2);
  Layer placement_grid = empty_layer("placement_grid", LayerKind::categorical, 2);
};

}  // namespace sc2::pysc2
