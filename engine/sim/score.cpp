#include "engine/sim/score.h"

#include "engine/sim/add_ons.h"
#include "engine/sim/upgrades.h"
#include "engine/sim/world.h"

namespace sc2::engine {

float& CategoryValues::at(ScoreCategory c) {
  switch (c) {
    case ScoreCategory::Army: return army;
    case ScoreCategory::Economy: return economy;
    case ScoreCategory::Technology: return technology;
    case ScoreCategory::Upgrade: return upgrade;
    case ScoreCategory::None: break;
  }
  return none;
}

ScoreCategory score_category(const UnitTypeStats& type) {
  switch (type.role) {
    case UnitRole::Army: return ScoreCategory::Army;
    case UnitRole::Worker: return ScoreCategory::Economy;
    case UnitRole::Structure:
      // Supply, town halls and gas buildings are economy; the rest produce or research.
      if (type.id == unit_type::kCommandCenter || type.id == unit_type::kSupplyDepot ||
          type.id == unit_type::kRefinery) {
        return ScoreCategory::Economy;
      }
      return ScoreCategory::Technology;
    case UnitRole::Neutral:
    case UnitRole::Resource: break;
  }
  return ScoreCategory::None;
}

LiveScore live_score(const World& world, int player) {
  LiveScore s;
  const auto add_cost = [&](const UnitTypeStats& type) {
    const ScoreCategory c = score_category(type);
    s.used_minerals.at(c) += static_cast<float>(type.mineral_cost);
    s.used_vespene.at(c) += static_cast<float>(type.vespene_cost);
  };
  for (const Unit* u : world.units()) {
    if (u->owner != player) continue;
    const UnitTypeStats& type = *u->stats;
    s.food_used.at(score_category(type)) += type.food_required;
    add_cost(type);
    const float value = static_cast<float>(type.mineral_cost + type.vespene_cost);
    (type.role == UnitRole::Structure ? s.total_value_structures : s.total_value_units) += value;
    for (const TrainItem& item : u->production) {
      if (const UpgradeStats* research = find_upgrade(item.upgrade)) {
        s.used_minerals.at(ScoreCategory::Upgrade) += static_cast<float>(research->mineral_cost);
        s.used_vespene.at(ScoreCategory::Upgrade) += static_cast<float>(research->vespene_cost);
        continue;
      }
      if (is_add_on(item.unit_type)) continue;  // the add-on itself is already counted above
      if (const UnitTypeStats* queued = find_unit_type(item.unit_type)) {
        s.food_used.at(score_category(*queued)) += queued->food_required;
        add_cost(*queued);
      }
    }
  }
  for (std::uint32_t done : world.player(player).upgrades) {
    if (const UpgradeStats* research = find_upgrade(done)) {
      s.used_minerals.at(ScoreCategory::Upgrade) += static_cast<float>(research->mineral_cost);
      s.used_vespene.at(ScoreCategory::Upgrade) += static_cast<float>(research->vespene_cost);
    }
  }
  return s;
}

}  // namespace sc2::engine
