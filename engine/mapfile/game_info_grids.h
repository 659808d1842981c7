#pragma once
// ResponseGameInfo.start_raw from a map file, in the real game's encodings, as plain data:
// the server copies it into its protobuf (this library knows no protobuf).
//
//   GameInfoGrids info = game_info_grids(map, {.playable_area = script_area, .own_start_location = 0});
//   start_raw->mutable_pathing_grid()->set_data(info.pathing_grid.data); ...
//
// The encodings, checked against the one real game_info we have (Abyssal Reef LE, recorded
// from a 5.0.11 game: ../shared/fixtures/real-sc2/; tests/engine/mapfile_game_info_test.cpp):
// * rows from y = 0 (south) upwards, x along a row (the real observation's units stand on
//   the cells of their own (x, y) in terrain_height, not of the flipped row);
// * 1 bit per cell for pathing and placement, the first cell in the high bit (0x80) of a
//   byte, rows not padded (200 x 176 -> 4400 bytes);
// * terrain_height 1 byte per cell: byte = floor((height + 16) * 255 / 32), clamped to 0..255,
//   read back as height = -16 + 32 * byte / 255 (the real levels 8, 10, 12 and 0 come out
//   as 191, 207, 223 and 127);
// * outside the playable area every grid is 0 (the fixture's 14,528 cells outside its
//   playable area are exactly its cells of height byte 0, and none is pathable).
// What the files do not say is marked "inferred" where it is used (game_info_grids.cpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/mapfile/geometry.h"
#include "engine/mapfile/map_data.h"

namespace sc2::engine::mapfile {

// Whole cells [x0, x1) x [y0, y1): a RectangleI's p0 = (x0, y0), p1 = (x1, y1).
struct CellArea {
  int x0 = 0;
  int y0 = 0;
  int x1 = 0;
  int y1 = 0;
  bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
  bool operator==(const CellArea&) const = default;
};

// An ImageData: size, bits per pixel, bytes.
struct GridImage {
  int width = 0;
  int height = 0;
  int bits_per_pixel = 0;
  std::string data;
  bool operator==(const GridImage&) const = default;
};

struct GameInfoGrids {
  int map_width = 0;  // map_size
  int map_height = 0;
  CellArea playable_area;
  GridImage pathing_grid;    // 1 bpp: 1 = ground units can walk the cell
  GridImage placement_grid;  // 1 bpp: 1 = a structure may be placed on the cell
  GridImage terrain_height;  // 8 bpp
  std::vector<MapPoint> start_locations;  // world units, the map's StartLoc points but the player's own
  bool operator==(const GameInfoGrids&) const = default;
};

struct GameInfoOptions {
  // The playable area: the MapInfo camera bounds when not given. A script changes it at map
  // init (the mini-games' RegionPlayableMapSet(region 1)); the game passes that area.
  std::optional<CellArea> playable_area = std::nullopt;
  // Which of the map's start locations (PlacedObjects::start_locations() order) the asking
  // player holds: the real game lists the others only (Abyssal Reef: 1 of its 2).
  std::optional<std::size_t> own_start_location = std::nullopt;
};

GameInfoGrids game_info_grids(const MapData& map, const GameInfoOptions& options = {});

// The pieces, for the engine's own grids and for tests.
CellArea camera_area(const MapInfo& info);
// A region's bounding box as whole cells: each edge rounded to the nearest cell line, then
// clamped into the map (BuildMarines' region 1, (19.94,19)-(45.94,37), gives (20,19)-(46,37)).
CellArea cell_area_of(const RegionBounds& bounds, int map_width, int map_height);
std::uint8_t terrain_height_byte(float height);
float height_of_terrain_byte(std::uint8_t byte);
// A cell's height: the mean of its four corner vertices (the height at its centre on a
// plane; inferred, the fixture cannot show which point of a cell the game samples).
float cell_height(const Terrain& terrain, std::uint32_t x, std::uint32_t y);
// Pathable and on one cliff level (t3SyncCliffLevel a multiple of 64): ramps are walked but
// not built on, as in the real placement grid (its cells of a height between levels are
// pathable and not placeable: 687 of 689).
bool cell_placeable(const Terrain& terrain, std::uint32_t x, std::uint32_t y);
// One bit a value (non-zero = 1), first value in the high bit; (count + 7) / 8 bytes.
std::string pack_bits(const std::vector<std::uint8_t>& values);

}  // namespace sc2::engine::mapfile
