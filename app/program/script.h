#pragma once
// Scripted input for automated GUI runs (sc2studio --script FILE): a small text format the
// UI plays back as mouse and key input, one command a line ('#' comments):
//   wait_game                        until the game is on screen
//   wait_frames N                    N UI frames
//   wait_loops N                     until the game advanced N loops (across restarts)
//   wait_available FUNCTION          until the observation offers this PySC2 function (its name,
//                                    e.g. Attack_screen): what a key or click needs, e.g. a
//                                    selection the game has taken
//   key CHORD                        a key press, e.g. "key F2", "key Ctrl+1"
//   click SURFACE TARGET [MODS]      left click; SURFACE world | minimap | screen/<layer> |
//                                    minimap/<layer> | raw/<layer> (that layer's image in the
//                                    Feature layers grid, scrolled into view; raw: TARGET X Y only)
//   right_click SURFACE TARGET [MODS]
//   hover SURFACE TARGET             move the pointer there, no button (what a tooltip shows)
//   leave_window                     the pointer leaves the window (SDL's window-leave event)
//   drag SURFACE X0 Y0 X1 Y1 [MODS]  left drag between two layer pixels
//   click_layer KEY                  left click the title of a feature layer in the grid
//                                    (KEY screen/<name>, minimap/<name> or raw/<name>): opens its inspector
//   wheel SURFACE X Y N              N mouse wheel notches (negative: away) over a layer pixel
//   seek LOOP                        replay mode: seek to this game loop and wait until shown
//   setting NAME VALUE               set a control of the settings panel (NAME screen | minimap
//                                    | map | opponent | map_file, the map-file field's text) as a person
//                                    would; "click_button settings/apply" applies
//   click_button NAME                left click a button the UI names (StudioUi::control_rect):
//                                    settings/apply, settings/restart, settings/map_file_use,
//                                    banner/restart, result/restart,
//                                    log/row/<N> (the Action log's row of call N, if in view)
//   kill_game                        kill the game server this app started (a lost connection)
//   freeze_game / thaw_game          stop (SIGSTOP) / continue (SIGCONT) the game servers this
//                                    app started: a server that hangs, then recovers
//   wait_failed                      until the session failed (the error banner shows)
//   wait_result                      until a melee game ended and its result shows
//   expect_size SURFACE W H          fail the script unless the observation's screen | minimap
//                                    layers are W x H
//   quit                             close the window
// TARGET is a layer pixel "X Y" or self | ally | neutral | enemy (the middle of those
// pixels on the surface's player_relative layer). MODS: shift, ctrl, alt (any of them).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/input/input_mapper.h"
#include "app/input/keymap.h"

namespace sc2::app {

enum class ScriptOp {
  wait_game, wait_frames, wait_loops, wait_available, key, click, right_click, drag, click_layer, wheel, seek,
  setting, click_button, kill_game, freeze_game, thaw_game, wait_failed, wait_result, expect_size, quit, hover,
  leave_window
};

struct ScriptCommand {
  ScriptOp op = ScriptOp::wait_frames;
  int line = 0;
  int count = 0;                    // wait_frames / wait_loops; wheel: notches; seek: the loop;
                                    // wait_available: the function's id
  std::string layer;                // click_layer, or a click / drag on a layer image: "<screen|minimap|raw>/<name>"
  std::string name;                 // setting: screen | minimap | map | opponent | map_file; click_button: the button;
                                    // wait_available: the function's name
  std::string value;                // setting: the value
  KeyChord chord;                   // key
  bool minimap = false;             // click / right_click / drag: the surface
  std::optional<int> relative;      // target = centroid of this player_relative value
  LayerPixel from;                  // target pixel, or the drag start
  LayerPixel to;                    // the drag end
  Modifiers modifiers;
};

struct ParsedScript {
  std::vector<ScriptCommand> commands;
  std::string error;  // "<file>:<line>: <what>"; commands empty then
};

ParsedScript parse_script(std::string_view text, const std::string& file_name);

}  // namespace sc2::app
