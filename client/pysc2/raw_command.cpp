#include "client/pysc2/raw_command.h"

#include <cstdio>

#include "client/pysc2/actions.h"

namespace sc2::pysc2 {

SC2APIProtocol::Action to_action(const RawCommand& command) {
  SC2APIProtocol::Action action;
  auto* unit_command = action.mutable_action_raw()->mutable_unit_command();
  unit_command->set_ability_id(command.ability_id);
  if (command.queued) unit_command->set_queue_command(true);
  for (std::uint64_t tag : command.unit_tags) unit_command->add_unit_tags(tag);
  if (command.target_world) {
    unit_command->mutable_target_world_space_pos()->set_x(command.target_world->x);
    unit_command->mutable_target_world_space_pos()->set_y(command.target_world->y);
  } else if (command.target_unit_tag) {
    unit_command->set_target_unit_tag(*command.target_unit_tag);
  }
  return action;
}

std::vector<EchoedRawCommand> echoed_raw_commands(const SC2APIProtocol::ResponseObservation& response) {
  std::vector<EchoedRawCommand> commands;
  for (const SC2APIProtocol::Action& action : response.actions()) {
    if (!action.action_raw().has_unit_command()) continue;
    const auto& sent = action.action_raw().unit_command();
    EchoedRawCommand echoed;
    echoed.game_loop = action.game_loop();
    echoed.command.ability_id = sent.ability_id();
    echoed.command.queued = sent.queue_command();
    echoed.command.unit_tags.assign(sent.unit_tags().begin(), sent.unit_tags().end());
    if (sent.has_target_world_space_pos()) {
      echoed.command.target_world = WorldXY{sent.target_world_space_pos().x(), sent.target_world_space_pos().y()};
    } else if (sent.has_target_unit_tag()) {
      echoed.command.target_unit_tag = sent.target_unit_tag();
    }
    commands.push_back(std::move(echoed));
  }
  return commands;
}

namespace {

std::string tag_list(const std::vector<std::uint64_t>& tags) {
  std::string text = "[";
  for (std::size_t i = 0; i < tags.size(); ++i) text += (i ? ", " : "") + std::to_string(tags[i]);
  return text + "]";
}

}  // namespace

std::string short_name(const RawCommand& command) {
  const RawFunctionType type = command.target_world      ? RawFunctionType::raw_cmd_pt
                               : command.target_unit_tag ? RawFunctionType::raw_cmd_unit
                                                         : RawFunctionType::raw_cmd;
  const RawFunctionSpec* function = raw_function_for(command.ability_id, type);
  if (!function) return "ability " + std::to_string(command.ability_id);
  // A specific ability (SMAC sends Attack_Attack, 23) by its general's shorter name.
  if (function->general_id != 0) {
    if (const RawFunctionSpec* general = raw_function_for(function->general_id, type)) function = general;
  }
  std::string name(function->name);
  for (const std::string suffix : {"_pt", "_unit", "_quick"}) {
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      name.resize(name.size() - suffix.size());
      break;
    }
  }
  return name;
}

std::string to_string(const RawCommand& command) {
  if (command.ability_id == 0) return "raw_select(" + tag_list(command.unit_tags) + ")";
  const RawFunctionType type = command.target_world      ? RawFunctionType::raw_cmd_pt
                               : command.target_unit_tag ? RawFunctionType::raw_cmd_unit
                                                         : RawFunctionType::raw_cmd;
  const RawFunctionSpec* function = raw_function_for(command.ability_id, type);
  std::string text = function ? std::string(function->name) + "("
                              : "raw_cmd(ability " + std::to_string(command.ability_id) + ", ";
  text += command.queued ? "\"queued\", " : "\"now\", ";
  text += tag_list(command.unit_tags);
  if (command.target_world) {
    char point[64];
    std::snprintf(point, sizeof point, ", [%.1f, %.1f]", command.target_world->x, command.target_world->y);
    text += point;
  } else if (command.target_unit_tag) {
    text += ", " + std::to_string(*command.target_unit_tag);
  }
  return text + ")";
}

}  // namespace sc2::pysc2
