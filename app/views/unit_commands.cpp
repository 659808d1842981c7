#include "app/views/unit_commands.h"

#include <unordered_map>

#include "client/pysc2/actions.h"

namespace sc2::app {

namespace {

constexpr int kAttackGeneral = 3674;
constexpr int kMoveGeneral = 3794;

pysc2::RawFunctionType target_type(const pysc2::RawCommand& command) {
  return command.target_world      ? pysc2::RawFunctionType::raw_cmd_pt
         : command.target_unit_tag ? pysc2::RawFunctionType::raw_cmd_unit
                                   : pysc2::RawFunctionType::raw_cmd;
}

CommandKind kind_of(const pysc2::RawCommand& command) {
  const pysc2::RawFunctionSpec* function = pysc2::raw_function_for(command.ability_id, target_type(command));
  const int general = function && function->general_id ? function->general_id : command.ability_id;
  if (general == kAttackGeneral || command.ability_id == kAttackGeneral) return CommandKind::attack;
  if (general == kMoveGeneral || command.ability_id == kMoveGeneral) return CommandKind::move;
  return CommandKind::other;
}

}  // namespace

std::vector<CommandMark> command_marks(const pysc2::RawView& raw, const pysc2::LastUnitCommands& last,
                                       const render::WorldRect& view) {
  std::vector<CommandMark> marks;
  if (last.empty()) return marks;
  std::unordered_map<std::uint64_t, const pysc2::RawUnit*> by_tag;
  for (const pysc2::RawUnit& unit : raw.units) by_tag[unit.tag] = &unit;
  for (const pysc2::RawUnit& unit : raw.units) {
    const auto found = last.find(unit.tag);
    if (found == last.end()) continue;
    const float x = unit.pos.x, y = unit.pos.y, r = unit.radius;
    if (x + r < view.left || x - r > view.right() || y + r < view.bottom || y - r > view.top()) continue;
    const pysc2::RawCommand& command = found->second.command;
    CommandMark mark;
    mark.from = {x, y};
    mark.label_anchor = {x, y + r};
    mark.label = pysc2::short_name(command);
    mark.kind = kind_of(command);
    if (command.target_world) {
      mark.to = render::WorldPoint{command.target_world->x, command.target_world->y};
    } else if (command.target_unit_tag) {
      const auto target = by_tag.find(*command.target_unit_tag);
      if (target != by_tag.end()) mark.to = render::WorldPoint{target->second->pos.x, target->second->pos.y};
    }
    marks.push_back(std::move(mark));
  }
  return marks;
}

}  // namespace sc2::app
