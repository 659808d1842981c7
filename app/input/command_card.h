#pragma once
// The command card as pure logic: which PySC2 functions to offer now (grouped into UI,
// quick and targeted commands, with their keymap hotkeys), and the FunctionCalls that
// firing a quick command or clicking with an armed targeted command produce.
#include <string>
#include <vector>

#include "app/input/input_mapper.h"
#include "app/input/keymap.h"
#include "client/pysc2/function_call.h"

namespace sc2::app {

enum class CommandGroup { ui, quick, targeted };
const char* to_string(CommandGroup group);

struct CommandEntry {
  std::string name;  // UI function name ("select_army") or ability name ("Attack")
  CommandGroup group = CommandGroup::ui;
  int function = -1;     // ui: the function; quick: <name>_quick
  int screen_fn = -1;    // targeted: <name>_screen (-1 when none)
  int minimap_fn = -1;   // targeted: <name>_minimap (-1 when none)
  bool available = false;
  std::string hotkey;    // from the keymap (or the mouse gesture for UI functions)
};

// Every UI function (greyed when unavailable), every available quick/targeted command and
// every ability bound in the keymap (greyed when unavailable), in a stable order.
std::vector<CommandEntry> command_card(const std::vector<int>& available, const Keymap& keymap);

// The ability name of a cmd function ("Attack_screen" -> "Attack"); empty for others.
std::string ability_name(int function);

// A targeted command waiting for its target.
struct ArmedCommand {
  std::string name;
  int screen_fn = -1;
  int minimap_fn = -1;
  friend bool operator==(const ArmedCommand&, const ArmedCommand&) = default;
};
ArmedCommand arm(const CommandEntry& entry);

// Clicking `at` on a screen-type (minimap = false) or minimap-type surface with `armed`:
// <Ability>_screen / _minimap([queued = Shift], [x, y]), or a message when that variant does
// not exist or is not available.
MappedInput armed_click(const ArmedCommand& armed, bool minimap, LayerPixel at, bool shift,
                        const std::vector<int>& available);

// Firing a command card entry: quick -> <Ability>_quick([queued = Shift]); UI functions
// whose arguments are all enums -> the function with select/add (Shift) style defaults;
// anything else -> a message (targeted entries are armed by the caller instead).
MappedInput fire(const CommandEntry& entry, bool shift, const std::vector<int>& available);

}  // namespace sc2::app
