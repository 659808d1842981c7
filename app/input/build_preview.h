#pragma once
// The placement preview of an armed Build_<Structure> command (as PySC2's viewer shows one):
// the structure's footprint where the click would put it, and whether the terrain there is
// buildable. Pure geometry so it is tested without a window.
#include <optional>
#include <string_view>

#include "app/input/input_mapper.h"
#include "client/pysc2/observation.h"
#include "render/world_scene.h"

namespace sc2::app {

// Footprint in cells of the structure a Build_<Name> command places (sc2-game-data.tsv);
// nullopt for other commands.
struct Footprint {
  int width = 0;
  int height = 0;
};
std::optional<Footprint> build_footprint(std::string_view command_name);

struct BuildPreview {
  render::WorldRect rect;  // the footprint in world units
  bool buildable = false;  // every screen pixel it covers is buildable terrain
};

// The footprint for a click on screen pixel `pixel` of the screen layers covering `area`
// (the world point of the pixel's centre, snapped as the game snaps it: odd sizes centre on a
// cell's middle, even sizes on a cell corner). `buildable`: the screen "buildable" layer, or
// nullptr (then buildable is false). Structures and resources in the way: footprint_blocked.
BuildPreview build_preview(Footprint footprint, LayerPixel pixel, const render::WorldRect& area, int screen_width,
                           int screen_height, const pysc2::Layer* buildable);

// True when a structure or resource of `raw` (a unit with a radius of 1 or more: smaller ones
// are units that walk out of the way) reaches into `rect` by more than a tenth of a unit.
bool footprint_blocked(const render::WorldRect& rect, const pysc2::RawView& raw);

}  // namespace sc2::app
