#pragma once
// Each unit's last raw command, as an observer sees the player's raw commands echoed
// (raw_command.h echoed_raw_commands): what sc2studio keeps while it watches a SMAC run.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "client/pysc2/raw_command.h"
#include "client/pysc2/raw_view.h"

namespace sc2::pysc2 {

// By unit tag: the last command given to that unit.
using LastUnitCommands = std::unordered_map<std::uint64_t, EchoedRawCommand>;

// Records `seen` (in order: a later command to a unit replaces its earlier one) and forgets
// units that are no longer in `raw` (dead, or gone with the episode). A command's unit list
// is cut to the one unit it is kept for; a bare selection (ability 0) is no command.
void note_unit_commands(LastUnitCommands& last, const std::vector<EchoedRawCommand>& seen, const RawView& raw);

}  // namespace sc2::pysc2
