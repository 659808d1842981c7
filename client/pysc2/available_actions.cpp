// available_actions: which function ids an observation offers (pysc2-action-mapping.md §5).
#include <set>
#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"

namespace sc2::pysc2 {
namespace {

bool allowed_for(FunctionType type, bool requires_point) {
  if (type == FunctionType::autocast) return true;  // offered whenever the ability is listed
  return requires_point ? (type == FunctionType::cmd_screen || type == FunctionType::cmd_minimap)
                        : type == FunctionType::cmd_quick;
}

void add_ui_functions(const SC2APIProtocol::Observation& observation, std::set<int>& ids) {
  for (int id : {fn::no_op, fn::move_camera, fn::select_point, fn::select_rect, fn::select_control_group}) {
    ids.insert(id);
  }
  const auto& player = observation.player_common();
  if (player.idle_worker_count() > 0) ids.insert(fn::select_idle_worker);
  if (player.army_count() > 0) ids.insert(fn::select_army);
  if (player.warp_gate_count() > 0) ids.insert(fn::select_warp_gates);
  if (player.larva_count() > 0) ids.insert(fn::select_larva);
  const auto& ui = observation.ui_data();
  if (ui.has_multi()) ids.insert(fn::select_unit);
  if (ui.has_cargo()) ids.insert(fn::unload);
  if (ui.has_production()) ids.insert(fn::build_queue);
}

// The general function of the same type as a specific one, if the table has it.
const FunctionSpec* general_of(const FunctionSpec& specific) {
  for (int id : functions_for_ability(specific.general_id)) {
    const FunctionSpec* general = find_function(id);
    if (general->type == specific.type) return general;
  }
  return nullptr;
}

}  // namespace

std::vector<int> available_actions(const SC2APIProtocol::Observation& observation, bool hide_specific) {
  std::set<int> ids;
  add_ui_functions(observation, ids);
  for (const auto& ability : observation.abilities()) {
    const std::vector<int>& candidates = functions_for_ability(ability.ability_id());
    if (candidates.empty()) continue;  // unknown to the table: PySC2 only logs it
    bool applicable = false;
    for (int id : candidates) {
      const FunctionSpec& function = *find_function(id);
      if (!allowed_for(function.type, ability.requires_point())) continue;
      applicable = true;
      if (function.general_id == 0 || !hide_specific) ids.insert(function.id);
      if (function.general_id != 0) {
        if (const FunctionSpec* general = general_of(function)) ids.insert(general->id);
      }
    }
    if (!applicable) {
      throw std::runtime_error("no function applies to ability id " + std::to_string(ability.ability_id()) +
                               " listed with requires_point=" +
                               (ability.requires_point() ? "true" : "false") +
                               " in Observation.abilities (the game lists an ability of the wrong kind)");
    }
  }
  return {ids.begin(), ids.end()};
}

}  // namespace sc2::pysc2
