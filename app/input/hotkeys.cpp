#include "app/input/hotkeys.h"

#include <algorithm>
#include <cmath>

#include "client/pysc2/actions.h"

namespace sc2::app {

namespace {

bool contains(const std::vector<int>& ids, int id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }

std::string function_name(int id) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(id);
  return spec ? std::string(spec->name) : "fn#" + std::to_string(id);
}

HotkeyResult call_if_available(HotkeyResult result, pysc2::FunctionCall call, const HotkeyState& state) {
  if (contains(state.available, call.function)) {
    result.call = std::move(call);
  } else {
    result.message = function_name(call.function) + " is not available now";
  }
  return result;
}

int control_group_act(const KeyChord& pressed) {
  // PySC2's control_group_act: 0 recall, 1 set, 2 append, 3 set_and_steal, 4 append_and_steal.
  if (pressed.alt) return pressed.shift ? 4 : 3;
  if (pressed.ctrl) return 1;
  if (pressed.shift) return 2;
  return 0;
}

int select_worker_act(const KeyChord& pressed) {
  // select_worker: 0 set, 1 add, 2 all, 3 add_all.
  if (pressed.ctrl) return pressed.shift ? 3 : 2;
  return pressed.shift ? 1 : 0;
}

HotkeyResult camera_step(HotkeyResult result, int dx, int dy, const HotkeyState& state) {
  if (!state.camera) {
    result.message = "the camera position is not known yet";
    return result;
  }
  const int step = std::max(1, state.camera_step);
  const int x = std::clamp(state.camera->x + dx * step, 0, std::max(0, state.minimap_width - 1));
  const int y = std::clamp(state.camera->y + dy * step, 0, std::max(0, state.minimap_height - 1));
  return call_if_available(std::move(result), pysc2::FunctionCall{pysc2::fn::move_camera, {{x, y}}}, state);
}

}  // namespace

const char* to_string(UiCommand command) {
  switch (command) {
    case UiCommand::none: return "none";
    case UiCommand::cancel: return "cancel";
    case UiCommand::pause: return "pause";
    case UiCommand::step: return "step";
    case UiCommand::speed_up: return "speed_up";
    case UiCommand::speed_down: return "speed_down";
    case UiCommand::restart: return "restart";
    case UiCommand::save_replay: return "save_replay";
    case UiCommand::help: return "help";
    case UiCommand::screenshot: return "screenshot";
    case UiCommand::toggle_control: return "toggle_control";
    case UiCommand::quit: return "quit";
    case UiCommand::step_mul_up: return "step_mul_up";
    case UiCommand::step_mul_down: return "step_mul_down";
    case UiCommand::toggle_player_relative: return "toggle_player_relative";
    case UiCommand::toggle_render_sync: return "toggle_render_sync";
    case UiCommand::toggle_raw_actions: return "toggle_raw_actions";
    case UiCommand::toggle_rgb: return "toggle_rgb";
    case UiCommand::ui_zoom_in: return "ui_zoom_in";
    case UiCommand::ui_zoom_out: return "ui_zoom_out";
    case UiCommand::arm: return "arm";
  }
  return "?";
}

int camera_step_pixels(int minimap_width, int minimap_height, float map_width, float map_height) {
  constexpr double kStepWorld = 3.0;  // PySC2's viewer moves the camera 3 world units a press
  const double longest = std::max(map_width, map_height);
  if (longest <= 0.0) return 1;
  const double pixels_per_world = std::max(minimap_width, minimap_height) / longest;
  return std::max(1, static_cast<int>(std::lround(kStepWorld * pixels_per_world)));
}

std::optional<LayerPixel> camera_center(const pysc2::Layer& camera_layer) {
  if (camera_layer.empty()) return std::nullopt;
  int min_x = camera_layer.width, min_y = camera_layer.height, max_x = -1, max_y = -1;
  for (int y = 0; y < camera_layer.height; ++y) {
    for (int x = 0; x < camera_layer.width; ++x) {
      if (camera_layer.at(x, y) != 1) continue;
      min_x = std::min(min_x, x);
      max_x = std::max(max_x, x);
      min_y = std::min(min_y, y);
      max_y = std::max(max_y, y);
    }
  }
  if (max_x < 0) return std::nullopt;
  return LayerPixel{(min_x + max_x) / 2, (min_y + max_y) / 2};
}

std::vector<pysc2::FunctionCall> cancel_calls(const std::vector<int>& available) {
  std::vector<pysc2::FunctionCall> calls;
  for (const char* name : {"Cancel_quick", "Cancel_Last_quick"}) {
    const auto* spec = pysc2::find_function(name);
    if (spec && std::find(available.begin(), available.end(), spec->id) != available.end()) {
      calls.push_back(pysc2::FunctionCall{spec->id, {{0}}});
    }
  }
  return calls;
}

HotkeyResult map_hotkey(const Keymap& keymap, const KeyChord& pressed, const HotkeyState& state) {
  HotkeyResult result;
  result.action = keymap.action_for(pressed);
  const std::string& action = result.action;
  if (action.empty()) return result;

  if (action.starts_with("control_group_")) {
    const int group = action.back() - '0';
    return call_if_available(
        std::move(result), pysc2::FunctionCall{pysc2::fn::select_control_group, {{control_group_act(pressed)}, {group}}},
        state);
  }
  if (action == "select_idle_worker") {
    return call_if_available(
        std::move(result), pysc2::FunctionCall{pysc2::fn::select_idle_worker, {{select_worker_act(pressed)}}}, state);
  }
  if (action == "select_army") {
    return call_if_available(std::move(result),
                             pysc2::FunctionCall{pysc2::fn::select_army, {{pressed.shift ? 1 : 0}}}, state);
  }
  if (action == "select_larva_or_warp_gates") {
    if (contains(state.available, pysc2::fn::select_warp_gates)) {
      result.call = pysc2::FunctionCall{pysc2::fn::select_warp_gates, {{pressed.shift ? 1 : 0}}};
    } else if (contains(state.available, pysc2::fn::select_larva)) {
      result.call = pysc2::FunctionCall{pysc2::fn::select_larva, {}};
    } else {
      result.message = "there are no warp gates or larva to select";
    }
    return result;
  }
  if (action == "camera_left") return camera_step(std::move(result), -1, 0, state);
  if (action == "camera_right") return camera_step(std::move(result), 1, 0, state);
  if (action == "camera_up") return camera_step(std::move(result), 0, -1, state);
  if (action == "camera_down") return camera_step(std::move(result), 0, 1, state);

  if (action.starts_with("ability:")) {
    // Of the abilities on this key, the one available now: the quick variant fires, a
    // targeted one arms.
    std::string names;
    const std::vector<CommandEntry> card = command_card(state.available, keymap);
    for (const std::string& bound : keymap.actions_for(pressed)) {
      if (!bound.starts_with("ability:")) continue;
      const std::string name = bound.substr(8);
      for (const CommandEntry& entry : card) {
        if (entry.name != name || entry.group == CommandGroup::ui || !entry.available) continue;
        result.action = bound;
        if (entry.group == CommandGroup::quick) {
          result.call = pysc2::FunctionCall{entry.function, {{pressed.shift ? 1 : 0}}};
        } else {
          result.command = UiCommand::arm;
          result.armed = arm(entry);
        }
        return result;
      }
      names.insert(0, names.empty() ? name : name + " / ");
    }
    result.message = names + " is not available now";
    return result;
  }

  static const std::pair<std::string_view, UiCommand> kCommands[] = {
      {"cancel", UiCommand::cancel},         {"pause", UiCommand::pause},
      {"step", UiCommand::step},             {"speed_up", UiCommand::speed_up},
      {"speed_down", UiCommand::speed_down}, {"restart", UiCommand::restart},
      {"save_replay", UiCommand::save_replay}, {"help", UiCommand::help},
      {"screenshot", UiCommand::screenshot}, {"toggle_control", UiCommand::toggle_control},
      {"quit", UiCommand::quit}, {"step_mul_up", UiCommand::step_mul_up},
      {"step_mul_down", UiCommand::step_mul_down}, {"toggle_player_relative", UiCommand::toggle_player_relative},
      {"toggle_render_sync", UiCommand::toggle_render_sync}, {"toggle_raw_actions", UiCommand::toggle_raw_actions},
      {"toggle_rgb", UiCommand::toggle_rgb}, {"ui_zoom_in", UiCommand::ui_zoom_in}, {"ui_zoom_out", UiCommand::ui_zoom_out}};
  for (const auto& [name, command] : kCommands) {
    if (action == name) {
      result.command = command;
      return result;
    }
  }
  result.message = "no handler for " + action;
  return result;
}

}  // namespace sc2::app
