#include "engine/mapfile/raised_ground.h"

#include <string>

#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_error.h"
#include "engine/mapfile/map_writer.h"

namespace sc2::engine::mapfile {

namespace {

constexpr float kLowHeight = 8.0f;    // new_map.h's flat ground
constexpr float kHighHeight = 10.0f;  // one cliff level (2.0) up
constexpr std::uint16_t kLowLevel = 1;
constexpr std::uint16_t kHighLevel = 2;
constexpr std::uint16_t kCellsPerLevel = 64;  // t3SyncCliffLevel = level x 64 (spec §1.3)
constexpr std::uint16_t kRampCellLevel = (kLowLevel + kHighLevel) * kCellsPerLevel / 2;
constexpr std::uint8_t kCellFlags = 0x02;  // bit 1 set as in the real maps (flat_map_files)

[[noreturn]] void refuse(const std::string& reason) { throw MapError("raised ground", reason); }

std::string text(const CellBox& box) {
  return "[" + std::to_string(box.x0) + "," + std::to_string(box.x1) + ")x[" + std::to_string(box.y0) + "," +
         std::to_string(box.y1) + ")";
}

// A cell on the plateau's edge where that edge is not the playable area's: where the cliff is.
bool cliff_edge(const CellBox& area, const CellBox& playable, std::uint32_t x, std::uint32_t y) {
  if (!area.contains(x, y)) return false;
  const bool edge_x = (x == area.x0 && x != playable.x0) || (x + 1 == area.x1 && x + 1 != playable.x1);
  const bool edge_y = (y == area.y0 && y != playable.y0) || (y + 1 == area.y1 && y + 1 != playable.y1);
  return edge_x || edge_y;
}

bool crosses_cliff(const CellBox& ramp, const CellBox& area, const CellBox& playable) {
  for (std::uint32_t y = ramp.y0; y < ramp.y1; ++y) {
    for (std::uint32_t x = ramp.x0; x < ramp.x1; ++x) {
      if (cliff_edge(area, playable, x, y)) return true;
    }
  }
  return false;
}

void check(const RaisedGroundOptions& options, const CellBox& playable) {
  for (std::size_t p = 0; p < options.plateaus.size(); ++p) {
    const Plateau& plateau = options.plateaus[p];
    const std::string which = "plateau " + std::to_string(p + 1) + " " + text(plateau.area);
    const CellBox& a = plateau.area;
    if (a.empty()) refuse(which + " is empty");
    if (a.x0 < playable.x0 || a.y0 < playable.y0 || a.x1 > playable.x1 || a.y1 > playable.y1) {
      refuse(which + " is not inside the playable area " + text(playable));
    }
    for (const CellBox& ramp : plateau.ramps) {
      if (ramp.empty()) refuse(which + ": ramp " + text(ramp) + " is empty");
      if (!crosses_cliff(ramp, a, playable)) refuse(which + ": ramp " + text(ramp) + " crosses none of its cliff cells");
    }
  }
}

}  // namespace

Terrain raised_ground_terrain(const RaisedGroundOptions& options) {
  const CameraBounds camera = new_map_camera(options.map);
  const CellBox playable{camera.left, camera.bottom, camera.right, camera.top};
  check(options, playable);
  const std::uint32_t width = options.map.width;
  const std::uint32_t height = options.map.height;

  Terrain terrain;
  terrain.width = width;
  terrain.height = height;
  terrain.cell_flags.assign(std::size_t{width} * height, kCellFlags);
  terrain.cell_cliff_level.assign(std::size_t{width} * height, kLowLevel * kCellsPerLevel);
  // The plateau of each cell, or none.
  std::vector<const Plateau*> plateau_of(std::size_t{width} * height, nullptr);
  for (const Plateau& plateau : options.plateaus) {
    for (std::uint32_t y = plateau.area.y0; y < plateau.area.y1; ++y) {
      for (std::uint32_t x = plateau.area.x0; x < plateau.area.x1; ++x) {
        const std::size_t c = terrain.cell_index(x, y);
        plateau_of[c] = &plateau;
        terrain.cell_cliff_level[c] = kHighLevel * kCellsPerLevel;
        if (!cliff_edge(plateau.area, playable, x, y)) continue;
        bool ramp = false;
        for (const CellBox& r : plateau.ramps) ramp = ramp || r.contains(x, y);
        if (ramp) {
          terrain.cell_cliff_level[c] = kRampCellLevel;
        } else {
          terrain.cell_flags[c] |= Terrain::kUnpathableBit;
        }
      }
    }
  }

  terrain.vertex_height.assign(std::size_t{width + 1} * (height + 1), kLowHeight);
  terrain.vertex_cliff_level.assign(std::size_t{width + 1} * (height + 1), kLowLevel);
  for (std::uint32_t j = 0; j <= height; ++j) {
    for (std::uint32_t i = 0; i <= width; ++i) {
      bool on_plateau = false;
      bool low_neighbour = false;
      for (std::uint32_t y = (j == 0 ? 0 : j - 1); y <= j && y < height; ++y) {
        for (std::uint32_t x = (i == 0 ? 0 : i - 1); x <= i && x < width; ++x) {
          if (plateau_of[terrain.cell_index(x, y)] != nullptr) {
            on_plateau = true;
          } else if (playable.contains(x, y)) {
            low_neighbour = true;
          }
        }
      }
      if (on_plateau && !low_neighbour) {
        terrain.vertex_height[terrain.vertex_index(i, j)] = kHighHeight;
        terrain.vertex_cliff_level[terrain.vertex_index(i, j)] = kHighLevel;
      }
    }
  }
  return terrain;
}

MapFiles raised_ground_files(const RaisedGroundOptions& options) {
  const Terrain terrain = raised_ground_terrain(options);
  MapFiles files;
  files.add(std::string(file_names::kMapInfo), new_map_files(options.map).require(file_names::kMapInfo));
  TerrainFiles grids = terrain_file_bytes(terrain);
  files.add(std::string(file_names::kSyncHeightMap), std::move(grids.sync_height_map));
  files.add(std::string(file_names::kCellFlags), std::move(grids.cell_flags));
  files.add(std::string(file_names::kSyncCliffLevel), std::move(grids.sync_cliff_level));
  return files;
}

}  // namespace sc2::engine::mapfile
