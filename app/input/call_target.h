#pragma once
// Where a FunctionCall points, for drawing it on the views: the screen or minimap pixel of its
// point arguments, or the two corners of a select_rect. Pure logic (no ImGui) so it is tested.
#include <optional>

#include "app/input/input_mapper.h"
#include "client/pysc2/function_call.h"

namespace sc2::app {

enum class TargetKind { screen_point, minimap_point, screen_rect };

struct CallTarget {
  TargetKind kind = TargetKind::screen_point;
  LayerPixel at;      // the point, or the rectangle's first corner
  LayerPixel corner;  // screen_rect: the opposite corner (screen2)
};

// nullopt for calls without a point (no_op, select_army, *_quick, ...), unknown ids and
// malformed arguments (a point without two values).
std::optional<CallTarget> call_target(const pysc2::FunctionCall& call);

}  // namespace sc2::app
