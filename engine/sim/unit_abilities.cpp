#include "engine/sim/unit_abilities.h"

#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/production.h"
#include "engine/sim/upgrades.h"
#include "engine/sim/world.h"

namespace sc2::engine {

std::vector<std::uint32_t> card_abilities(const World& world, const Unit& unit) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t id : unit.stats->abilities) {
    if (world.ability_allowed(unit.type(), id)) out.push_back(id);
  }
  return out;
}

std::vector<std::uint32_t> available_abilities(const World& world, const Unit& unit, bool affordable_only,
                                               SupplyCount* supply) {
  if (unit.under_construction) return {ability::kCancelBuildInProgress};
  std::vector<std::uint32_t> out;
  for (std::uint32_t id : unit.stats->abilities) {
    if (!world.ability_allowed(unit.type(), id)) continue;
    if (id == ability::kHarvestReturnScv && !unit.carrying()) continue;
    if (id == ability::kCancelQueue5 && unit.production.empty()) continue;
    const std::uint32_t built = structure_built_by(id);
    const std::uint32_t trained = unit_trained_by(id);
    const std::uint32_t add_on = add_on_built_by(id);
    const std::uint32_t researched = upgrade_researched_by(id);
    if (built != 0) {
      const std::uint32_t needs = find_unit_type(built)->tech_requirement;
      if (needs != 0 && !has_finished_structure(world, unit.owner, needs)) continue;
    }
    if (trained != 0 && !tech_requirement_met(world, unit, trained)) continue;
    if (add_on != 0 && !can_start_add_on(world, unit)) continue;
    if (researched != 0 &&
        (has_upgrade(world, unit.owner, researched) || researching(world, unit.owner, researched))) {
      continue;
    }
    if (affordable_only) {
      if (built != 0 && check_cost(world, unit.owner, built, false) != CommandOutcome::Done) continue;
      if (trained != 0 && check_cost(world, unit.owner, trained, true, supply) != CommandOutcome::Done) continue;
      if (add_on != 0 && check_cost(world, unit.owner, add_on, false) != CommandOutcome::Done) continue;
      if (const UpgradeStats* u = find_upgrade(researched);
          u != nullptr && check_price(world, unit.owner, research_price(*u)) != CommandOutcome::Done) {
        continue;
      }
    }
    out.push_back(id);
  }
  return out;
}

}  // namespace sc2::engine
