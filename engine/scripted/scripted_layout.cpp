#include "engine/scripted/scripted_layout.h"

#include "engine/mapfile/game_info_grids.h"

namespace sc2::engine::scripted {

namespace {

CellRect rect_of(const mapfile::CellArea& area) { return {area.x0, area.y0, area.x1, area.y1}; }

}  // namespace

CellRect cells_of(const mapfile::RegionBounds& bounds, int width, int height) {
  const CellRect r = rect_of(mapfile::cell_area_of(bounds, width, height));
  return r.width() > 0 && r.height() > 0 ? r : CellRect{};
}

// The grids are the real game_info's (engine/mapfile/game_info_grids.h): a cell's height is the
// mean of its four vertices as the API byte, placement = pathable on one cliff level, and
// every grid is 0 outside the playable area.
MapLayout build_layout(const mapfile::MapData& map, const MapSettings& settings) {
  MapLayout layout;
  layout.width = static_cast<int>(map.info.width);
  layout.height = static_cast<int>(map.info.height);
  layout.camera_bounds = rect_of(mapfile::camera_area(map.info));
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
  layout.terrain_height.assign(cells, 0);
  layout.pathable.assign(cells, 0);
  layout.buildable.assign(cells, 0);
  const mapfile::Terrain& terrain = map.terrain;
  for (int y = layout.playable.y0; y < layout.playable.y1; ++y) {
    for (int x = layout.playable.x0; x < layout.playable.x1; ++x) {
      const auto cx = static_cast<std::uint32_t>(x), cy = static_cast<std::uint32_t>(y);
      const std::size_t i = layout.cell(x, y);
      layout.terrain_height[i] = mapfile::terrain_height_byte(mapfile::cell_height(terrain, cx, cy));
      layout.pathable[i] = terrain.pathable(cx, cy) ? 1 : 0;
      layout.buildable[i] = mapfile::cell_placeable(terrain, cx, cy) ? 1 : 0;
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
