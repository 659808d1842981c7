#pragma once
// The gameplay terrain (spec sc2-map-files.md §1.3): heights and cliff levels per vertex
// (t3SyncHeightMap), pathing flags per cell (t3CellFlags), cliff level per cell
// (t3SyncCliffLevel). Grids are row-major, row 0 = y 0 (south), x along a row; vertex (i,j)
// is at world (i,j), cell (x,y) spans [x,x+1) x [y,y+1).
#include <cstdint>
#include <string_view>
#include <vector>

namespace sc2::engine::mapfile {

struct Terrain {
  std::uint32_t width = 0;   // cells
  std::uint32_t height = 0;  // cells
  // (width+1) x (height+1) vertices: height in world units (the file's 8.8 fixed point, exact
  // in a float) and cliff level (0, 1, 2, ...; one level is 2.0 height units).
  std::vector<float> vertex_height;
  std::vector<std::uint16_t> vertex_cliff_level;
  // width x height cells: t3CellFlags' byte (bit 0 = unpathable; bit 1's meaning is unknown,
  // spec §6.3) and t3SyncCliffLevel's value, cliff level x 64 with ramps in between.
  std::vector<std::uint8_t> cell_flags;
  std::vector<std::uint16_t> cell_cliff_level;

  static constexpr std::uint8_t kUnpathableBit = 0x01;

  std::size_t vertex_index(std::uint32_t i, std::uint32_t j) const { return std::size_t{j} * (width + 1) + i; }
  std::size_t cell_index(std::uint32_t x, std::uint32_t y) const { return std::size_t{y} * width + x; }
  bool pathable(std::uint32_t x, std::uint32_t y) const { return !(cell_flags[cell_index(x, y)] & kUnpathableBit); }
  float height_at_vertex(std::uint32_t i, std::uint32_t j) const { return vertex_height[vertex_index(i, j)]; }
  // t3SyncCliffLevel / 64: 1.0, 2.0, ... on level ground, fractions on ramps.
  float cell_cliff(std::uint32_t x, std::uint32_t y) const { return cell_cliff_level[cell_index(x, y)] / 64.0f; }
  std::size_t pathable_cells() const;

  bool operator==(const Terrain&) const = default;
};

// The three files of a map of width x height cells (from MapInfo). Throws MapError naming
// the file: wrong magic or version, a size that differs from the map's, a truncated or
// over-long file.
Terrain parse_terrain(std::string_view sync_height_map, std::string_view cell_flags, std::string_view sync_cliff_level,
                      std::uint32_t width, std::uint32_t height);

}  // namespace sc2::engine::mapfile
