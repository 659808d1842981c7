// FunctionCall validation and FunctionCall <-> Action proto translation
// (pysc2-action-mapping.md §1, §2 and §6).
#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"

namespace sc2::pysc2 {
namespace {

using SC2APIProtocol::Action;

std::string describe(const FunctionSpec& function) {
  return std::string(function.name) + " (id " + std::to_string(function.id) + ")";
}

std::string describe_values(const std::vector<int>& values) {
  std::ostringstream out;
  out << '[';
  for (std::size_t i = 0; i < values.size(); ++i) out << (i ? ", " : "") << values[i];
  out << ']';
  return out.str();
}

[[noreturn]] void reject(const FunctionSpec& function, const std::string& what) {
  throw std::invalid_argument("invalid call to " + describe(function) + ": " + what);
}

[[noreturn]] void reject_argument(const FunctionSpec& function, std::size_t index,
                                  const std::vector<int>& values, const std::string& what) {
  const ArgumentType& type = argument_type(function.args[index]);
  reject(function, "argument " + std::to_string(index + 1) + " '" + std::string(type.name) +
                       "' = " + describe_values(values) + " " + what);
}

const FunctionSpec& known_function(const FunctionCall& call) {
  const FunctionSpec* function = find_function(call.function);
  if (!function) {
    throw std::invalid_argument("invalid call: unknown function id " + std::to_string(call.function) +
                                " (valid ids are 0.." + std::to_string(kFunctionCount - 1) + ")");
  }
  return *function;
}

// Arity, value counts and enum/scalar ranges: everything that needs no resolution.
// PySC2 only rejects negative enum/scalar values; we also reject values >= size, which
// PySC2 would turn into an indexing error or send to the game unchecked.
const FunctionSpec& check_shape(const FunctionCall& call) {
  const FunctionSpec& function = known_function(call);
  if (call.arguments.size() != function.args.size()) {
    reject(function, "expected " + std::to_string(function.args.size()) + " argument(s), got " +
                         std::to_string(call.arguments.size()));
  }
  for (std::size_t i = 0; i < function.args.size(); ++i) {
    const ArgumentType& type = argument_type(function.args[i]);
    const std::vector<int>& values = call.arguments[i];
    if (type.is_point) {
      if (values.size() != 2) reject_argument(function, i, values, "must have exactly 2 values [x, y]");
    } else {
      if (values.size() != 1) reject_argument(function, i, values, "must have exactly 1 value");
      if (values[0] < 0 || values[0] >= type.size) {
        reject_argument(function, i, values, "is outside 0.." + std::to_string(type.size - 1));
      }
    }
  }
  return function;
}

void set_point(const std::vector<int>& values, SC2APIProtocol::PointI* point) {
  point->set_x(values[0]);
  point->set_y(values[1]);
}

std::vector<int> get_point(const SC2APIProtocol::PointI& point) { return {point.x(), point.y()}; }

FunctionCall make_call(int function, std::vector<std::vector<int>> arguments) {
  return FunctionCall{function, std::move(arguments)};
}

// The function of `type` for an echoed ability id; specific ids become general ones when
// specific actions are hidden (as the agent could only have used the general function).
FunctionCall ability_call(int ability_id, FunctionType type, bool hide_specific,
                          std::vector<std::vector<int>> arguments) {
  const std::vector<int>* candidates = &functions_for_ability(ability_id);
  if (candidates->empty()) return FunctionCall{};  // unknown ability: no_op, as PySC2
  if (hide_specific) {
    const int general_id = find_function(candidates->front())->general_id;
    if (general_id != 0) {
      ability_id = general_id;
      candidates = &functions_for_ability(general_id);
    }
  }
  for (int id : *candidates) {
    if (find_function(id)->type == type) return make_call(id, std::move(arguments));
  }
  throw std::runtime_error("no " + std::string(to_string(type)) + " function for ability id " +
                           std::to_string(ability_id) + " (echoed in ResponseObservation.actions)");
}

FunctionCall from_ui(const SC2APIProtocol::ActionUI& ui, bool hide_specific) {
  using UI = SC2APIProtocol::ActionUI;
  switch (ui.action_case()) {
    case UI::kControlGroup:
      return make_call(fn::select_control_group,
                       {{static_cast<int>(ui.control_group().action()) - 1},
                        {static_cast<int>(ui.control_group().control_group_index())}});
    case UI::kSelectArmy:
      return make_call(fn::select_army, {{ui.select_army().selection_add() ? 1 : 0}});
    case UI::kSelectWarpGates:
      return make_call(fn::select_warp_gates, {{ui.select_warp_gates().selection_add() ? 1 : 0}});
    case UI::kSelectLarva:
      return make_call(fn::select_larva, {});
    case UI::kSelectIdleWorker:
      return make_call(fn::select_idle_worker, {{static_cast<int>(ui.select_idle_worker().type()) - 1}});
    case UI::kMultiPanel:
      return make_call(fn::select_unit, {{static_cast<int>(ui.multi_panel().type()) - 1},
                                         {ui.multi_panel().unit_index()}});
    case UI::kCargoPanel:
      return make_call(fn::unload, {{ui.cargo_panel().unit_index()}});
    case UI::kProductionPanel:
      return make_call(fn::build_queue, {{ui.production_panel().unit_index()}});
    case UI::kToggleAutocast:
      return ability_call(ui.toggle_autocast().ability_id(), FunctionType::autocast, hide_specific, {});
    case UI::ACTION_NOT_SET:
      break;
  }
  return FunctionCall{};
}

FunctionCall from_spatial(const SC2APIProtocol::ActionSpatial& spatial, bool hide_specific) {
  using Spatial = SC2APIProtocol::ActionSpatial;
  switch (spatial.action_case()) {
    case Spatial::kCameraMove:
      return make_call(fn::move_camera, {get_point(spatial.camera_move().center_minimap())});
    case Spatial::kUnitSelectionPoint: {
      const auto& select = spatial.unit_selection_point();
      return make_call(fn::select_point, {{static_cast<int>(select.type()) - 1},
                                          get_point(select.selection_screen_coord())});
    }
    case Spatial::kUnitSelectionRect: {
      const auto& select = spatial.unit_selection_rect();
      if (select.selection_screen_coord_size() == 0) break;
      const auto& rect = select.selection_screen_coord(0);  // PySC2 reads the first only
      return make_call(fn::select_rect, {{select.selection_add() ? 1 : 0},
                                         get_point(rect.p0()), get_point(rect.p1())});
    }
    case Spatial::kUnitCommand: {
      const auto& command = spatial.unit_command();
      const int queued = command.queue_command() ? 1 : 0;
      if (command.has_target_screen_coord()) {
        return ability_call(command.ability_id(), FunctionType::cmd_screen, hide_specific,
                            {{queued}, get_point(command.target_screen_coord())});
      }
      if (command.has_target_minimap_coord()) {
        return ability_call(command.ability_id(), FunctionType::cmd_minimap, hide_specific,
                            {{queued}, get_point(command.target_minimap_coord())});
      }
      return ability_call(command.ability_id(), FunctionType::cmd_quick, hide_specific, {{queued}});
    }
    case Spatial::ACTION_NOT_SET:
      break;
  }
  return FunctionCall{};
}

}  // namespace

void validate(const FunctionCall& call, const ActionSpace& space, const std::vector<int>* available) {
  const FunctionSpec& function = known_function(call);
  if (available && std::find(available->begin(), available->end(), function.id) == available->end()) {
    reject(function, "not in available_actions " + describe_values(*available));
  }
  check_shape(call);
  for (std::size_t i = 0; i < function.args.size(); ++i) {
    const ArgumentType& type = argument_type(function.args[i]);
    if (!type.is_point) continue;
    const bool minimap = type.id == arg::minimap;
    const int width = minimap ? space.minimap_width : space.screen_width;
    const int height = minimap ? space.minimap_height : space.screen_height;
    const std::vector<int>& point = call.arguments[i];
    if (point[0] < 0 || point[0] >= width || point[1] < 0 || point[1] >= height) {
      reject_argument(function, i, point,
                      "is outside the " + std::string(minimap ? "minimap" : "screen") + " (x 0.." +
                          std::to_string(width - 1) + ", y 0.." + std::to_string(height - 1) + ")");
    }
  }
}

Action to_proto(const FunctionCall& call) {
  const FunctionSpec& function = check_shape(call);
  const auto& args = call.arguments;
  Action action;
  switch (function.type) {
    case FunctionType::no_op:
      break;
    case FunctionType::move_camera:
      set_point(args[0], action.mutable_action_feature_layer()->mutable_camera_move()->mutable_center_minimap());
      break;
    case FunctionType::select_point: {
      auto* select = action.mutable_action_feature_layer()->mutable_unit_selection_point();
      select->set_type(static_cast<SC2APIProtocol::ActionSpatialUnitSelectionPoint::Type>(args[0][0] + 1));
      set_point(args[1], select->mutable_selection_screen_coord());
      break;
    }
    case FunctionType::select_rect: {
      auto* select = action.mutable_action_feature_layer()->mutable_unit_selection_rect();
      auto* rect = select->add_selection_screen_coord();
      rect->mutable_p0()->set_x(std::min(args[1][0], args[2][0]));
      rect->mutable_p0()->set_y(std::min(args[1][1], args[2][1]));
      rect->mutable_p1()->set_x(std::max(args[1][0], args[2][0]));
      rect->mutable_p1()->set_y(std::max(args[1][1], args[2][1]));
      select->set_selection_add(args[0][0] != 0);
      break;
    }
    case FunctionType::select_unit: {
      auto* panel = action.mutable_action_ui()->mutable_multi_panel();
      panel->set_type(static_cast<SC2APIProtocol::ActionMultiPanel::Type>(args[0][0] + 1));
      panel->set_unit_index(args[1][0]);
      break;
    }
    case FunctionType::control_group: {
      auto* group = action.mutable_action_ui()->mutable_control_group();
      group->set_action(static_cast<SC2APIProtocol::ActionControlGroup::ControlGroupAction>(args[0][0] + 1));
      group->set_control_group_index(static_cast<std::uint32_t>(args[1][0]));
      break;
    }
    case FunctionType::select_idle_worker:
      action.mutable_action_ui()->mutable_select_idle_worker()->set_type(
          static_cast<SC2APIProtocol::ActionSelectIdleWorker::Type>(args[0][0] + 1));
      break;
    case FunctionType::select_army:
      action.mutable_action_ui()->mutable_select_army()->set_selection_add(args[0][0] != 0);
      break;
    case FunctionType::select_warp_gates:
      action.mutable_action_ui()->mutable_select_warp_gates()->set_selection_add(args[0][0] != 0);
      break;
    case FunctionType::select_larva:
      action.mutable_action_ui()->mutable_select_larva();  // presence is the signal
      break;
    case FunctionType::unload:
      action.mutable_action_ui()->mutable_cargo_panel()->set_unit_index(args[0][0]);
      break;
    case FunctionType::build_queue:
      action.mutable_action_ui()->mutable_production_panel()->set_unit_index(args[0][0]);
      break;
    case FunctionType::cmd_quick:
    case FunctionType::cmd_screen:
    case FunctionType::cmd_minimap: {
      auto* command = action.mutable_action_feature_layer()->mutable_unit_command();
      command->set_ability_id(function.ability_id);
      command->set_queue_command(args[0][0] != 0);  // written even when false
      if (function.type == FunctionType::cmd_screen) set_point(args[1], command->mutable_target_screen_coord());
      if (function.type == FunctionType::cmd_minimap) set_point(args[1], command->mutable_target_minimap_coord());
      break;
    }
    case FunctionType::autocast:
      action.mutable_action_ui()->mutable_toggle_autocast()->set_ability_id(function.ability_id);
      break;
  }
  return action;
}

FunctionCall from_proto(const Action& action, bool hide_specific) {
  if (action.has_action_ui()) return from_ui(action.action_ui(), hide_specific);
  if (action.has_action_feature_layer()) return from_spatial(action.action_feature_layer(), hide_specific);
  if (action.has_action_render()) return from_spatial(action.action_render(), hide_specific);
  return FunctionCall{};  // raw-only, chat-only or empty: nothing in the feature action space
}

}  // namespace sc2::pysc2
