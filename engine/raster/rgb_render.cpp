#include "engine/raster/rgb_render.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "engine/raster/image_encoding.h"
#include "engine/raster/unit_discs.h"
#include "engine/raster/view_transform.h"
#include "engine/sim/economy.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine {

namespace {

using Key = FeatureLayerCache::Key;

static_assert(sizeof(Rgb) == 3, "an Rgb is copied as the image's 3 bytes");

// A unit disc gets a 1-pixel outline once it is at least this many pixels in radius; smaller
// discs would be all outline.
constexpr float kOutlineMinRadiusPixels = 2.0f;
// Minimap dots are at least this many pixels in radius, so a Marine stays visible.
constexpr float kMinimapDotRadiusPixels = 1.0f;

constexpr std::uint8_t scale(std::uint8_t v, int num, int den) { return static_cast<std::uint8_t>(v * num / den); }

void put(std::string& data, std::size_t pixel, Rgb c) {
  data[3 * pixel] = static_cast<char>(c.r);
  data[3 * pixel + 1] = static_cast<char>(c.g);
  data[3 * pixel + 2] = static_cast<char>(c.b);
}

// Every map cell's terrain colour as the fog shows it, for visibility 0, 1 and 2: row v of
// a static layer 3 bytes per cell wide. Depends on the map only, so it is computed once
// per map (FeatureLayerCache::use_map forgets it for another map).
const std::string& cell_colours(const World& world, FeatureLayerCache& cache) {
  const MapLayout& map = world.map();
  const int cells = map.width * map.height;
  return cache.static_layer("rgb.cell_colours", Key{}, 3 * cells, 3, 8, [&](LayerWriter& writer) {
    for (int visibility = 0; visibility < 3; ++visibility) {
      for (int cell = 0; cell < cells; ++cell) {
        const auto at = static_cast<std::size_t>(cell);
        // No creep source exists in the mini-games: nothing is tinted.
        const Rgb c = under_fog(terrain_colour(map.terrain_height[at], map.pathable[at] != 0, false), visibility);
        const std::size_t i = 3 * (static_cast<std::size_t>(visibility) * cells + at);
        writer.set_index_at_depth<8>(i, c.r);
        writer.set_index_at_depth<8>(i + 1, c.g);
        writer.set_index_at_depth<8>(i + 2, c.b);
      }
    }
  });
}

// Paints the terrain under each pixel centre into `bytes` (3 per pixel) as the fog shows it
// (the player's visibility grid, as the feature layers' visibility_map reads it; empty
// without fog: all visible). Both views are separable (a pixel's map column depends on its
// x only, its map row on its y only), so a row is painted as runs of pixels over the same
// cell, and the next rows over the same map row are copies of it: the work follows the
// cells on view, not the pixels.
template <class View>
void paint_rows(const World& world, const std::vector<std::uint8_t>& fog, const std::string& colours, const View& view,
                char* bytes) {
  const int w = view.width(), h = view.height();
  const MapLayout& map = world.map();
  const std::size_t cells = static_cast<std::size_t>(map.width) * map.height;
  struct Run {
    int begin, end, x;  // pixels [begin, end) over map column x; -1: off the map
  };
  std::vector<Run> runs;
  for (int px = 0; px < w; ++px) {
    const int x = static_cast<int>(std::floor(view.pixel_centre(px, 0).x));
    const int column = x >= 0 && x < map.width ? x : -1;
    if (!runs.empty() && runs.back().x == column) {
      runs.back().end = px + 1;
    } else {
      runs.push_back({px, px + 1, column});
    }
  }
  const std::size_t row_bytes = 3 * static_cast<std::size_t>(w);
  int previous_y = 0;
  for (int py = 0; py < h; ++py) {
    char* row = bytes + static_cast<std::size_t>(py) * row_bytes;
    const int y = static_cast<int>(std::floor(view.pixel_centre(0, py).y));
    if (py > 0 && y == previous_y) {  // the same map row as the row above: the same pixels
      std::memcpy(row, row - row_bytes, row_bytes);
      continue;
    }
    previous_y = y;
    const bool on_map = y >= 0 && y < map.height;
    for (const Run& run : runs) {
      Rgb c = rgb_palette::kOffMap;
      if (on_map && run.x >= 0) {
        const std::size_t cell = map.cell(run.x, y);
        const std::size_t visibility = fog.empty() ? 2 : std::min<std::size_t>(fog[cell], 2);
        const char* from = colours.data() + 3 * (visibility * cells + cell);
        c = {static_cast<std::uint8_t>(from[0]), static_cast<std::uint8_t>(from[1]), static_cast<std::uint8_t>(from[2])};
      }
      for (int px = run.begin; px < run.end; ++px) std::memcpy(row + 3 * static_cast<std::size_t>(px), &c, 3);
    }
  }
}

// Sets the geometry of `out` and writes the terrain into it. Without fog it depends on the
// map and the view only (`key`): painted once per view into the cache, then copied (a
// static camera, as on the single-screen maps, costs one copy). With fog it is painted
// every observation, which costs about the same as painting a new view: moving the camera
// never costs more than a first paint.
template <class View>
std::string& paint_terrain(const World& world, const std::vector<std::uint8_t>& fog, FeatureLayerCache& cache,
                           std::string_view name, const Key& key, const View& view, SC2APIProtocol::ImageData* out) {
  const int w = view.width(), h = view.height();
  const std::size_t size = 3 * static_cast<std::size_t>(w) * h;
  const std::string& colours = cell_colours(world, cache);
  if (fog.empty()) {
    const std::string& painted = cache.static_layer(name, key, 3 * w, h, 8, [&](LayerWriter& writer) {
      std::string scratch(size, '\0');
      paint_rows(world, fog, colours, view, scratch.data());
      for (std::size_t i = 0; i < size; ++i) writer.set_index_at_depth<8>(i, static_cast<std::uint8_t>(scratch[i]));
    });
    encode_bytes(w, h, 24, painted, out);
    return *out->mutable_data();
  }
  out->set_bits_per_pixel(24);
  out->mutable_size()->set_x(w);
  out->mutable_size()->set_y(h);
  std::string& data = *out->mutable_data();
  data.resize(size);
  paint_rows(world, fog, colours, view, data.data());
  return data;
}

}  // namespace

Rgb terrain_colour(std::uint8_t height_byte, bool pathable, bool creep) {
  // Low ground dark brown, high ground a lighter, still muted earth.
  const int t = height_byte;
  Rgb c{static_cast<std::uint8_t>(48 + 112 * t / 255), static_cast<std::uint8_t>(38 + 88 * t / 255),
        static_cast<std::uint8_t>(26 + 56 * t / 255)};
  if (!pathable) c = {scale(c.r, 55, 100), scale(c.g, 55, 100), scale(c.b, 55, 100)};
  if (creep) {  // half-way to a dark purple
    c = {static_cast<std::uint8_t>((c.r + 110) / 2), static_cast<std::uint8_t>((c.g + 40) / 2),
         static_cast<std::uint8_t>((c.b + 130) / 2)};
  }
  return c;
}

Rgb under_fog(Rgb colour, int visibility) {
  if (visibility >= 2) return colour;
  if (visibility == 1) return {scale(colour.r, 45, 100), scale(colour.g, 45, 100), scale(colour.b, 45, 100)};
  return rgb_palette::kHidden;
}

Rgb unit_colour(const Unit& unit, int player_id) {
  switch (alliance_of(player_id, unit.owner)) {
    case 1: return rgb_palette::kOwnUnit;
    case 2: return rgb_palette::kAllyUnit;
    case 4: return rgb_palette::kEnemyUnit;
    default: break;
  }
  if (is_mineral_field(unit) || unit.type() == unit_type::kMineralShard) return rgb_palette::kMineral;
  if (is_geyser(unit)) return rgb_palette::kVespene;
  if (unit.type() == unit_type::kBeacon) return rgb_palette::kBeacon;
  return rgb_palette::kNeutralOther;
}

Rgb outline_of(Rgb fill) { return {scale(fill.r, 1, 2), scale(fill.g, 1, 2), scale(fill.b, 1, 2)}; }

namespace {

// The fog the images show: the player's visibility grid, empty without fog (all visible).
std::vector<std::uint8_t> fog_grid(const World& world, int player_id) {
  std::vector<std::uint8_t> grid;
  if (world.fog()) world.visibility_grid(player_id, grid);
  return grid;
}

void draw_screen(const World& world, int player_id, const RgbSetup& setup, const std::vector<std::uint8_t>& fog,
                 FeatureLayerCache& cache, SC2APIProtocol::ImageData* out) {
  const Vec2 camera = world.player(player_id).camera;
  const int w = setup.screen_width, h = setup.screen_height;
  const ScreenView view(camera, setup.camera_width, w, h);
  const Key key{camera.x, camera.y, setup.camera_width, static_cast<float>(w), static_cast<float>(h), 0.0f, 0.0f, 0.0f};
  std::string& data = paint_terrain(world, fog, cache, "rgb.screen.terrain", key, view, out);

  // One image: each disc is written straight in draw order (later draws win), no DiscStack.
  const float world_per_pixel = view.world_per_pixel();
  for (const Unit* u : drawable_units(world, player_id)) {
    const Rgb fill = unit_colour(*u, player_id);
    const Rgb rim = outline_of(fill);
    const bool outlined = u->radius >= kOutlineMinRadiusPixels * world_per_pixel;
    const float inner = u->radius - world_per_pixel;  // pixels beyond this are the outline
    const float inner_squared = inner * inner;
    for_each_disc_pixel<false>(view, u->pos, u->radius, [&](int px, int py, float) {
      Rgb c = fill;
      if (outlined) {
        const Vec2 d = view.pixel_centre(px, py) - u->pos;
        if (d.x * d.x + d.y * d.y > inner_squared) c = rim;
      }
      put(data, static_cast<std::size_t>(py) * w + px, c);
    });
  }
}

void draw_minimap(const World& world, int player_id, const RgbSetup& setup, const std::vector<std::uint8_t>& fog,
                  FeatureLayerCache& cache, SC2APIProtocol::ImageData* out) {
  const int w = setup.minimap_width, h = setup.minimap_height;
  const MinimapView view(world.map(), /*crop_to_playable_area=*/false, w, h);  // RGB: always the whole map
  const Key key{static_cast<float>(w), static_cast<float>(h), 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  std::string& data = paint_terrain(world, fog, cache, "rgb.minimap.terrain", key, view, out);

  const float min_dot = kMinimapDotRadiusPixels / std::min(view.pixels_per_world_x(), view.pixels_per_world_y());
  for (const Unit* u : drawable_units(world, player_id)) {
    const Rgb colour = unit_colour(*u, player_id);
    for_each_disc_pixel<false>(view, u->pos, std::max(u->radius, min_dot), [&](int px, int py, float) {
      put(data, static_cast<std::size_t>(py) * w + px, colour);
    });
  }

  // The camera's rectangle: the border of the pixels whose centre lies inside it (the
  // feature minimap's camera layer marks the same pixels), clamped to the image.
  const WorldRect rect = ScreenView(world.player(player_id).camera, setup.camera_width, setup.screen_width,
                                    setup.screen_height)
                             .world_bounds();
  int col0 = 0, col1 = -1, row0 = 0, row1 = -1;
  for (int px = 0; px < w; ++px) {
    const float x = view.pixel_centre(px, 0).x;
    if (x < rect.x0) col0 = px + 1;
    if (x <= rect.x1) col1 = px;
  }
  for (int py = 0; py < h; ++py) {
    const float y = view.pixel_centre(0, py).y;
    if (y > rect.y1) row0 = py + 1;
    if (y >= rect.y0) row1 = py;
  }
  col0 = std::clamp(col0, 0, w - 1);
  col1 = std::clamp(std::max(col1, col0), 0, w - 1);
  row0 = std::clamp(row0, 0, h - 1);
  row1 = std::clamp(std::max(row1, row0), 0, h - 1);
  for (int px = col0; px <= col1; ++px) {
    put(data, static_cast<std::size_t>(row0) * w + px, rgb_palette::kCameraBox);
    put(data, static_cast<std::size_t>(row1) * w + px, rgb_palette::kCameraBox);
  }
  for (int py = row0; py <= row1; ++py) {
    put(data, static_cast<std::size_t>(py) * w + col0, rgb_palette::kCameraBox);
    put(data, static_cast<std::size_t>(py) * w + col1, rgb_palette::kCameraBox);
  }
}

// The caller's cache, or `fresh` when there is none, set to the world's map.
FeatureLayerCache& ready_cache(FeatureLayerCache* cache_or_null, FeatureLayerCache& fresh, const World& world) {
  FeatureLayerCache& cache = cache_or_null != nullptr ? *cache_or_null : fresh;
  cache.use_map(world.map());
  return cache;
}

}  // namespace

void render_rgb_screen(const World& world, int player_id, const RgbSetup& setup, SC2APIProtocol::ImageData* out,
                       FeatureLayerCache* cache_or_null) {
  FeatureLayerCache fresh;
  FeatureLayerCache& cache = ready_cache(cache_or_null, fresh, world);
  draw_screen(world, player_id, setup, fog_grid(world, player_id), cache, out);
}

void render_rgb_minimap(const World& world, int player_id, const RgbSetup& setup, SC2APIProtocol::ImageData* out,
                        FeatureLayerCache* cache_or_null) {
  FeatureLayerCache fresh;
  FeatureLayerCache& cache = ready_cache(cache_or_null, fresh, world);
  draw_minimap(world, player_id, setup, fog_grid(world, player_id), cache, out);
}

void render_rgb(const World& world, int player_id, const RgbSetup& setup, SC2APIProtocol::ObservationRender* out,
                FeatureLayerCache* cache_or_null) {
  FeatureLayerCache fresh;
  FeatureLayerCache& cache = ready_cache(cache_or_null, fresh, world);
  const std::vector<std::uint8_t> fog = fog_grid(world, player_id);  // once for both images
  draw_screen(world, player_id, setup, fog, cache, out->mutable_map());
  draw_minimap(world, player_id, setup, fog, cache, out->mutable_minimap());
}

}  // namespace sc2::engine
