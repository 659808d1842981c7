// Terrain file layouts: spec §1.3 (decoded from the 30 reference maps; the heights' high
// 16 bits were checked against t3HeightMap's cliff levels at every vertex).
#include "engine/mapfile/terrain.h"

#include <algorithm>
#include <string>

#include "engine/mapfile/byte_reader.h"

namespace sc2::engine::mapfile {
namespace {

void expect_header(ByteReader& in, std::string_view magic, std::uint32_t version) {
  if (in.bytes(4, "magic") != magic) in.fail("magic", "not a " + in.file() + " file (no '" + std::string(magic) + "')");
  const std::uint32_t found = in.u32("format version");
  if (found != version) {
    in.fail("format version", "version " + std::to_string(found) + " is not one sc2lite reads (" +
                                  std::to_string(version) + ")");
  }
}

void expect_size(ByteReader& in, const char* what, std::uint32_t columns, std::uint32_t rows, std::uint32_t want_columns,
                 std::uint32_t want_rows) {
  if (columns != want_columns || rows != want_rows) {
    throw MapError(in.file(), std::string(what) + " " + std::to_string(columns) + "x" + std::to_string(rows) +
                                  " differ from the map's " + std::to_string(want_columns) + "x" +
                                  std::to_string(want_rows) + " (MapInfo)");
  }
}

// The data is exactly `bytes` long from here: shorter is truncated, longer is not this format.
void expect_data(ByteReader& in, std::size_t bytes) {
  if (in.remaining() != bytes) {
    throw MapError(in.file(), std::to_string(in.remaining()) + " bytes of data after the " +
                                  std::to_string(in.offset()) + "-byte header, expected exactly " +
                                  std::to_string(bytes));
  }
}

}  // namespace

std::size_t Terrain::pathable_cells() const {
  return static_cast<std::size_t>(
      std::count_if(cell_flags.begin(), cell_flags.end(), [](std::uint8_t f) { return !(f & kUnpathableBit); }));
}

Terrain parse_terrain(std::string_view sync_height_map, std::string_view cell_flags, std::string_view sync_cliff_level,
                      std::uint32_t width, std::uint32_t height) {
  Terrain terrain;
  terrain.width = width;
  terrain.height = height;
  const std::size_t vertices = std::size_t{width + 1} * (height + 1);
  const std::size_t cells = std::size_t{width} * height;

  // t3SyncHeightMap: 64-byte header ("SMAP", 102, columns, rows, ...), then i32 per vertex:
  // high 16 bits cliff level, low 16 bits height x 256.
  {
    ByteReader in("t3SyncHeightMap", sync_height_map);
    expect_header(in, "SMAP", 102);
    const std::uint32_t columns = in.u32("vertex columns");
    const std::uint32_t rows = in.u32("vertex rows");
    expect_size(in, "vertex grid", columns, rows, width + 1, height + 1);
    in.skip(64 - in.offset(), "header");
    expect_data(in, vertices * 4);
    terrain.vertex_height.resize(vertices);
    terrain.vertex_cliff_level.resize(vertices);
    for (std::size_t v = 0; v < vertices; ++v) {
      const std::uint32_t value = in.u32("vertex");
      terrain.vertex_height[v] = static_cast<float>(value & 0xFFFFu) / 256.0f;
      terrain.vertex_cliff_level[v] = static_cast<std::uint16_t>(value >> 16);
    }
  }
  // t3CellFlags: "LFCT", 102, 16 zero bytes, width, height, then one byte per cell.
  {
    ByteReader in("t3CellFlags", cell_flags);
    expect_header(in, "LFCT", 102);
    in.skip(16, "header");
    const std::uint32_t columns = in.u32("cell columns");
    const std::uint32_t rows = in.u32("cell rows");
    expect_size(in, "cell grid", columns, rows, width, height);
    expect_data(in, cells);
    const std::string_view data = in.bytes(cells, "cells");
    terrain.cell_flags.assign(data.begin(), data.end());
  }
  // t3SyncCliffLevel: "CLIF", 100, width, height, 16 zero bytes, then u16 per cell.
  {
    ByteReader in("t3SyncCliffLevel", sync_cliff_level);
    expect_header(in, "CLIF", 100);
    const std::uint32_t columns = in.u32("cell columns");
    const std::uint32_t rows = in.u32("cell rows");
    expect_size(in, "cell grid", columns, rows, width, height);
    in.skip(16, "header");
    expect_data(in, cells * 2);
    terrain.cell_cliff_level.resize(cells);
    for (std::size_t c = 0; c < cells; ++c) terrain.cell_cliff_level[c] = in.u16("cell");
  }
  return terrain;
}

}  // namespace sc2::engine::mapfile
