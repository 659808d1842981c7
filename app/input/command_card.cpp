#include "app/input/command_card.h"

#include <algorithm>

#include "client/pysc2/actions.h"

namespace sc2::app {

namespace {

bool contains(const std::vector<int>& ids, int id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }

int function_id(const std::string& name) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(name);
  return spec ? spec->id : -1;
}

std::string function_name(int id) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(id);
  return spec ? std::string(spec->name) : "fn#" + std::to_string(id);
}

// Hotkeys of the UI functions that come from the mouse or from several keymap actions.
std::string ui_hotkey(int function, const Keymap& keymap) {
  switch (function) {
    case pysc2::fn::move_camera: {
      const std::string keys = keymap.keys_for("camera_left");
      return keys.empty() ? "minimap" : "minimap, arrows";
    }
    case pysc2::fn::select_point: return "left click";
    case pysc2::fn::select_rect: return "left drag";
    case pysc2::fn::select_control_group: {
      const std::string key = keymap.keys_for("control_group_0");
      return key.empty() ? "" : "0-9";
    }
    case pysc2::fn::select_unit: return "Selection";
    case pysc2::fn::build_queue: return "Selection";
    case pysc2::fn::select_idle_worker: return keymap.keys_for("select_idle_worker");
    case pysc2::fn::select_army: return keymap.keys_for("select_army");
    case pysc2::fn::select_warp_gates:
    case pysc2::fn::select_larva: return keymap.keys_for("select_larva_or_warp_gates");
    default: return "";
  }
}

}  // namespace

const char* to_string(CommandGroup group) {
  switch (group) {
    case CommandGroup::ui: return "UI";
    case CommandGroup::quick: return "Quick";
    case CommandGroup::targeted: return "Targeted";
  }
  return "?";
}

std::string ability_name(int function) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(function);
  if (!spec) return {};
  const std::string name(spec->name);
  for (const std::string suffix : {"_quick", "_screen", "_minimap", "_autocast"}) {
    if (name.size() > suffix.size() && name.ends_with(suffix)) return name.substr(0, name.size() - suffix.size());
  }
  return {};
}

std::vector<CommandEntry> command_card(const std::vector<int>& available, const Keymap& keymap) {
  std::vector<CommandEntry> card;
  for (int id = pysc2::fn::move_camera; id <= pysc2::fn::build_queue; ++id) {
    CommandEntry entry;
    entry.name = function_name(id);
    entry.group = CommandGroup::ui;
    entry.function = id;
    entry.available = contains(available, id);
    entry.hotkey = ui_hotkey(id, keymap);
    card.push_back(entry);
  }
  // Abilities: those available now, then those bound in the keymap.
  std::vector<std::string> abilities;
  for (int id : available) {
    const std::string name = ability_name(id);
    if (!name.empty() && std::find(abilities.begin(), abilities.end(), name) == abilities.end()) {
      abilities.push_back(name);
    }
  }
  std::sort(abilities.begin(), abilities.end());
  std::vector<std::string> bound;
  for (const KeyBinding& binding : keymap.bindings()) {
    if (!binding.action.starts_with("ability:")) continue;
    const std::string name = binding.action.substr(8);
    if (std::find(abilities.begin(), abilities.end(), name) == abilities.end() &&
        std::find(bound.begin(), bound.end(), name) == bound.end()) {
      bound.push_back(name);
    }
  }
  abilities.insert(abilities.end(), bound.begin(), bound.end());
  for (const std::string& name : abilities) {
    const int quick = function_id(name + "_quick");
    const int screen = function_id(name + "_screen");
    const int minimap = function_id(name + "_minimap");
    const std::string hotkey = keymap.keys_for("ability:" + name);
    if (quick >= 0) {
      card.push_back(CommandEntry{name, CommandGroup::quick, quick, -1, -1, contains(available, quick), hotkey});
    }
    if (screen >= 0 || minimap >= 0) {
      CommandEntry entry{name, CommandGroup::targeted, -1, screen, minimap, false, hotkey};
      entry.available = (screen >= 0 && contains(available, screen)) || (minimap >= 0 && contains(available, minimap));
      card.push_back(entry);
    }
  }
  std::stable_sort(card.begin(), card.end(),
                   [](const CommandEntry& a, const CommandEntry& b) { return a.group < b.group; });
  return card;
}

ArmedCommand arm(const CommandEntry& entry) { return ArmedCommand{entry.name, entry.screen_fn, entry.minimap_fn}; }

MappedInput armed_click(const ArmedCommand& armed, bool minimap, LayerPixel at, bool shift,
                        const std::vector<int>& available) {
  const int function = minimap ? armed.minimap_fn : armed.screen_fn;
  const char* variant = minimap ? "_minimap" : "_screen";
  if (function < 0) return MappedInput{std::nullopt, armed.name + variant + " does not exist"};
  if (!contains(available, function)) return MappedInput{std::nullopt, function_name(function) + " is not available now"};
  return MappedInput{pysc2::FunctionCall{function, {{shift ? 1 : 0}, {at.x, at.y}}}, {}};
}

MappedInput fire(const CommandEntry& entry, bool shift, const std::vector<int>& available) {
  if (entry.group == CommandGroup::targeted) return MappedInput{std::nullopt, entry.name + " needs a target: click the world"};
  if (!contains(available, entry.function)) {
    return MappedInput{std::nullopt, function_name(entry.function) + " is not available now"};
  }
  if (entry.group == CommandGroup::quick) return MappedInput{pysc2::FunctionCall{entry.function, {{shift ? 1 : 0}}}, {}};
  const pysc2::FunctionSpec* spec = pysc2::find_function(entry.function);
  pysc2::FunctionCall call{entry.function, {}};
  for (int arg : spec->args) {
    const pysc2::ArgumentType& type = pysc2::argument_type(arg);
    if (type.is_point || arg == pysc2::arg::select_unit_id || arg == pysc2::arg::build_queue_id ||
        arg == pysc2::arg::unload_id || arg == pysc2::arg::control_group_id) {
      return MappedInput{std::nullopt, entry.name + " needs " + std::string(type.name) + ": use " +
                                           (entry.hotkey.empty() ? "its panel" : entry.hotkey)};
    }
    // select_add / select_worker / queued: Shift means "add" (value 1).
    call.arguments.push_back({shift && type.size > 1 ? 1 : 0});
  }
  return MappedInput{call, {}};
}

}  // namespace sc2::app
