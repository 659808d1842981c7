#include "app/input/build_preview.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace sc2::app {

namespace {

// The structures the Terran worker can place in the spec's tables (sc2-game-data.tsv).
constexpr std::pair<std::string_view, Footprint> kFootprints[] = {
    {"Build_CommandCenter", {5, 5}},  {"Build_SupplyDepot", {2, 2}}, {"Build_Barracks", {3, 3}},
    {"Build_Refinery", {3, 3}},       {"Build_EngineeringBay", {3, 3}},
};

// A footprint's centre on one axis: odd sizes on a cell's middle, even sizes on a corner.
float snap_axis(float v, int size) { return size % 2 == 0 ? std::round(v) : std::floor(v) + 0.5f; }

}  // namespace

bool footprint_blocked(const render::WorldRect& rect, const pysc2::RawView& raw) {
  constexpr float kMinRadius = 1.0f;   // Marines, SCVs, Zerglings... are smaller
  constexpr float kTolerance = 0.1f;   // discs only touching the footprint's edge do not block
  for (const pysc2::RawUnit& unit : raw.units) {
    if (unit.radius < kMinRadius) continue;
    const float nearest_x = std::clamp(unit.pos.x, rect.left, rect.right());
    const float nearest_y = std::clamp(unit.pos.y, rect.bottom, rect.top());
    const float dx = unit.pos.x - nearest_x, dy = unit.pos.y - nearest_y;
    const float reach = unit.radius - kTolerance;
    if (dx * dx + dy * dy < reach * reach) return true;
  }
  return false;
}

std::optional<Footprint> build_footprint(std::string_view command_name) {
  for (const auto& [name, footprint] : kFootprints) {
    if (name == command_name) return footprint;
  }
  return std::nullopt;
}

BuildPreview build_preview(Footprint footprint, LayerPixel pixel, const render::WorldRect& area, int screen_width,
                           int screen_height, const pysc2::Layer* buildable) {
  BuildPreview preview;
  if (screen_width <= 0 || screen_height <= 0) return preview;
  const float cell_w = area.width / static_cast<float>(screen_width);
  const float cell_h = area.height / static_cast<float>(screen_height);
  const float x = snap_axis(area.left + (static_cast<float>(pixel.x) + 0.5f) * cell_w, footprint.width);
  const float y = snap_axis(area.top() - (static_cast<float>(pixel.y) + 0.5f) * cell_h, footprint.height);
  preview.rect = render::WorldRect{x - footprint.width * 0.5f, y - footprint.height * 0.5f,
                                   static_cast<float>(footprint.width), static_cast<float>(footprint.height)};
  if (buildable == nullptr || buildable->empty() || buildable->width != screen_width ||
      buildable->height != screen_height) {
    return preview;
  }
  // Every screen pixel whose centre lies inside the footprint must be buildable.
  preview.buildable = true;
  bool any = false;
  for (int py = 0; py < screen_height; ++py) {
    const float wy = area.top() - (static_cast<float>(py) + 0.5f) * cell_h;
    if (wy <= preview.rect.bottom || wy >= preview.rect.top()) continue;
    for (int px = 0; px < screen_width; ++px) {
      const float wx = area.left + (static_cast<float>(px) + 0.5f) * cell_w;
      if (wx <= preview.rect.left || wx >= preview.rect.right()) continue;
      any = true;
      if (buildable->at(px, py) == 0) preview.buildable = false;
    }
  }
  if (!any) preview.buildable = false;  // off the screen
  return preview;
}

}  // namespace sc2::app
