#pragma once
// World view logic without GL or ImGui: the text labels drawn over units (type names,
// resources' remaining amounts), the image rectangle that keeps the FunctionCall pixel
// mapping correct at any zoom, and the click pixel that selects the unit under the mouse.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/input/input_mapper.h"
#include "client/pysc2/game_view.h"
#include "client/pysc2/raw_view.h"
#include "render/resource_kind.h"
#include "render/world_scene.h"

namespace sc2::app {

// An effect on the ground (the raw view's effects: storms, bile, scans, ...), one circle per
// position: PySC2's viewer draws them in the main view.
struct EffectCircle {
  render::WorldPoint centre;
  float radius = 0.0f;
  bool own = false;  // Self; others (enemy, neutral) are drawn in another colour
};
// The effects' circles that reach into `view`.
std::vector<EffectCircle> effect_circles(const pysc2::RawView& raw, const render::WorldRect& view);

struct UnitLabel {
  render::WorldPoint anchor;  // top centre of the text: just below the unit's disc
  std::string text;
  bool resource = false;  // a mineral / vespene amount (drawn brighter)
  bool vespene = false;   // a vespene amount (geyser or gas building): drawn in vespene's colour
};

// Labels for units in `view`: a resource's remaining mineral_contents / vespene_contents
// (always, they decide where workers go), and unit type names when `with_names` (the UI
// asks for names only when a unit is big enough on screen to carry one). A geyser under a gas
// building gets none: the building, drawn over it, has its own.
std::vector<UnitLabel> unit_labels(const pysc2::RawView& raw, const render::WorldRect& view, bool with_names);

// The kinds of resource (render/resource_kind.h) with a unit in `view`, in the order mineral
// field, vespene geyser, gas building: what the World view's legend names.
std::vector<render::ResourceKind> resource_kinds_in_view(const pysc2::RawView& raw, const render::WorldRect& view);

// The window rectangle where the whole camera area would be drawn when the widget at
// `widget` shows only `view` (a part of `camera`). Mapping mouse points through it with
// image_to_pixel gives the screen-layer pixel under the mouse at any zoom.
ImageRect camera_image_rect(const ImageRect& widget, const render::WorldRect& camera, const render::WorldRect& view);

// The world point under a window point of that camera image rectangle.
render::WorldPoint image_to_world(const ImageRect& camera_image, const render::WorldRect& camera, ScreenPoint mouse);

// What the game selects for select_point at a screen pixel, by the rule our engine uses
// (engine/server/action_interpreter.cpp): units whose disc reaches within half a pixel of
// the pixel centre; own units first, then the nearest centre. Returns the tag or 0.
std::uint64_t unit_selected_at(const pysc2::RawView& raw, const render::WorldRect& camera,
                               int screen_width, int screen_height, LayerPixel pixel);

// The screen pixel a click at `world` should use so that the unit drawn under the mouse is
// the one selected: the pixel under the mouse when that already selects it, otherwise the
// pixel holding the unit's centre (a click near the edge of a small disc can fall in a pixel
// whose centre is beyond the unit's reach). Without a unit under the mouse: the pixel under
// the mouse. The unit under the mouse is the one whose disc contains the point (own units
// first, then the nearest centre), as the game prefers.
LayerPixel click_pixel(const pysc2::RawView& raw, const render::WorldRect& camera, int screen_width,
                       int screen_height, render::WorldPoint world);

// Raw units whose disc touches a screen-layer pixel (layer inspector "units here").
std::vector<const pysc2::RawUnit*> units_at_screen_pixel(const pysc2::RawView& raw, const render::WorldRect& camera,
                                                         int screen_width, int screen_height, LayerPixel pixel);
// Raw units drawn at a minimap pixel: the pixel of their centre (PySC2's world -> minimap
// mapping, client/pysc2/pixel_mapping.h) is within their radius in minimap pixels
// (at least that one pixel). Empty when the game has no map size.
std::vector<const pysc2::RawUnit*> units_at_minimap_pixel(const pysc2::RawView& raw, const pysc2::GameView& game,
                                                          int minimap_width, int minimap_height, LayerPixel pixel);

// Raw units whose disc overlaps a map cell of the raw grids (start_raw, map_state): cell
// (x, y) is the world square [x, x + 1] x [y, y + 1] (those grids' row y is world row y).
std::vector<const pysc2::RawUnit*> units_at_map_cell(const pysc2::RawView& raw, LayerPixel cell);

// The game's start locations on the minimap (PySC2's viewer circles them, radius 5
// world units): pixel centres and the radius in minimap pixels. Empty without a map size.
struct MinimapCircle {
  LayerPixel centre;
  int radius = 0;
};
std::vector<MinimapCircle> start_location_circles(const pysc2::GameView& game, int minimap_width, int minimap_height);
// Sensor towers' radar rings (the raw view's radar) on the minimap, as PySC2's viewer draws them.
std::vector<MinimapCircle> radar_circles(const pysc2::RawView& raw, const pysc2::GameView& game, int minimap_width,
                                         int minimap_height);

}  // namespace sc2::app
