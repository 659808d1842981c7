#include "engine/raster/feature_layers.h"

#include <algorithm>
#include <cmath>

#include "engine/raster/image_encoding.h"
#include "engine/raster/view_transform.h"

namespace sc2::engine {

namespace {

bool is_selected(const PlayerState& player, const Unit& unit) {
  return std::find(player.selection.begin(), player.selection.end(), unit.id) != player.selection.end();
}

// Units the player can see, in draw order: lower layers first (neutral under player units),
// then slot order, so later draws win on shared pixels.
std::vector<const Unit*> drawable_units(const World& world, int player_id) {
  std::vector<const Unit*> units;
  for (const Unit* u : world.units()) {
    if (world.unit_visible(player_id, *u)) units.push_back(u);
  }
  std::stable_sort(units.begin(), units.end(), [](const Unit* a, const Unit* b) {
    return (a->owner == kNeutralOwner) > (b->owner == kNeutralOwner);
  });
  return units;
}

// Calls fn(px, py, coverage) for every pixel of a unit's disc. A pixel belongs to the disc
// when its centre is inside; the pixel under the unit's centre always does, so tiny units
// never vanish. coverage = fraction of the pixel inside the disc (4x4 samples).
template <class View, class Fn>
void for_each_disc_pixel(const View& view, Vec2 centre, float radius, Fn&& fn) {
  const Vec2 probe = view.pixel_centre(0, 0);
  const Vec2 probe_next = view.pixel_centre(1, 1);
  const float px_w = std::abs(probe_next.x - probe.x);
  const float px_h = std::abs(probe.y - probe_next.y);
  const PixelPos lo = view.to_pixel({centre.x - radius, centre.y + radius});
  const PixelPos hi = view.to_pixel({centre.x + radius, centre.y - radius});
  const PixelPos mid = view.to_pixel(centre);
  for (int py = std::max(lo.y, 0); py <= std::min(hi.y, view.height() - 1); ++py) {
    for (int px = std::max(lo.x, 0); px <= std::min(hi.x, view.width() - 1); ++px) {
      const Vec2 c = view.pixel_centre(px, py);
      int inside = 0;
      for (int sy = 0; sy < 4; ++sy) {
        for (int sx = 0; sx < 4; ++sx) {
          const Vec2 s{c.x + (sx - 1.5f) * 0.25f * px_w, c.y + (sy - 1.5f) * 0.25f * px_h};
          if (distance(s, centre) <= radius) ++inside;
        }
      }
      const bool centre_in = distance(c, centre) <= radius;
      const bool is_mid = px == mid.x && py == mid.y;
      if (centre_in || is_mid) fn(px, py, std::max(inside, 1) / 16.0f);
    }
  }
}

struct TerrainSample {
  std::int32_t height = 0, visibility = 0, pathable = 0, buildable = 0;
};

TerrainSample sample_terrain(const World& world, int player_id, Vec2 p) {
  const MapLayout& map = world.map();
  const int x = static_cast<int>(std::floor(p.x));
  const int y = static_cast<int>(std::floor(p.y));
  if (!map.in_bounds(x, y)) return {};
  const auto i = map.cell(x, y);
  return {feature_height(height_from_byte(map.terrain_height[i])), world.visibility(player_id, x, y),
          map.pathable[i], map.buildable[i]};
}

std::int32_t ratio_255(float value, float max) {
  return max > 0.0f ? static_cast<std::int32_t>(std::clamp(value / max, 0.0f, 1.0f) * 255.0f) : 0;
}

}  // namespace

std::int32_t feature_height(float world_z) {
  return static_cast<std::int32_t>(std::lround(std::clamp((world_z + 200.0f) * 255.0f / 400.0f, 0.0f, 255.0f)));
}

void render_screen(const World& world, int player_id, const FeatureLayerSetup& setup,
                   SC2APIProtocol::FeatureLayers* out) {
  const PlayerState& player = world.player(player_id);
  const ScreenView view(player.camera, setup.camera_width, setup.screen_width, setup.screen_height);
  const int w = setup.screen_width, h = setup.screen_height;

  LayerGrid height(w, h), visibility(w, h), pathable(w, h), buildable(w, h);
  for (int py = 0; py < h; ++py) {
    for (int px = 0; px < w; ++px) {
      const TerrainSample t = sample_terrain(world, player_id, view.pixel_centre(px, py));
      height.at(px, py) = t.height;
      visibility.at(px, py) = t.visibility;
      pathable.at(px, py) = t.pathable;
      buildable.at(px, py) = t.buildable;
    }
  }

  LayerGrid owner(w, h), relative(w, h), type(w, h), selected(w, h), hp(w, h), hp_ratio(w, h),
      density(w, h), density_aa(w, h), build_progress(w, h), zero(w, h);
  std::vector<float> coverage(static_cast<std::size_t>(w) * h, 0.0f);
  for (const Unit* u : drawable_units(world, player_id)) {
    const std::int32_t rel = alliance_of(player_id, u->owner);
    const bool sel = is_selected(player, *u);
    for_each_disc_pixel(view, u->pos, u->radius, [&](int px, int py, float cover) {
      owner.at(px, py) = u->owner;
      relative.at(px, py) = rel;
      type.at(px, py) = static_cast<std::int32_t>(u->type());
      selected.at(px, py) = sel ? 1 : 0;
      hp.at(px, py) = static_cast<std::int32_t>(u->health);
      hp_ratio.at(px, py) = ratio_255(u->health, u->health_max);
      density.at(px, py) += 1;
      coverage[static_cast<std::size_t>(py) * w + px] += cover;
      build_progress.at(px, py) = 0;  // complete units; construction comes with buildings
    });
  }
  for (int py = 0; py < h; ++py) {
    for (int px = 0; px < w; ++px) {
      const float c = coverage[static_cast<std::size_t>(py) * w + px];
      density_aa.at(px, py) = static_cast<std::int32_t>(std::min(255.0f, c * 255.0f / 16.0f));
    }
  }

  encode_layer(height, 8, out->mutable_height_map());
  encode_layer(visibility, 8, out->mutable_visibility_map());
  encode_layer(zero, 1, out->mutable_creep());
  encode_layer(zero, 1, out->mutable_power());
  encode_layer(owner, 8, out->mutable_player_id());
  encode_layer(type, 32, out->mutable_unit_type());
  encode_layer(selected, 1, out->mutable_selected());
  encode_layer(hp, 32, out->mutable_unit_hit_points());
  encode_layer(hp_ratio, 8, out->mutable_unit_hit_points_ratio());
  encode_layer(zero, 32, out->mutable_unit_energy());
  encode_layer(zero, 8, out->mutable_unit_energy_ratio());
  encode_layer(zero, 32, out->mutable_unit_shields());
  encode_layer(zero, 8, out->mutable_unit_shields_ratio());
  encode_layer(relative, 8, out->mutable_player_relative());
  encode_layer(density_aa, 8, out->mutable_unit_density_aa());
  encode_layer(density, 8, out->mutable_unit_density());
  encode_layer(zero, 8, out->mutable_effects());
  encode_layer(zero, 1, out->mutable_hallucinations());
  encode_layer(zero, 1, out->mutable_cloaked());
  encode_layer(zero, 1, out->mutable_blip());
  encode_layer(zero, 32, out->mutable_buffs());
  encode_layer(zero, 8, out->mutable_buff_duration());
  encode_layer(zero, 1, out->mutable_active());
  encode_layer(build_progress, 8, out->mutable_build_progress());
  encode_layer(buildable, 1, out->mutable_buildable());
  encode_layer(pathable, 1, out->mutable_pathable());
  encode_layer(zero, 1, out->mutable_placeholder());
}

void render_minimap(const World& world, int player_id, const FeatureLayerSetup& setup,
                    SC2APIProtocol::FeatureLayersMinimap* out) {
  const PlayerState& player = world.player(player_id);
  const MinimapView view(world.map(), setup.crop_to_playable_area, setup.minimap_width,
                         setup.minimap_height);
  const ScreenView screen(player.camera, setup.camera_width, setup.screen_width, setup.screen_height);
  const WorldRect camera_rect = screen.world_bounds();
  const int w = setup.minimap_width, h = setup.minimap_height;

  LayerGrid height(w, h), visibility(w, h), pathable(w, h), buildable(w, h), camera(w, h);
  for (int py = 0; py < h; ++py) {
    for (int px = 0; px < w; ++px) {
      const Vec2 p = view.pixel_centre(px, py);
      const TerrainSample t = sample_terrain(world, player_id, p);
      height.at(px, py) = t.height;
      visibility.at(px, py) = t.visibility;
      pathable.at(px, py) = t.pathable;
      buildable.at(px, py) = t.buildable;
      camera.at(px, py) = camera_rect.contains(p) ? 1 : 0;
    }
  }

  LayerGrid owner(w, h), relative(w, h), selected(w, h), type(w, h), zero(w, h);
  for (const Unit* u : drawable_units(world, player_id)) {
    const std::int32_t rel = alliance_of(player_id, u->owner);
    const bool sel = is_selected(player, *u);
    for_each_disc_pixel(view, u->pos, u->radius, [&](int px, int py, float) {
      owner.at(px, py) = u->owner;
      relative.at(px, py) = rel;
      selected.at(px, py) = sel ? 1 : 0;
      type.at(px, py) = static_cast<std::int32_t>(u->type());
    });
  }

  encode_layer(height, 8, out->mutable_height_map());
  encode_layer(visibility, 8, out->mutable_visibility_map());
  encode_layer(zero, 1, out->mutable_creep());
  encode_layer(camera, 1, out->mutable_camera());
  encode_layer(owner, 8, out->mutable_player_id());
  encode_layer(relative, 8, out->mutable_player_relative());
  encode_layer(selected, 1, out->mutable_selected());
  // The cheating layer carries data only when asked for; otherwise zeros, as PySC2 documents.
  encode_layer(setup.allow_cheating_layers ? type : zero, 32, out->mutable_unit_type());
  encode_layer(zero, 1, out->mutable_alerts());
  encode_layer(buildable, 1, out->mutable_buildable());
  encode_layer(pathable, 1, out->mutable_pathable());
}

}  // namespace sc2::engine
