#include "app/views/world_view_logic.h"

#include <algorithm>
#include <cmath>

#include "app/views/unit_type_names.h"
#include "client/pysc2/pixel_mapping.h"

namespace sc2::app {

namespace {

constexpr pysc2::Alliance kOwnPlayerAlliance = pysc2::Alliance::self;

float distance(render::WorldPoint a, float x, float y) { return std::hypot(a.x - x, a.y - y); }

bool visible(const pysc2::RawUnit& unit) { return unit.display_type != pysc2::DisplayType::hidden; }

LayerPixel pixel_of(const render::WorldRect& camera, int width, int height, render::WorldPoint world) {
  const render::WorldPoint p = render::world_to_screen(camera, world, width, height);
  return LayerPixel{std::clamp(static_cast<int>(std::floor(p.x)), 0, std::max(0, width - 1)),
                    std::clamp(static_cast<int>(std::floor(p.y)), 0, std::max(0, height - 1))};
}

}  // namespace

std::vector<EffectCircle> effect_circles(const pysc2::RawView& raw, const render::WorldRect& view) {
  std::vector<EffectCircle> circles;
  for (const pysc2::Effect& effect : raw.effects) {
    const float r = std::max(0.25f, effect.radius);  // a radius-less effect still shows as a dot
    for (const pysc2::Point2D& p : effect.positions) {
      if (p.x + r < view.left || p.x - r > view.right() || p.y + r < view.bottom || p.y - r > view.top()) continue;
      circles.push_back(EffectCircle{{p.x, p.y}, r, effect.alliance == pysc2::Alliance::self});
    }
  }
  return circles;
}

std::vector<UnitLabel> unit_labels(const pysc2::RawView& raw, const render::WorldRect& view, bool with_names) {
  // A gas building covers its geyser: its own label says what is left, the geyser's would
  // be written over it.
  std::vector<render::WorldPoint> gas_buildings;
  for (const pysc2::RawUnit& unit : raw.units) {
    if (render::resource_kind(unit) == render::ResourceKind::gas_building) gas_buildings.push_back({unit.pos.x, unit.pos.y});
  }
  auto covered = [&](const pysc2::RawUnit& unit) {
    if (render::resource_kind(unit) != render::ResourceKind::vespene_geyser) return false;
    return std::any_of(gas_buildings.begin(), gas_buildings.end(),
                       [&](render::WorldPoint at) { return distance(at, unit.pos.x, unit.pos.y) < 0.5f; });
  };
  std::vector<UnitLabel> labels;
  for (const pysc2::RawUnit& unit : raw.units) {
    const float x = unit.pos.x, y = unit.pos.y, r = unit.radius;
    if (x + r < view.left || x - r > view.right() || y + r < view.bottom || y - r > view.top()) continue;
    if (covered(unit)) continue;
    std::string text;
    bool resource = false, vespene = false;
    if (unit.mineral_contents > 0 || unit.vespene_contents > 0) {
      text = std::to_string(unit.mineral_contents > 0 ? unit.mineral_contents : unit.vespene_contents);
      resource = true;
      vespene = unit.mineral_contents <= 0;
      if (with_names) text = unit_type_label(static_cast<int>(unit.unit_type)) + " " + text;
    } else if (with_names) {
      text = unit_type_label(static_cast<int>(unit.unit_type));
    }
    // Always shown, as in PySC2's viewer: workers on a town hall or Refinery (assigned /
    // ideal) and states that change what a unit is (snapshot, placeholder, hallucination,
    // burrowed, cloaked).
    auto append = [&text](const std::string& part) { text += (text.empty() ? "" : " ") + part; };
    if (unit.ideal_harvesters > 0) {
      append(std::to_string(unit.assigned_harvesters) + "/" + std::to_string(unit.ideal_harvesters));
    }
    if (unit.display_type == pysc2::DisplayType::snapshot) append("(snapshot)");
    if (unit.display_type == pysc2::DisplayType::placeholder) append("(placeholder)");
    if (unit.is_hallucination) append("(hallucination)");
    if (unit.is_burrowed) append("(burrowed)");
    if (unit.cloak == pysc2::CloakState::cloaked || unit.cloak == pysc2::CloakState::cloaked_detected) append("(cloaked)");
    if (text.empty()) continue;
    labels.push_back(UnitLabel{{x, y - r}, std::move(text), resource, vespene});
  }
  return labels;
}

std::vector<render::ResourceKind> resource_kinds_in_view(const pysc2::RawView& raw, const render::WorldRect& view) {
  bool seen[4] = {};
  for (const pysc2::RawUnit& unit : raw.units) {
    const float x = unit.pos.x, y = unit.pos.y, r = unit.radius;
    if (x + r < view.left || x - r > view.right() || y + r < view.bottom || y - r > view.top()) continue;
    seen[static_cast<int>(render::resource_kind(unit))] = true;
  }
  std::vector<render::ResourceKind> kinds;
  for (render::ResourceKind kind :
       {render::ResourceKind::minerals, render::ResourceKind::vespene_geyser, render::ResourceKind::gas_building}) {
    if (seen[static_cast<int>(kind)]) kinds.push_back(kind);
  }
  return kinds;
}

ImageRect camera_image_rect(const ImageRect& widget, const render::WorldRect& camera, const render::WorldRect& view) {
  if (view.width <= 0 || view.height <= 0) return widget;
  const float sx = widget.width / view.width, sy = widget.height / view.height;  // window px per world unit
  // Window y grows downwards, world y upwards: the camera's top edge is above the view's.
  return ImageRect{widget.x - (view.left - camera.left) * sx, widget.y - (camera.top() - view.top()) * sy,
                   camera.width * sx, camera.height * sy};
}

render::WorldPoint image_to_world(const ImageRect& camera_image, const render::WorldRect& camera, ScreenPoint mouse) {
  const float u = camera_image.width > 0 ? (mouse.x - camera_image.x) / camera_image.width : 0.0f;
  const float v = camera_image.height > 0 ? (mouse.y - camera_image.y) / camera_image.height : 0.0f;
  return render::WorldPoint{camera.left + u * camera.width, camera.top() - v * camera.height};
}

std::uint64_t unit_selected_at(const pysc2::RawView& raw, const render::WorldRect& camera,
                               int screen_width, int screen_height, LayerPixel pixel) {
  if (screen_width <= 0 || screen_height <= 0) return 0;
  const render::WorldPoint centre = render::screen_to_world(
      camera, {pixel.x + 0.5f, pixel.y + 0.5f}, screen_width, screen_height);
  const float slack = camera.width / static_cast<float>(screen_width) * 0.5f;
  std::uint64_t best = 0;
  float best_key = 0.0f;
  for (const pysc2::RawUnit& unit : raw.units) {
    if (!visible(unit)) continue;
    const float d = distance(centre, unit.pos.x, unit.pos.y);
    if (d > unit.radius + slack) continue;
    const float key = d - (unit.alliance == kOwnPlayerAlliance ? 1000.0f : 0.0f);
    if (best == 0 || key < best_key) {
      best = unit.tag;
      best_key = key;
    }
  }
  return best;
}

LayerPixel click_pixel(const pysc2::RawView& raw, const render::WorldRect& camera, int screen_width,
                       int screen_height, render::WorldPoint world) {
  const LayerPixel under = pixel_of(camera, screen_width, screen_height, world);
  const pysc2::RawUnit* target = nullptr;
  float target_key = 0.0f;
  for (const pysc2::RawUnit& unit : raw.units) {
    if (!visible(unit)) continue;
    const float d = distance(world, unit.pos.x, unit.pos.y);
    if (d > unit.radius) continue;
    const float key = d - (unit.alliance == kOwnPlayerAlliance ? 1000.0f : 0.0f);
    if (!target || key < target_key) {
      target = &unit;
      target_key = key;
    }
  }
  if (!target || unit_selected_at(raw, camera, screen_width, screen_height, under) == target->tag) return under;
  const LayerPixel centre = pixel_of(camera, screen_width, screen_height, {target->pos.x, target->pos.y});
  // Keep the mouse's pixel when the centre's pixel would pick another unit as well.
  return unit_selected_at(raw, camera, screen_width, screen_height, centre) == target->tag ? centre : under;
}

std::vector<const pysc2::RawUnit*> units_at_screen_pixel(const pysc2::RawView& raw, const render::WorldRect& camera,
                                                         int screen_width, int screen_height, LayerPixel pixel) {
  std::vector<const pysc2::RawUnit*> found;
  if (screen_width <= 0 || screen_height <= 0) return found;
  const render::WorldPoint a = render::screen_to_world(camera, {static_cast<float>(pixel.x), static_cast<float>(pixel.y)},
                                                       screen_width, screen_height);
  const render::WorldPoint b = render::screen_to_world(
      camera, {static_cast<float>(pixel.x + 1), static_cast<float>(pixel.y + 1)}, screen_width, screen_height);
  const float left = std::min(a.x, b.x), right = std::max(a.x, b.x), bottom = std::min(a.y, b.y), top = std::max(a.y, b.y);
  for (const pysc2::RawUnit& unit : raw.units) {
    const float nearest_x = std::clamp(unit.pos.x, left, right), nearest_y = std::clamp(unit.pos.y, bottom, top);
    if (std::hypot(unit.pos.x - nearest_x, unit.pos.y - nearest_y) <= unit.radius) found.push_back(&unit);
  }
  return found;
}

std::vector<const pysc2::RawUnit*> units_at_minimap_pixel(const pysc2::RawView& raw, const pysc2::GameView& game,
                                                          int minimap_width, int minimap_height, LayerPixel pixel) {
  std::vector<const pysc2::RawUnit*> found;
  const pysc2::PixelMapping mapping = pysc2::PixelMapping::minimap(game, minimap_width, minimap_height);
  if (!mapping.valid()) return found;
  for (const pysc2::RawUnit& unit : raw.units) {
    const auto at = mapping.pixel(unit.pos.x, unit.pos.y);
    const std::int64_t reach = std::max<std::int64_t>(0, mapping.distance(unit.radius));
    if (std::llabs(at[0] - pixel.x) <= reach && std::llabs(at[1] - pixel.y) <= reach) found.push_back(&unit);
  }
  return found;
}

std::vector<MinimapCircle> start_location_circles(const pysc2::GameView& game, int minimap_width, int minimap_height) {
  std::vector<MinimapCircle> circles;
  const pysc2::PixelMapping mapping = pysc2::PixelMapping::minimap(game, minimap_width, minimap_height);
  if (!mapping.valid()) return circles;
  constexpr double kRadius = 5.0;  // world units
  for (const pysc2::Point2D& start : game.start_locations) {
    const auto at = mapping.pixel(start.x, start.y);
    circles.push_back(MinimapCircle{LayerPixel{static_cast<int>(at[0]), static_cast<int>(at[1])},
                                    static_cast<int>(std::max<std::int64_t>(1, mapping.distance(kRadius)))});
  }
  return circles;
}

std::vector<const pysc2::RawUnit*> units_at_map_cell(const pysc2::RawView& raw, LayerPixel cell) {
  std::vector<const pysc2::RawUnit*> units;
  const float left = static_cast<float>(cell.x), bottom = static_cast<float>(cell.y);
  for (const pysc2::RawUnit& unit : raw.units) {
    const float nearest_x = std::clamp(unit.pos.x, left, left + 1.0f);
    const float nearest_y = std::clamp(unit.pos.y, bottom, bottom + 1.0f);
    if (std::hypot(unit.pos.x - nearest_x, unit.pos.y - nearest_y) < unit.radius) units.push_back(&unit);
  }
  return units;
}

std::vector<MinimapCircle> radar_circles(const pysc2::RawView& raw, const pysc2::GameView& game, int minimap_width,
                                         int minimap_height) {
  std::vector<MinimapCircle> circles;
  const pysc2::PixelMapping mapping = pysc2::PixelMapping::minimap(game, minimap_width, minimap_height);
  if (!mapping.valid()) return circles;
  for (const pysc2::RadarRing& ring : raw.radar) {
    const auto at = mapping.pixel(ring.pos.x, ring.pos.y);
    circles.push_back(MinimapCircle{LayerPixel{static_cast<int>(at[0]), static_cast<int>(at[1])},
                                    static_cast<int>(std::max<std::int64_t>(1, mapping.distance(ring.radius)))});
  }
  return circles;
}

}  // namespace sc2::app
