#pragma once
// The mini-games' data (which maps there are, their time limits and descriptions, map size,
// playable area, terrain bytes, fixed spawn spots and regions), read from assets/maps/*.json,
// which the build compiles into the engine (sc2lite reads no file at run time). These files
// are the one list of mini-games: the build also generates the registry (mini_game_registry.h)
// and the client's map catalogue from them. Rules, rewards, waves and random placement stay
// in the map code.
//
// Every file says what it is in "kind". One "mini_game" file per mini-game (<Name>.json,
// "map": <Name>, "rules": its factory, "order": its place in the list), plus shared ones
// the maps name instead of repeating them: SingleScreen.json and EconomyScreen.json ("kind":
// "layout", the arenas; a map's "layout" may name one or be written out) and EconomyBase.json
// ("kind": "economy_base", the starting base of the economy maps). JSON with // comments on
// lines of their own; unknown keys are errors (a typo would otherwise silently fall back to
// nothing).
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/sim/map_layout.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

// A broken asset: what() names the file and the problem, e.g.
// "assets/maps/MoveToBeacon.json: missing key \"layout\"".
class MapAssetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LayoutSpec {
  int width = 0;
  int height = 0;
  CellRect playable;
  std::uint8_t ground_height = 0;  // terrain byte inside the playable area
  std::uint8_t border_height = 0;  // terrain byte outside it
  // Optional "camera": {"bounds": rect, "start": [x, y], "locked": bool} (MapLayout's camera).
  CellRect camera_bounds;
  std::optional<Vec2> camera_start;
  bool camera_locked = false;

  MapLayout build() const;
  Vec2 centre() const;  // of the playable area
};

struct EconomyBaseSpec {
  Vec2 command_center;  // the point the Command Center is created at (before the grid snap)
  std::vector<Vec2> east_mineral_line;
  std::vector<Vec2> west_mineral_line;
  std::vector<Vec2> geysers;
  std::vector<Vec2> worker_offsets;  // from command_center, x on the east side (x > 0)

  // The SCVs' spots on `side` +1 (east of the point) or -1 (west): point + (dx * side, dy).
  std::vector<Vec2> worker_spots(int side) const;
};

// A rectangle in world units, (x0,y0)-(x1,y1): a real map's region quad.
struct RegionRect {
  float x0 = 0.0f, y0 = 0.0f, x1 = 0.0f, y1 = 0.0f;
};

struct CombatSpawnRegions {  // the combat maps' "Spawn Region Left" / "Right" (regions 4 and 5)
  RegionRect left;
  RegionRect right;
};

struct MapAsset {
  std::string name;
  std::string rules;                  // the rules factory the build registers, e.g. "make_move_to_beacon"
  int order = 0;                      // place in the mini-game list (1 = first)
  std::uint32_t time_limit_loops = 0; // the game ends after this many game loops
  std::string description;            // one line, shown by the app
  LayoutSpec layout;
  std::string shared_layout;                 // "SingleScreen" when the layout is named, else empty
  std::optional<EconomyBaseSpec> economy_base;
  std::optional<CombatSpawnRegions> spawn_regions;
  std::vector<Vec2> marine_spots;            // fixed start Marines (FindAndDefeatZerglings)

  // The parts a map's code needs; MapAssetError "<file>: missing key ..." when absent.
  const EconomyBaseSpec& require_economy_base() const;
  const CombatSpawnRegions& require_spawn_regions() const;
  const std::vector<Vec2>& require_marine_spots() const;
};

// Text of an asset by file stem ("MoveToBeacon"), nullopt when there is none.
using AssetLookup = std::function<std::optional<std::string_view>(std::string_view stem)>;

// Parsers of one file's text; `file` is only used in messages. Shared files a map names
// are found with `lookup`. All throw MapAssetError.
LayoutSpec parse_layout_asset(std::string_view file, std::string_view text);
EconomyBaseSpec parse_economy_base_asset(std::string_view file, std::string_view text);
MapAsset parse_map_asset(std::string_view file, std::string_view text, const AssetLookup& lookup);

// Largest time limit a file may give (~1.5 years of game time; keeps the loop count in range).
inline constexpr std::uint32_t kMaxTimeLimitLoops = 1u << 30;

// The compiled-in files.
std::optional<std::string_view> embedded_map_asset_text(std::string_view stem);
std::vector<std::string_view> embedded_map_asset_stems();
std::string map_asset_path(std::string_view stem);  // "assets/maps/<stem>.json"

// Parsed once, then cached. Throw MapAssetError for a broken or missing asset.
const MapAsset& map_asset(std::string_view map_name);
const LayoutSpec& single_screen_asset();
const EconomyBaseSpec& economy_base_asset();

}  // namespace sc2::engine
