#pragma once
// The melee maps' data, read from assets/maps/*.json (compiled in, like the mini-games'; see
// map_assets.h): one "melee_map" file per map (<Name>.json: "map", "order",
// "time_limit_loops", "description", "layout", "base", "start_locations", optional
// "high_ground") and the shared "melee_base" file the maps name in "base" (MeleeBase.json:
// the base around each Command Center). The list of melee maps is generated from the same
// files (melee_registry.h). Unknown keys are errors, as in every map file.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/maps/map_assets.h"

namespace sc2::engine {

// Offsets from a Command Center's centre, for a base whose mineral line lies west of it.
struct MeleeBaseSpec {
  std::vector<Vec2> mineral_fields;
  std::vector<Vec2> geysers;
  std::vector<Vec2> workers;
};

// One player's start: where its Command Center stands and which way its minerals lie
// ("east" = the base offsets turned by 180 degrees).
struct StartLocation {
  Vec2 command_center;
  bool minerals_east = false;

  // A base offset placed at this start.
  Vec2 place(Vec2 offset) const {
    return minerals_east ? Vec2{command_center.x - offset.x, command_center.y - offset.y}
                         : Vec2{command_center.x + offset.x, command_center.y + offset.y};
  }
};

// A raised area: its cells get `height`; the cells of its edge that face the map (not the
// playable area's edge) are cliff (neither pathable nor buildable), except the ramps' cells
// (pathable, not buildable, half-way height).
struct HighGround {
  CellRect area;
  std::uint8_t height = 0;
  std::vector<CellRect> ramps;
};

struct MeleeMapAsset {
  std::string name;
  int order = 0;
  std::uint32_t time_limit_loops = 0;  // the game is a tie after this many game loops
  std::string description;
  LayoutSpec layout;
  MeleeBaseSpec base;
  std::vector<StartLocation> start_locations;  // one per player, player 1 first
  std::vector<HighGround> high_ground;

  // The terrain: the flat layout with the high ground and ramps applied.
  MapLayout build_layout() const;
};

// Parsers of one file's text; `file` is only used in messages; the shared base file is found
// with `lookup`. Both throw MapAssetError.
MeleeBaseSpec parse_melee_base_asset(std::string_view file, std::string_view text);
MeleeMapAsset parse_melee_map_asset(std::string_view file, std::string_view text, const AssetLookup& lookup);

// The compiled-in file of a melee map, parsed once and cached; MapAssetError when missing or broken.
const MeleeMapAsset& melee_map_asset(std::string_view map_name);

}  // namespace sc2::engine
