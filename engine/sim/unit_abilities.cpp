#include "engine/sim/unit_abilities.h"

#include <algorithm>

#include "engine/sim/abilities.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/production.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

bool has_finished(const World& world, int player, std::uint32_t type) {
  for (const Unit* u : world.units()) {
    if (u->owner == player && u->type() == type && u->complete()) return true;
  }
  return false;
}

bool allowed_by_map(const World& world, std::uint32_t id) {
  const auto& allowed = world.allowed_abilities();
  return allowed.empty() || std::find(allowed.begin(), allowed.end(), id) != allowed.end();
}

}  // namespace

std::vector<std::uint32_t> available_abilities(const World& world, const Unit& unit, bool affordable_only) {
  if (unit.under_construction) return {ability::kCancelBuildInProgress};
  std::vector<std::uint32_t> out;
  for (std::uint32_t id : unit.stats->abilities) {
    if (!allowed_by_map(world, id)) continue;
    if (id == ability::kHarvestReturnScv && !unit.carrying()) continue;
    if (id == ability::kCancelQueue5 && unit.production.empty()) continue;
    if (id == ability::kBuildBarracks && !has_finished(world, unit.owner, unit_type::kSupplyDepot)) continue;
    if (affordable_only) {
      const std::uint32_t built = structure_built_by(id);
      const std::uint32_t trained = unit_trained_by(id);
      if (built != 0 && check_cost(world, unit.owner, built, false) != CommandOutcome::Done) continue;
      if (trained != 0 && check_cost(world, unit.owner, trained, true) != CommandOutcome::Done) continue;
    }
    out.push_back(id);
  }
  return out;
}

}  // namespace sc2::engine
