#include "engine/scripted/scripted_layout.h"

#include <algorithm>
#include <cmath>

namespace sc2::engine::scripted {

namespace {

// The API byte of a height, as the real game_info encodes it (byte = floor((h + 16) * 255 / 32),
// engine/mapfile/game_info_grids.h: levels 8, 10, 12 give 191, 207, 223).
std::uint8_t height_byte(float world_height) {
  const float v = std::floor((world_height + 16.0f) * 255.0f / 32.0f);
  return static_cast<std::uint8_t>(std::clamp(v, 0.0f, 255.0f));
}

float cell_height(const mapfile::Terrain& terrain, std::uint32_t x, std::uint32_t y) {
  return (terrain.height_at_vertex(x, y) + terrain.height_at_vertex(x + 1, y) + terrain.height_at_vertex(x, y + 1) +
          terrain.height_at_vertex(x + 1, y + 1)) * 0.25f;
}

constexpr std::uint16_t kCliffLevelUnit = 64;  // t3SyncCliffLevel: level x 64, ramps between

int nearest_cell(float v, int size) { return std::clamp(static_cast<int>(std::lround(v)), 0, size); }

}  // namespace

CellRect cells_of(const mapfile::RegionBounds& bounds, int width, int height) {
  CellRect r{nearest_cell(bounds.min.x, width), nearest_cell(bounds.min.y, height), nearest_cell(bounds.max.x, width),
             nearest_cell(bounds.max.y, height)};
  if (r.x1 <= r.x0 || r.y1 <= r.y0) return {};
  return r;
}

MapLayout build_layout(const mapfile::MapData& map, const MapSettings& settings) {
  MapLayout layout;
  layout.width = static_cast<int>(map.info.width);
  layout.height = static_cast<int>(map.info.height);
  const mapfile::CameraBounds& camera = map.info.camera;
  layout.camera_bounds = {static_cast<int>(camera.left), static_cast<int>(camera.bottom), static_cast<int>(camera.right),
                          static_cast<int>(camera.top)};
  if (layout.camera_bounds.width() <= 0 || layout.camera_bounds.height() <= 0) {
    layout.camera_bounds = {0, 0, layout.width, layout.height};
  }
  layout.playable = layout.camera_bounds;
  if (settings.playable) {
    const CellRect set = cells_of(*settings.playable, layout.width, layout.height);
    if (set.width() > 0) layout.playable = set;
  }
  layout.camera_start = settings.camera_start;
  layout.camera_locked = settings.camera_locked;
  const std::size_t cells = static_cast<std::size_t>(layout.width) * layout.height;
  layout.terrain_height.resize(cells);
  layout.pathable.resize(cells);
  layout.buildable.resize(cells);
  const mapfile::Terrain& terrain = map.terrain;
  for (int y = 0; y < layout.height; ++y) {
    for (int x = 0; x < layout.width; ++x) {
      const auto cx = static_cast<std::uint32_t>(x), cy = static_cast<std::uint32_t>(y);
      const std::size_t i = layout.cell(x, y);
      // Outside the playable area the real game_info's grids are all 0 (game_info_grids.h).
      const bool playable = layout.playable.contains(x, y);
      layout.terrain_height[i] = playable ? height_byte(cell_height(terrain, cx, cy)) : 0;
      const bool pathable = terrain.pathable(cx, cy) && playable;
      layout.pathable[i] = pathable ? 1 : 0;
      layout.buildable[i] = pathable && terrain.cell_cliff_level[terrain.cell_index(cx, cy)] % kCliffLevelUnit == 0 ? 1 : 0;
    }
  }
  return layout;
}

bool fog_after_map_init(const MapSettings& settings, const MapLayout& layout) {
  if (settings.fog_disabled) return false;
  const CellRect& playable = layout.playable;
  for (const mapfile::RegionBounds& bounds : settings.revealed) {
    const CellRect revealed = cells_of(bounds, layout.width, layout.height);  // as the playable area is rounded
    if (revealed.x0 <= playable.x0 && revealed.y0 <= playable.y0 && revealed.x1 >= playable.x1 &&
        revealed.y1 >= playable.y1) {
      return false;
    }
  }
  return true;
}

}  // namespace sc2::engine::scripted
