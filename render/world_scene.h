#pragma once
// What the world view shows, computed from the observation's raw units without any GL:
// the camera area, the unit discs in drawing order and the order paths of selected
// units (PySC2 human renderer, pysc2-human-renderer.md sections 3 and 9).
#include <cstdint>
#include <vector>

#include "client/pysc2/raw_view.h"
#include "render/palette.h"

namespace sc2::render {

// World coordinates: origin bottom-left, y up, map cells.
struct WorldPoint {
  float x = 0.0f;
  float y = 0.0f;
};

// Axis-aligned world rectangle.
struct WorldRect {
  float left = 0.0f;
  float bottom = 0.0f;
  float width = 0.0f;
  float height = 0.0f;
  float right() const { return left + width; }
  float top() const { return bottom + height; }
};

// The area the screen feature layers cover: camera_width across, the screen layers'
// aspect, centred on the camera.
WorldRect camera_area(WorldPoint camera, float camera_width, int screen_width, int screen_height);

// Screen-layer pixel coordinates (x right, y down, not floored) of a world point, and back
// (the inverse; pass a pixel centre, e.g. 3.5, to get that pixel's world centre).
WorldPoint world_to_screen(const WorldRect& area, WorldPoint world, int screen_width, int screen_height);
WorldPoint screen_to_world(const WorldRect& area, WorldPoint pixel, int screen_width, int screen_height);

struct UnitDisc {
  std::uint64_t tag = 0;
  WorldPoint center;
  float radius = 0.0f;
  Rgb fill;                   // owner colour (player_absolute), a third of it for placeholders;
                              // resources their kind's (render/resource_kind.h)
  Rgb core;                   // an inner disc: a geyser's vent, a gas building's vespene
  float core_fraction = 0;    // its radius over the disc's; 0 = none
  float fraction_damaged = 0; // (max - hp) / max, 0..1
  bool selected = false;
  bool facing_tick = false;   // draw the facing tick (units that can move)
  float facing = 0.0f;        // radians
};

// Units intersecting `area`, sorted as PySC2 draws them: lower z first, neutral below
// non-neutral (so a gas building covers its geyser), larger below smaller, then by tag.
// Mineral fields, vespene geysers and gas buildings look apart (render/resource_kind.h).
std::vector<UnitDisc> unit_discs(const pysc2::RawView& raw, const WorldRect& area);

struct WorldLine {
  WorldPoint from;
  WorldPoint to;
  Rgb color;
};

// Order paths of selected units: from the unit through each order's target point (or target
// unit's position), stopping at the first order without a target; plus lines to rally points.
std::vector<WorldLine> order_lines(const pysc2::RawView& raw);

// A filled rectangle in world units (status bars).
struct WorldQuad {
  WorldRect rect;
  Rgb color;
};

// Status bars stacked under each non-neutral unit in `view` (as the game shows them):
// shields (blue), health (green -> yellow -> red with the fraction left), energy (violet),
// then build progress (white) while build_progress < 1. Each bar is a dark background quad
// followed by its fill quad, kBarPixels target pixels high; at least kMinBarPixels wide so
// small units still show them. `world_per_pixel`: world units per target pixel.
inline constexpr float kBarPixels = 3.0f;
inline constexpr float kMinBarPixels = 14.0f;
std::vector<WorldQuad> unit_bars(const pysc2::RawView& raw, const WorldRect& view,
                                 float world_per_pixel);

// The health bar colour for a fraction left (1 green, 0.5 yellow, 0 red).
Rgb health_color(float fraction);

// A sub-rectangle of `area` zoomed in `zoom` times (>= 1) around `focus` (a world point),
// moved back inside `area` so the view never shows outside it.
WorldRect zoomed_view(const WorldRect& area, float zoom, WorldPoint focus);

}  // namespace sc2::render
