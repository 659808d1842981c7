#include "engine/raster/feature_layers.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "engine/raster/disc_stack.h"
#include "engine/raster/image_encoding.h"
#include "engine/raster/unit_discs.h"
#include "engine/raster/view_transform.h"
#include "engine/sim/harvest.h"

namespace sc2::engine {

namespace {

bool is_selected(const PlayerState& player, const Unit& unit) {
  return std::find(player.selection.begin(), player.selection.end(), unit.id) != player.selection.end();
}

using Key = FeatureLayerCache::Key;
using Sampling = FeatureLayerCache::Sampling;

constexpr int kScreenView = 0;
constexpr int kMinimapView = 1;

Key screen_key(Vec2 camera, const FeatureLayerSetup& setup) {
  return {camera.x, camera.y, setup.camera_width, static_cast<float>(setup.screen_width),
          static_cast<float>(setup.screen_height), 0.0f, 0.0f, 0.0f};
}

Key minimap_key(const FeatureLayerSetup& setup) {
  return {static_cast<float>(setup.minimap_width), static_cast<float>(setup.minimap_height),
          setup.crop_to_playable_area ? 1.0f : 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
}

// A static layer whose pixel value is a function of the map cell under the pixel's
// centre (cell -1 = off the map): computed once per view, then copied.
template <class CellValue>
void static_cell_layer(FeatureLayerCache& cache, std::string_view name, const Key& key, const Sampling& sampling,
                       int w, int h, int bits, CellValue&& value_of_cell, SC2APIProtocol::ImageData* out) {
  const std::string& bytes = cache.static_layer(name, key, w, h, bits, [&](LayerWriter& writer) {
    for (std::size_t i = 0; i < sampling.cell.size(); ++i) writer.set_index(i, value_of_cell(sampling.cell[i]));
  });
  encode_bytes(w, h, bits, bytes, out);
}

// Terrain: height, buildable and pathable depend on the map only (0 off the map).
template <class Layers>
void terrain_layers(const World& world, FeatureLayerCache& cache, std::string_view view_name, const Key& key,
                    const Sampling& sampling, int w, int h, Layers* out) {
  const MapLayout& map = world.map();
  const std::string prefix(view_name);
  static_cell_layer(
      cache, prefix + ".height_map", key, sampling, w, h, 8,
      [&](std::int32_t cell) {
        return cell < 0 ? 0 : feature_height(height_from_byte(map.terrain_height[static_cast<std::size_t>(cell)]));
      },
      out->mutable_height_map());
  static_cell_layer(
      cache, prefix + ".buildable", key, sampling, w, h, 1,
      [&](std::int32_t cell) { return cell < 0 ? 0 : map.buildable[static_cast<std::size_t>(cell)]; },
      out->mutable_buildable());
  static_cell_layer(
      cache, prefix + ".pathable", key, sampling, w, h, 1,
      [&](std::int32_t cell) { return cell < 0 ? 0 : map.pathable[static_cast<std::size_t>(cell)]; },
      out->mutable_pathable());
}

// Visibility of the cell under each pixel. Without fog it depends on the map only (static);
// with fog it is read from one visibility grid per observation.
void visibility_layer(const World& world, int player_id, FeatureLayerCache& cache, std::string_view view_name,
                      Key key, const Sampling& sampling, int w, int h, SC2APIProtocol::ImageData* out) {
  const int map_width = world.map().width;
  const auto visibility_of = [&](std::int32_t cell) -> std::int32_t {
    return world.visibility(player_id, cell % map_width, cell / map_width);
  };
  if (!world.fog()) {
    key[7] = static_cast<float>(player_id);
    static_cell_layer(
        cache, std::string(view_name) + ".visibility_without_fog", key, sampling, w, h, 8,
        [&](std::int32_t cell) { return cell < 0 ? 0 : visibility_of(cell); }, out);
    return;
  }
  std::vector<std::uint8_t> grid;  // one pass over the units, not one per cell
  world.visibility_grid(player_id, grid);
  LayerWriter writer = LayerWriter::into(out, w, h, 8);
  for (std::size_t i = 0; i < sampling.cell.size(); ++i) {
    const std::int32_t cell = sampling.cell[i];
    if (cell >= 0) writer.set_index_at_depth<8>(i, grid[static_cast<std::size_t>(cell)]);
  }
}

std::int32_t ratio_255(float value, float max) {
  return max > 0.0f ? static_cast<std::int32_t>(std::clamp(value / max, 0.0f, 1.0f) * 255.0f) : 0;
}

// The only buffs the engine has: a worker's carried load. 0 = no buff.
std::int32_t buff_of(const Unit& u) { return static_cast<std::int32_t>(carry_buff(u)); }

// A structure producing (a non-empty train queue) is "active".
std::int32_t active_of(const Unit& u) { return u.production.empty() ? 0 : 1; }

// Construction progress onto 0..255 while under construction; finished units show 0.
std::int32_t build_progress_of(const Unit& u) {
  return u.under_construction ? static_cast<std::int32_t>(std::clamp(u.build_progress(), 0.0f, 1.0f) * 255.0f) : 0;
}

}  // namespace

std::int32_t feature_height(float world_z) {
  return static_cast<std::int32_t>(std::lround(std::clamp((world_z + 200.0f) * 255.0f / 400.0f, 0.0f, 255.0f)));
}

void render_screen(const World& world, int player_id, const FeatureLayerSetup& setup,
                   SC2APIProtocol::FeatureLayers* out, FeatureLayerCache* cache_or_null) {
  FeatureLayerCache fresh;
  FeatureLayerCache& cache = cache_or_null != nullptr ? *cache_or_null : fresh;
  cache.use_map(world.map());
  const PlayerState& player = world.player(player_id);
  const ScreenView view(player.camera, setup.camera_width, setup.screen_width, setup.screen_height);
  const int w = setup.screen_width, h = setup.screen_height;
  const Key key = screen_key(player.camera, setup);
  const Sampling& sampling = cache.sampling(kScreenView, key, view, world.map());

  terrain_layers(world, cache, "screen", key, sampling, w, h, out);
  visibility_layer(world, player_id, cache, "screen", key, sampling, w, h, out->mutable_visibility_map());

  // Units: discs first collected per pixel (the last drawn wins, counts and coverage add
  // up), then each covered pixel written once into every unit layer.
  struct ScreenPaint {
    std::int32_t owner, relative, type, selected, health, health_ratio, buff, active, progress;
    std::int32_t shields, shields_ratio, energy, energy_ratio;
  };
  bool any_shields = false, any_energy = false;
  std::vector<ScreenPaint> paints;
  DiscStack& discs = cache.empty_disc_stack(kScreenView, static_cast<std::size_t>(w) * h);
  DiscPixelCache& disc_pixels = cache.disc_pixels(kScreenView, key);
  for (const Unit* u : drawable_units(world, player_id)) {
    paints.push_back({u->owner, alliance_of(player_id, u->owner), static_cast<std::int32_t>(u->type()),
                      is_selected(player, *u) ? 1 : 0, static_cast<std::int32_t>(u->health),
                      ratio_255(u->health, u->health_max), buff_of(*u), active_of(*u), build_progress_of(*u),
                      static_cast<std::int32_t>(u->shield), ratio_255(u->shield, u->shield_max),
                      static_cast<std::int32_t>(u->energy), ratio_255(u->energy, u->energy_max)});
    any_shields = any_shields || u->shield_max > 0.0f;
    any_energy = any_energy || u->energy_max > 0.0f;
    const auto disc = static_cast<std::int32_t>(paints.size() - 1);
    disc_pixels.for_each_pixel<true>(view, u->id, u->pos, u->radius,
                                     [&](std::uint32_t pixel, float cover) { discs.add(pixel, disc, cover); });
  }
  LayerWriter owner = LayerWriter::into(out->mutable_player_id(), w, h, 8);
  LayerWriter relative = LayerWriter::into(out->mutable_player_relative(), w, h, 8);
  LayerWriter type = LayerWriter::into(out->mutable_unit_type(), w, h, 32);
  LayerWriter selected = LayerWriter::into(out->mutable_selected(), w, h, 1);
  LayerWriter hp = LayerWriter::into(out->mutable_unit_hit_points(), w, h, 32);
  LayerWriter hp_ratio = LayerWriter::into(out->mutable_unit_hit_points_ratio(), w, h, 8);
  LayerWriter density = LayerWriter::into(out->mutable_unit_density(), w, h, 8);
  LayerWriter density_aa = LayerWriter::into(out->mutable_unit_density_aa(), w, h, 8);
  LayerWriter buffs = LayerWriter::into(out->mutable_buffs(), w, h, 32);
  LayerWriter active = LayerWriter::into(out->mutable_active(), w, h, 1);
  LayerWriter build_progress = LayerWriter::into(out->mutable_build_progress(), w, h, 8);
  // Shields and energy: full layers while a unit the player sees has them (SMAC's Protoss, Medivacs);
  // (0,0) otherwise, as before, so the mini-games pay nothing for them.
  std::optional<LayerWriter> shields, shields_ratio, energy, energy_ratio;
  if (any_shields) {
    shields.emplace(LayerWriter::into(out->mutable_unit_shields(), w, h, 32));
    shields_ratio.emplace(LayerWriter::into(out->mutable_unit_shields_ratio(), w, h, 8));
  } else {
    encode_absent(32, out->mutable_unit_shields());
    encode_absent(8, out->mutable_unit_shields_ratio());
  }
  if (any_energy) {
    energy.emplace(LayerWriter::into(out->mutable_unit_energy(), w, h, 32));
    energy_ratio.emplace(LayerWriter::into(out->mutable_unit_energy_ratio(), w, h, 8));
  } else {
    encode_absent(32, out->mutable_unit_energy());
    encode_absent(8, out->mutable_unit_energy_ratio());
  }
  for (std::size_t i : discs.covered()) {  // uncovered pixels stay 0 in every layer
    const ScreenPaint& p = paints[static_cast<std::size_t>(discs.top(i))];
    owner.set_index_at_depth<8>(i, p.owner);
    relative.set_index_at_depth<8>(i, p.relative);
    type.set_index_at_depth<32>(i, p.type);
    selected.set_index_at_depth<1>(i, p.selected);
    hp.set_index_at_depth<32>(i, p.health);
    hp_ratio.set_index_at_depth<8>(i, p.health_ratio);
    density.set_index_at_depth<8>(i, discs.count(i));  // 8 bpp clamps at 255
    density_aa.set_index_at_depth<8>(
        i, static_cast<std::int32_t>(std::min(255.0f, discs.coverage(i) * 255.0f / 16.0f)));
    buffs.set_index_at_depth<32>(i, p.buff);
    active.set_index_at_depth<1>(i, p.active);
    build_progress.set_index_at_depth<8>(i, p.progress);
    if (shields) {
      shields->set_index_at_depth<32>(i, p.shields);
      shields_ratio->set_index_at_depth<8>(i, p.shields_ratio);
    }
    if (energy) {
      energy->set_index_at_depth<32>(i, p.energy);
      energy_ratio->set_index_at_depth<8>(i, p.energy_ratio);
    }
  }

  // True zeros (engine/README.md, feature layers): no creep or power source exists, and the
  // carry buffs have no duration. Creep and power are sent full size because PySC2's human
  // renderer draws them and fails on a (0,0) layer.
  encode_zero(w, h, 1, out->mutable_creep());
  encode_zero(w, h, 1, out->mutable_power());
  encode_zero(w, h, 8, out->mutable_buff_duration());
  // Quantities the engine has no notion of: (0,0), as the game sends a layer it cannot fill.
  encode_absent(8, out->mutable_effects());
  encode_absent(1, out->mutable_hallucinations());
  encode_absent(1, out->mutable_cloaked());
  encode_absent(1, out->mutable_blip());
  encode_absent(1, out->mutable_placeholder());
}

void render_minimap(const World& world, int player_id, const FeatureLayerSetup& setup,
                    SC2APIProtocol::FeatureLayersMinimap* out, FeatureLayerCache* cache_or_null) {
  FeatureLayerCache fresh;
  FeatureLayerCache& cache = cache_or_null != nullptr ? *cache_or_null : fresh;
  cache.use_map(world.map());
  const PlayerState& player = world.player(player_id);
  const MinimapView view(world.map(), setup.crop_to_playable_area, setup.minimap_width,
                         setup.minimap_height);
  const int w = setup.minimap_width, h = setup.minimap_height;
  const Key key = minimap_key(setup);
  const Sampling& sampling = cache.sampling(kMinimapView, key, view, world.map());

  terrain_layers(world, cache, "minimap", key, sampling, w, h, out);
  visibility_layer(world, player_id, cache, "minimap", key, sampling, w, h, out->mutable_visibility_map());

  // The camera's box: static for a camera position (the key adds the screen's geometry).
  const ScreenView screen(player.camera, setup.camera_width, setup.screen_width, setup.screen_height);
  Key camera_key = screen_key(player.camera, setup);
  camera_key[5] = key[0];
  camera_key[6] = key[1];
  camera_key[7] = key[2];
  const std::string& camera_bytes = cache.static_layer("minimap.camera", camera_key, w, h, 1, [&](LayerWriter& camera) {
    const WorldRect camera_rect = screen.world_bounds();
    for (int py = 0; py < h; ++py) {
      for (int px = 0; px < w; ++px) camera.set(px, py, camera_rect.contains(view.pixel_centre(px, py)) ? 1 : 0);
    }
  });
  encode_bytes(w, h, 1, camera_bytes, out->mutable_camera());

  // Units, as on the screen: discs collected per pixel, then each covered pixel written once.
  struct MinimapPaint {
    std::int32_t owner, relative, selected, type;
  };
  std::vector<MinimapPaint> paints;
  DiscStack& discs = cache.empty_disc_stack(kMinimapView, static_cast<std::size_t>(w) * h);
  DiscPixelCache& disc_pixels = cache.disc_pixels(kMinimapView, key);
  for (const Unit* u : drawable_units(world, player_id)) {
    paints.push_back({u->owner, alliance_of(player_id, u->owner), is_selected(player, *u) ? 1 : 0,
                      static_cast<std::int32_t>(u->type())});
    const auto disc = static_cast<std::int32_t>(paints.size() - 1);
    disc_pixels.for_each_pixel<false>(view, u->id, u->pos, u->radius,
                                      [&](std::uint32_t pixel, float) { discs.add(pixel, disc, 1.0f); });
  }
  LayerWriter owner = LayerWriter::into(out->mutable_player_id(), w, h, 8);
  LayerWriter relative = LayerWriter::into(out->mutable_player_relative(), w, h, 8);
  LayerWriter selected = LayerWriter::into(out->mutable_selected(), w, h, 1);
  // The cheating layer carries data only when asked for; otherwise zeros, as PySC2 documents.
  LayerWriter type = LayerWriter::into(out->mutable_unit_type(), w, h, 32);
  const bool draw_type = setup.allow_cheating_layers;
  for (std::size_t i : discs.covered()) {
    const MinimapPaint& p = paints[static_cast<std::size_t>(discs.top(i))];
    owner.set_index_at_depth<8>(i, p.owner);
    relative.set_index_at_depth<8>(i, p.relative);
    selected.set_index_at_depth<1>(i, p.selected);
    if (draw_type) type.set_index_at_depth<32>(i, p.type);
  }

  encode_zero(w, h, 1, out->mutable_creep());  // no creep; full size for PySC2's renderer
  // Under-attack alerts of the last kAttackAlertMinimapLoops loops (engine/sim/alerts.h).
  LayerWriter alerts = LayerWriter::into(out->mutable_alerts(), w, h, 1);
  for (const AttackAlertMark& mark : player.attack_alerts) {
    if (world.game_loop() < mark.loop || world.game_loop() - mark.loop >= kAttackAlertMinimapLoops) continue;
    for_each_disc_pixel<false>(view, mark.pos, kAttackAlertMarkRadius, [&](int px, int py, float) { alerts.set(px, py, 1); });
  }
}

}  // namespace sc2::engine
