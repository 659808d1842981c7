#pragma once
// MapInfo: the binary header of a map (spec sc2-map-files.md §1.2, format version 39): size,
// tileset, camera bounds, player slots. Fields whose meaning is unknown are not kept.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

// World units; the mini-games' are (10,8)-(54,44), SMAC's the whole 32x32 map.
struct CameraBounds {
  std::uint32_t left = 0;
  std::uint32_t bottom = 0;
  std::uint32_t right = 0;
  std::uint32_t top = 0;
  bool operator==(const CameraBounds&) const = default;
};

// One configured player slot. The races a game plays come from RequestCreateGame, not from
// here (SMAC's maps list Terr where SMAC asks for Protoss, §1.2).
struct PlayerSlot {
  int id = 0;                  // 0..14 (15 ends the list in the file)
  std::uint32_t control = 0;   // 1 = the user slot in every map; 2 and 4 seen for a second (enum unverified)
  std::int32_t color = -1;     // -1 = default
  std::string race;            // 4CC "Terr", "Zerg", "Prot"; "" = any
  std::string ai;              // 4CC "Comp" or ""
  std::string decal;
  bool operator==(const PlayerSlot&) const = default;
};

struct MapInfo {
  std::uint32_t version = 0;
  std::uint32_t width = 0;   // cells
  std::uint32_t height = 0;  // cells
  std::string fog;           // "Dark"
  std::string tileset;       // "KorhalCityEx2", "BraxisAlpha", ...
  CameraBounds camera;
  int named_slots = 0;  // player names the map defines, Neutral and Hostile included
  std::vector<PlayerSlot> players;
  bool operator==(const MapInfo&) const = default;
};

// The only format version whose layout is known (all 30 reference maps).
inline constexpr std::uint32_t kMapInfoVersion = 39;

// Throws MapError("MapInfo", ...) for a wrong magic or version, a truncated file, a size of
// 0 or over limits.max_map_side, camera bounds outside the map, or a bad player record.
MapInfo parse_map_info(std::string_view bytes, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
