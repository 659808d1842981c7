#include "render/world_scene.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unordered_map>

#include "render/resource_kind.h"

namespace sc2::render {

namespace {

constexpr int kNeutralOwner = 16;

Rgb owner_color(int owner) {
  const Palette& palette = palette_for_layer("player_id", false);
  return palette.color(owner, palette.color(kNeutralOwner));
}

}  // namespace

WorldRect camera_area(WorldPoint camera, float camera_width, int screen_width, int screen_height) {
  const float aspect = screen_width > 0 ? static_cast<float>(screen_height) / static_cast<float>(screen_width) : 1.0f;
  const float height = camera_width * aspect;
  return WorldRect{camera.x - camera_width / 2, camera.y - height / 2, camera_width, height};
}

WorldPoint world_to_screen(const WorldRect& area, WorldPoint world, int screen_width, int screen_height) {
  return WorldPoint{(world.x - area.left) / area.width * static_cast<float>(screen_width),
                    (area.top() - world.y) / area.height * static_cast<float>(screen_height)};
}

WorldPoint screen_to_world(const WorldRect& area, WorldPoint pixel, int screen_width, int screen_height) {
  return WorldPoint{area.left + pixel.x / static_cast<float>(screen_width) * area.width,
                    area.top() - pixel.y / static_cast<float>(screen_height) * area.height};
}

std::vector<UnitDisc> unit_discs(const pysc2::RawView& raw, const WorldRect& area) {
  struct Sortable {
    float z;
    bool non_neutral;
    float radius;
    UnitDisc disc;
  };
  std::vector<Sortable> units;
  for (const pysc2::RawUnit& unit : raw.units) {
    const float x = unit.pos.x;
    const float y = unit.pos.y;
    const float r = unit.radius;
    if (x + r < area.left || x - r > area.right() || y + r < area.bottom || y - r > area.top()) continue;
    UnitDisc disc;
    disc.tag = unit.tag;
    disc.center = {x, y};
    disc.radius = r;
    const ResourceLook look = resource_look(resource_kind(unit), owner_color(unit.owner));
    disc.fill = look.fill;
    disc.core = look.core;
    disc.core_fraction = look.core_fraction;
    if (unit.display_type == pysc2::DisplayType::placeholder) {
      disc.fill = scaled(disc.fill, 1.0f / 3.0f);
      disc.core = scaled(disc.core, 1.0f / 3.0f);
    }
    if (unit.health_max > 0) {
      disc.fraction_damaged = std::clamp((unit.health_max - unit.health) / unit.health_max, 0.0f, 1.0f);
    }
    disc.selected = unit.is_selected;
    // Without unit data we cannot know movement_speed; neutral units (beacons, minerals)
    // are the ones that never move in the mini-games.
    disc.facing_tick = unit.owner != kNeutralOwner && unit.owner != 0;
    disc.facing = unit.facing;
    units.push_back({unit.pos.z, unit.alliance != pysc2::Alliance::neutral, r, disc});
  }
  std::sort(units.begin(), units.end(), [](const Sortable& a, const Sortable& b) {
    return std::make_tuple(a.z, a.non_neutral, -a.radius, a.disc.tag) <
           std::make_tuple(b.z, b.non_neutral, -b.radius, b.disc.tag);
  });
  std::vector<UnitDisc> out;
  out.reserve(units.size());
  for (Sortable& unit : units) out.push_back(unit.disc);
  return out;
}

std::vector<WorldLine> order_lines(const pysc2::RawView& raw) {
  const Rgb path_color = scaled(Rgb{0, 255, 255}, 0.75f);
  std::unordered_map<std::uint64_t, WorldPoint> positions;
  for (const pysc2::RawUnit& unit : raw.units) positions[unit.tag] = {unit.pos.x, unit.pos.y};

  std::vector<WorldLine> lines;
  for (const pysc2::RawUnit& unit : raw.units) {
    if (!unit.is_selected) continue;
    const WorldPoint start{unit.pos.x, unit.pos.y};
    WorldPoint from = start;
    for (const pysc2::UnitOrder& order : unit.orders) {
      WorldPoint to;
      if (order.target_point) {
        to = {order.target_point->x, order.target_point->y};
      } else if (order.target_tag && positions.count(*order.target_tag)) {
        to = positions.at(*order.target_tag);
      } else {
        break;
      }
      lines.push_back({from, to, path_color});
      from = to;
    }
    for (const pysc2::RallyTarget& rally : unit.rally_targets) {
      if (!rally.point) continue;
      lines.push_back({start, {rally.point->x, rally.point->y}, path_color});
    }
  }
  return lines;
}

Rgb health_color(float fraction) {
  const float f = std::clamp(fraction, 0.0f, 1.0f);
  // Red -> yellow over the lower half, yellow -> green over the upper half.
  const float red = f < 0.5f ? 1.0f : 1.0f - (f - 0.5f) * 2.0f;
  const float green = f < 0.5f ? f * 2.0f : 1.0f;
  return Rgb{static_cast<std::uint8_t>(std::lround(red * 230)), static_cast<std::uint8_t>(std::lround(green * 220)), 40};
}

std::vector<WorldQuad> unit_bars(const pysc2::RawView& raw, const WorldRect& view,
                                 float world_per_pixel) {
  const Rgb background{20, 20, 20};
  const float bar_height = kBarPixels * world_per_pixel;
  const float gap = world_per_pixel;
  std::vector<WorldQuad> quads;
  auto add_bar = [&](float left, float width, float& top, float fraction, Rgb color) {
    const float f = std::clamp(fraction, 0.0f, 1.0f);
    const float bottom = top - bar_height;
    quads.push_back({WorldRect{left - gap / 2, bottom - gap / 2, width + gap, bar_height + gap}, background});
    if (f > 0.0f) quads.push_back({WorldRect{left, bottom, width * f, bar_height}, color});
    top = bottom - gap;
  };
  for (const pysc2::RawUnit& unit : raw.units) {
    if (unit.alliance == pysc2::Alliance::neutral) continue;
    const float x = unit.pos.x, y = unit.pos.y, r = unit.radius;
    if (x + r < view.left || x - r > view.right() || y + r < view.bottom || y - r - 4 * bar_height > view.top()) continue;
    const float width = std::max(2.0f * r * 0.9f, kMinBarPixels * world_per_pixel);
    const float left = x - width / 2;
    float top = y - r - 1.5f * gap;
    if (unit.shield_max > 0) add_bar(left, width, top, unit.shield / unit.shield_max, Rgb{60, 140, 255});
    if (unit.health_max > 0) {
      const float fraction = unit.health / unit.health_max;
      add_bar(left, width, top, fraction, health_color(fraction));
    }
    if (unit.energy_max > 0) add_bar(left, width, top, unit.energy / unit.energy_max, Rgb{200, 90, 255});
    if (unit.has_build_progress && unit.build_progress < 1.0f) {
      add_bar(left, width, top, unit.build_progress, Rgb{235, 235, 235});
    }
  }
  return quads;
}

WorldRect zoomed_view(const WorldRect& area, float zoom, WorldPoint focus) {
  const float z = std::max(1.0f, zoom);
  WorldRect view{0, 0, area.width / z, area.height / z};
  view.left = std::clamp(focus.x - view.width / 2, area.left, area.right() - view.width);
  view.bottom = std::clamp(focus.y - view.height / 2, area.bottom, area.top() - view.height);
  return view;
}

}  // namespace sc2::render
