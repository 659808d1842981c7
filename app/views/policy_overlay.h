#pragma once
// What the UI draws of a learned agent's policy, as pure logic (no GL, no ImGui): the spatial
// argument's heat-map (which argument, normalised), where each screen pixel lands in the World
// view and on the minimap, the colour ramp, and the most likely function ids. Issue 17, "see
// what it thinks"; the panels are app/ui/panels_policy.cpp.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "agents/policy_view.h"
#include "app/input/input_mapper.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/game_view.h"
#include "render/world_scene.h"

namespace sc2::app {

// Which spatial argument the heat-map shows (the Agent panel's choice).
enum class HeatArgument { automatic, screen, minimap, screen2 };
const char* to_string(HeatArgument argument);

// The PySC2 argument type id (pysc2::arg::screen, minimap, screen2) to show: the one chosen,
// or with `automatic` the first spatial argument of the call the agent sent (screen when it
// has none, e.g. no_op or select_army).
int heat_argument_type(HeatArgument choice, const pysc2::FunctionCall& chosen);
bool is_minimap_argument(int argument_type);

// A spatial argument's distribution over its surface's pixels: row-major, row 0 at the top,
// summing to one.
struct HeatMap {
  int argument_type = 0;
  int width = 0;
  int height = 0;
  std::vector<float> probabilities;
  float peak = 0.0f;     // the largest probability
  LayerPixel peak_at;    // where it is (the first such pixel, row by row)
  // The probability drawn hottest: the peak, but at least kHotOverUniform times a uniform
  // distribution's, so that a policy with no idea where to point (nearly uniform) is drawn
  // faint instead of hot all over.
  float hot = 0.0f;
  bool empty() const { return probabilities.empty(); }
  float at(LayerPixel pixel) const;  // 0 outside
};

// The view's distribution for that argument type (agents::heat_map: the pixel distribution or
// the product of the x and y ones), normalised to sum to one. Empty when the view has none for
// it, or when it is malformed (size not width x height, negative, not finite, all zero).
HeatMap policy_heat_map(const agents::PolicyView& view, int argument_type);

// Where a screen-layer pixel is drawn when `camera_image` is the window rectangle the whole
// camera area covers (world_view_logic.h camera_image_rect: the World view at any zoom, or a
// screen layer's image, where it is the image itself).
ImageRect screen_pixel_rect(const ImageRect& camera_image, int screen_width, int screen_height, LayerPixel pixel);

// The minimap pixel holding the world point at the centre of a screen pixel, with the camera
// showing `camera_area` (render::camera_area) and PySC2's world -> minimap mapping
// (client/pysc2/pixel_mapping.h); none when it falls off the map or the game has no map size.
std::optional<LayerPixel> screen_pixel_on_minimap(const render::WorldRect& camera_area, int screen_width,
                                                  int screen_height, LayerPixel pixel, const pysc2::GameView& game,
                                                  int minimap_width, int minimap_height);

// A screen heat-map carried onto the minimap: each screen pixel's probability added to the
// minimap pixel it lands on (screen_pixel_on_minimap), so the camera's part of the map glows
// where the agent would point on the screen. Sums to the mass that lands on the map (one when
// the camera is inside it). Empty when nothing lands.
HeatMap screen_heat_on_minimap(const HeatMap& screen, const render::WorldRect& camera_area, const pysc2::GameView& game,
                               int minimap_width, int minimap_height);

// The colour ramp over a layer: `relative` = probability / the map's `hot`, 0..1. Transparent
// below 2% of it (most of the layer stays as it is), then dark red -> orange -> pale yellow,
// opacity growing with it but never whole (at most 70%), so the layer under the hottest pixel
// still shows through.
struct HeatColour {
  std::uint8_t r = 0, g = 0, b = 0, a = 0;
};
HeatColour heat_colour(float relative);
inline constexpr float kHeatThreshold = 0.02f;
inline constexpr std::uint8_t kHeatMaxAlpha = 178;  // 70%
inline constexpr float kHotOverUniform = 16.0f;

// The heat-map as RGBA bytes (4 per pixel, row 0 first) through heat_colour(p / hot): a texture.
std::vector<std::uint8_t> heat_rgba(const HeatMap& heat);

// The function ids the policy thought most likely, most likely first (ties: lower id), at
// most `count` with a probability above zero; the call the agent sent is marked, and added at
// the end when it is not among them.
struct FunctionChoice {
  int function = 0;
  float probability = 0.0f;
  bool chosen = false;
};
std::vector<FunctionChoice> top_functions(const agents::PolicyView& view, std::size_t count);

}  // namespace sc2::app
