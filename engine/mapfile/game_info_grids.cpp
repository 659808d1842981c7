#include "engine/mapfile/game_info_grids.h"

#include <algorithm>
#include <cmath>

namespace sc2::engine::mapfile {
namespace {

// One cliff level in t3SyncCliffLevel's units (spec §1.3: level x 64, ramps in between).
constexpr std::uint16_t kCliffLevelStep = 64;

int rounded_into(float edge, int limit) {
  if (!std::isfinite(edge)) return 0;
  return std::clamp(static_cast<int>(std::lround(std::clamp(edge, -1.0f, static_cast<float>(limit) + 1.0f))), 0, limit);
}

CellArea clamped(CellArea area, int width, int height) {
  area.x0 = std::clamp(area.x0, 0, width);
  area.x1 = std::clamp(area.x1, area.x0, width);
  area.y0 = std::clamp(area.y0, 0, height);
  area.y1 = std::clamp(area.y1, area.y0, height);
  return area;
}

// One value per cell, rows from y = 0, zero outside `area`.
template <typename Cell>
std::vector<std::uint8_t> cell_values(const Terrain& terrain, const CellArea& area, Cell&& value_of) {
  std::vector<std::uint8_t> values(std::size_t{terrain.width} * terrain.height, 0);
  for (int y = area.y0; y < area.y1; ++y) {
    for (int x = area.x0; x < area.x1; ++x) {
      const auto cx = static_cast<std::uint32_t>(x);
      const auto cy = static_cast<std::uint32_t>(y);
      values[terrain.cell_index(cx, cy)] = value_of(cx, cy);
    }
  }
  return values;
}

GridImage image(const Terrain& terrain, int bits_per_pixel, std::string data) {
  return {static_cast<int>(terrain.width), static_cast<int>(terrain.height), bits_per_pixel, std::move(data)};
}

}  // namespace

CellArea camera_area(const MapInfo& info) {
  const CameraBounds& c = info.camera;
  return clamped({static_cast<int>(std::min<std::uint32_t>(c.left, info.width)),
                  static_cast<int>(std::min<std::uint32_t>(c.bottom, info.height)),
                  static_cast<int>(std::min<std::uint32_t>(c.right, info.width)),
                  static_cast<int>(std::min<std::uint32_t>(c.top, info.height))},
                 static_cast<int>(info.width), static_cast<int>(info.height));
}

CellArea cell_area_of(const RegionBounds& bounds, int map_width, int map_height) {
  return clamped({rounded_into(bounds.min.x, map_width), rounded_into(bounds.min.y, map_height),
                  rounded_into(bounds.max.x, map_width), rounded_into(bounds.max.y, map_height)},
                 map_width, map_height);
}

std::uint8_t terrain_height_byte(float height) {
  if (std::isnan(height)) return 0;
  const float scaled = std::floor((height + 16.0f) * 255.0f / 32.0f);
  return static_cast<std::uint8_t>(std::clamp(scaled, 0.0f, 255.0f));
}

float height_of_terrain_byte(std::uint8_t byte) { return -16.0f + 32.0f * static_cast<float>(byte) / 255.0f; }

float cell_height(const Terrain& terrain, std::uint32_t x, std::uint32_t y) {
  return (terrain.height_at_vertex(x, y) + terrain.height_at_vertex(x + 1, y) + terrain.height_at_vertex(x, y + 1) +
          terrain.height_at_vertex(x + 1, y + 1)) /
         4.0f;
}

bool cell_placeable(const Terrain& terrain, std::uint32_t x, std::uint32_t y) {
  return terrain.pathable(x, y) && terrain.cell_cliff_level[terrain.cell_index(x, y)] % kCliffLevelStep == 0;
}

std::string pack_bits(const std::vector<std::uint8_t>& values) {
  std::string bytes((values.size() + 7) / 8, '\0');
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] != 0) bytes[i / 8] = static_cast<char>(bytes[i / 8] | (0x80 >> (i % 8)));
  }
  return bytes;
}

GameInfoGrids game_info_grids(const MapData& map, const GameInfoOptions& options) {
  const Terrain& terrain = map.terrain;
  const int width = static_cast<int>(terrain.width);
  const int height = static_cast<int>(terrain.height);
  GameInfoGrids out;
  out.map_width = width;
  out.map_height = height;
  out.playable_area = clamped(options.playable_area.value_or(camera_area(map.info)), width, height);
  const CellArea& area = out.playable_area;

  const auto pathing = cell_values(terrain, area, [&](auto x, auto y) { return std::uint8_t{terrain.pathable(x, y)}; });
  const auto placement =
      cell_values(terrain, area, [&](auto x, auto y) { return std::uint8_t{cell_placeable(terrain, x, y)}; });
  const auto heights =
      cell_values(terrain, area, [&](auto x, auto y) { return terrain_height_byte(cell_height(terrain, x, y)); });
  out.pathing_grid = image(terrain, 1, pack_bits(pathing));
  out.placement_grid = image(terrain, 1, pack_bits(placement));
  out.terrain_height = image(terrain, 8, std::string(heights.begin(), heights.end()));

  const std::vector<PlacedPoint> starts = map.objects.start_locations();
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (options.own_start_location != i) out.start_locations.push_back(starts[i].position.xy());
  }
  return out;
}

}  // namespace sc2::engine::mapfile
