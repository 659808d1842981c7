#pragma once
// A StarCraft II map as the engine uses it, read from an .SC2Map archive, from the archive's
// bytes (RequestCreateGame.local_map.map_data) or from an unpacked map folder: the same map
// gives the same MapData whichever way it came. Facts: ../shared/spec/sc2-map-files.md §1.
//
//   MapData map = mapfile::read_map("SMAC_Maps/3m.SC2Map");   // throws MapError
//   map.info.width, map.terrain.pathable(x, y), map.objects.point(1685340431)->position, ...
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/document_info.h"
#include "engine/mapfile/game_data.h"
#include "engine/mapfile/game_strings.h"
#include "engine/mapfile/limits.h"
#include "engine/mapfile/map_error.h"
#include "engine/mapfile/map_files.h"
#include "engine/mapfile/map_info.h"
#include "engine/mapfile/placed_objects.h"
#include "engine/mapfile/regions.h"
#include "engine/mapfile/terrain.h"

namespace sc2::engine::mapfile {

struct MapData {
  std::string name;  // the file's or folder's name without ".SC2Map": "MoveToBeacon", "3m"
  MapInfo info;      // size, camera bounds, tileset, player slots
  Terrain terrain;   // heights, cliff levels, pathing
  std::vector<Region> regions;  // empty when the map has no Regions file (SMAC's)
  PlacedObjects objects;        // points and units; empty without an Objects file
  GameData game_data;           // Base.SC2Data/GameData/*.xml catalog entries
  DocumentInfo document;        // mod type and dependencies; empty without the file
  GameStrings strings;          // enUS GameStrings.txt; empty without it
  std::string script;           // MapScript.galaxy
  MapFiles files;               // every file of the map, by name

  // GameStrings' DocInfo/Name ("Movement01"; SMAC's "Just Another StarCraft II Map"), or "".
  std::string document_name() const;
  const Region* region(int id) const { return find_region(regions, id); }
  // The text of a script a Galaxy `include "path"` names: the file of that name, else with
  // ".galaxy" added (the editor writes includes without the extension). nullopt if neither.
  std::optional<std::string> include_text(std::string_view path) const;

  bool operator==(const MapData&) const = default;
};

// An .SC2Map archive, or an unpacked map folder (a folder, whatever its name).
MapData read_map(const std::filesystem::path& path, const MapLimits& limits = {});
// The archive's bytes; `path` is the map_path the client named, used for the name and errors.
MapData read_map_bytes(std::string_view bytes, const std::string& path, const MapLimits& limits = {});
// The parsers over files already read. MapInfo, the three terrain files and MapScript.galaxy
// are required; the others may be absent.
MapData map_data_from_files(MapFiles files, std::string name);

// "mini_games/MoveToBeacon.SC2Map" -> "MoveToBeacon"; a folder "3m.SC2Map/" -> "3m".
std::string map_name_of(const std::filesystem::path& path);

}  // namespace sc2::engine::mapfile
