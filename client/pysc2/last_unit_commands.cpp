#include "client/pysc2/last_unit_commands.h"

#include <unordered_set>

namespace sc2::pysc2 {

void note_unit_commands(LastUnitCommands& last, const std::vector<EchoedRawCommand>& seen, const RawView& raw) {
  for (const EchoedRawCommand& echoed : seen) {
    if (echoed.command.ability_id == 0) continue;  // only a selection
    for (std::uint64_t tag : echoed.command.unit_tags) {
      EchoedRawCommand mine = echoed;
      mine.command.unit_tags = {tag};
      last[tag] = std::move(mine);
    }
  }
  std::unordered_set<std::uint64_t> present;
  for (const RawUnit& unit : raw.units) present.insert(unit.tag);
  std::erase_if(last, [&](const auto& entry) { return !present.contains(entry.first); });
}

}  // namespace sc2::pysc2
