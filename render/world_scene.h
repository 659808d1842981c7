#pragma once
// What the world view shows, computed from raw observation data without any GL:
// the camera area, the unit discs in drawing order and the order paths of selected
// units (PySC2 human renderer, pysc2-human-renderer.md sections 3 and 9).
#include <cstdint>
#include <vector>

#include "render/palette.h"
#include "s2clientprotocol/raw.pb.h"

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
  Rgb fill;                   // owner colour (player_absolute), a third of it for placeholders
  float fraction_damaged = 0; // (max - hp) / max, 0..1
  bool selected = false;
  bool facing_tick = false;   // draw the facing tick (units that can move)
  float facing = 0.0f;        // radians
};

// Units intersecting `area`, sorted as PySC2 draws them: lower z first, neutral below
// non-neutral, larger below smaller, then by tag.
std::vector<UnitDisc> unit_discs(const SC2APIProtocol::ObservationRaw& raw, const WorldRect& area);

struct WorldLine {
  WorldPoint from;
  WorldPoint to;
  Rgb color;
};

// Order paths of selected units: from the unit through each order's target point (or target
// unit's position), stopping at the first order without a target; plus lines to rally points.
std::vector<WorldLine> order_lines(const SC2APIProtocol::ObservationRaw& raw);

}  // namespace sc2::render
