#pragma once
// The marks the World view draws for each unit's last raw command (watching a SMAC run: every
// agent commands its own unit; client/pysc2/last_unit_commands.h keeps them): a line from the
// unit to its target and the command's name above the unit.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "client/pysc2/last_unit_commands.h"
#include "client/pysc2/raw_view.h"
#include "render/world_scene.h"

namespace sc2::app {

enum class CommandKind { attack, move, other };

struct CommandMark {
  render::WorldPoint from;               // the unit
  std::optional<render::WorldPoint> to;  // its target point, or its target unit while seen
  render::WorldPoint label_anchor;       // bottom centre of the name: just above the unit's disc
  std::string label;                     // pysc2::short_name: "Attack", "Move", "Effect_Heal"
  CommandKind kind = CommandKind::other;
};

// Marks for the units in `view` that have a last command.
std::vector<CommandMark> command_marks(const pysc2::RawView& raw, const pysc2::LastUnitCommands& last,
                                       const render::WorldRect& view);

}  // namespace sc2::app
