#pragma once
// The map's binary files written from their structs, the inverse of parse_map_info and
// parse_terrain (same layouts, spec sc2-map-files.md §1.2, §1.3), and a small map made from
// scratch: what tests and the fuzz seeds are built from, and a start for map makers (write
// its files with write_archive_file, archive.h, or into a folder).
#include <cstdint>
#include <string>

#include "engine/mapfile/map_files.h"
#include "engine/mapfile/map_info.h"
#include "engine/mapfile/terrain.h"

namespace sc2::engine::mapfile {

// MapInfo version 39 with the fields MapInfo keeps; the fields sc2lite does not read are
// written as zeros (previews "none", empty strings).
std::string map_info_bytes(const MapInfo& info);

struct TerrainFiles {
  std::string sync_height_map;   // t3SyncHeightMap
  std::string cell_flags;        // t3CellFlags
  std::string sync_cliff_level;  // t3SyncCliffLevel
};
// Heights are stored in 8.8 fixed point (rounded; 0..255.996).
TerrainFiles terrain_file_bytes(const Terrain& terrain);

// A flat width x height map: level 1 at height 8 (as the mini-games), every cell pathable,
// camera bounds the whole map, player 1 a user slot; MapInfo, the three terrain files and
// `script` as MapScript.galaxy. Add Regions, Objects, GameData with MapFiles::put.
MapFiles flat_map_files(std::uint32_t width, std::uint32_t height, const std::string& script);

// A small map of every file kind sc2lite reads, our own content: 8x8 and flat, a script, a
// rect region and a ring region, a start location, a point and a mineral field, a new unit
// type ("Scout_X", copied from Marine) and an override (Marine, Food 0), GameStrings and a
// dependency on Liberty (Mod). The maps of the tests and the fuzz seeds start from it.
MapFiles example_map_files();

}  // namespace sc2::engine::mapfile
