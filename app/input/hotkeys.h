#pragma once
// Key presses -> PySC2 FunctionCalls or UI commands, as pure logic (keymap + pressed chord
// + the game's current state). The modifiers of control groups, F1 and F2 are built in:
//   control_group_N:    N recall, Ctrl set, Shift append, Alt set and steal, Alt+Shift append and steal
//   select_idle_worker: set, Ctrl all, Shift add, Ctrl+Shift add all
//   select_army:        select, Shift add
//   select_larva_or_warp_gates: select_warp_gates (Shift add) when there are warp gates,
//                       else select_larva (PySC2's F3; no race has both)
//   camera_*:           move_camera by camera_step minimap pixels from the camera's centre
//   ability:<Name>:     <Name>_quick([queued = Shift]) now, or arm <Name>_screen/_minimap
// Functions not in available_actions are not produced: the result carries a message instead.
#include <optional>
#include <string>
#include <vector>

#include "app/input/command_card.h"
#include "app/input/input_mapper.h"
#include "app/input/keymap.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

enum class UiCommand {
  none, cancel, pause, step, speed_up, speed_down, restart, save_replay, help, screenshot, toggle_control, quit, step_mul_up, step_mul_down,
  toggle_player_relative, toggle_render_sync, toggle_raw_actions, toggle_rgb, ui_zoom_in,
  ui_zoom_out, arm
};
const char* to_string(UiCommand command);

struct HotkeyState {
  std::vector<int> available;
  std::optional<LayerPixel> camera;  // camera centre in minimap pixels, when known
  int minimap_width = 64;
  int minimap_height = 64;
  int camera_step = 1;  // minimap pixels an arrow key moves the camera (camera_step_pixels)
};

// How many minimap pixels make PySC2's viewer's arrow-key step of 3 world units: the minimap
// spans the map's longer side; at least 1 (a smaller step would not move the camera).
int camera_step_pixels(int minimap_width, int minimap_height, float map_width, float map_height);

struct HotkeyResult {
  std::string action;  // the keymap action the chord matched; empty when the key is unbound
  std::optional<pysc2::FunctionCall> call;
  UiCommand command = UiCommand::none;
  std::optional<ArmedCommand> armed;  // with UiCommand::arm
  std::string message;                // why nothing was sent
};

HotkeyResult map_hotkey(const Keymap& keymap, const KeyChord& pressed, const HotkeyState& state);

// The cancel key with no command awaiting a target: the game's cancel commands the selection
// can do now (Cancel_quick, Cancel_Last_quick), each as a quick command, as PySC2's viewer
// sends them on Escape.
std::vector<pysc2::FunctionCall> cancel_calls(const std::vector<int>& available);

// The centre of the camera rectangle on the minimap "camera" layer (pixels equal to 1),
// rounded down; nullopt when the layer is empty or has no camera pixel.
std::optional<LayerPixel> camera_center(const pysc2::Layer& camera_layer);

}  // namespace sc2::app
