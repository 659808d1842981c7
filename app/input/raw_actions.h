#pragma once
// PySC2's viewer raw-action mode (its F12; here toggle_raw_actions): the gestures that pick
// units or a place on the screen become raw-interface commands with unit tags and world
// positions instead of spatial FunctionCalls. Pure logic: the FunctionCall a gesture made at
// screen-layer resolution + the observation's raw view -> the raw command.
//   select_point / select_rect -> raw_select(own units under the point (the topmost one) / in
//                                 the box); modifiers do not apply, as in PySC2's viewer
//   <Ability>_quick            -> the ability on the selected own units (queued as given)
//   <Ability>_screen           -> on the selected own units at the unit under the pixel (when
//                                 the ability has a unit-target raw function), else at the
//                                 pixel's world centre
// Every other call (camera, control groups, idle worker, army, minimap commands, ...) stays
// a FunctionCall. Abilities use their general id when they have one, as PySC2's viewer does.
#include <optional>
#include <string>

#include "client/pysc2/function_call.h"
#include "client/pysc2/raw_command.h"
#include "client/pysc2/raw_view.h"
#include "render/world_scene.h"

namespace sc2::app {

struct RawMapping {
  bool spatial = false;                      // the call stays a FunctionCall
  std::optional<pysc2::RawCommand> command;  // else the raw command, or
  std::string message;                       // why nothing is sent
};

// `camera`: the world area the screen layers show, screen_width x screen_height pixels.
RawMapping to_raw_command(const pysc2::FunctionCall& call, const pysc2::RawView& raw,
                          const render::WorldRect& camera, int screen_width, int screen_height);

}  // namespace sc2::app
