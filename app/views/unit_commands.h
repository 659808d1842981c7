#pragma once
// Each unit's last command, as an observer saw the player's raw commands echoed (watching a
// SMAC run: every agent commands its own unit), and the marks the World view draws for them:
// a line from the unit to its target and the command's name above the unit.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "client/pysc2/raw_command.h"
#include "client/pysc2/raw_view.h"
#include "render/world_scene.h"

namespace sc2::app {

// By unit tag: the last command given to that unit.
using LastUnitCommands = std::unordered_map<std::uint64_t, pysc2::EchoedRawCommand>;

// Records `seen` (in order: a later command to a unit replaces its earlier one) and forgets
// units that are no longer in `raw` (dead, or gone with the episode). A command's unit list
// is cut to the one unit it is kept for.
void note_unit_commands(LastUnitCommands& last, const std::vector<pysc2::EchoedRawCommand>& seen,
                        const pysc2::RawView& raw);

enum class CommandKind { attack, move, other };

struct CommandMark {
  render::WorldPoint from;               // the unit
  std::optional<render::WorldPoint> to;  // its target point, or its target unit while seen
  render::WorldPoint label_anchor;       // bottom centre of the name: just above the unit's disc
  std::string label;                     // e.g. "Attack", "Move", "Heal"
  CommandKind kind = CommandKind::other;
};

// Marks for the units in `view` that have a last command.
std::vector<CommandMark> command_marks(const pysc2::RawView& raw, const LastUnitCommands& last,
                                       const render::WorldRect& view);

// The short name of a command: the raw function's name without its target suffix, a specific
// ability's by its general's ("Attack_Attack_unit" -> "Attack"), else "ability N".
std::string command_name(const pysc2::RawCommand& command);

}  // namespace sc2::app
