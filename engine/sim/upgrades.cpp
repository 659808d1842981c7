#include "engine/sim/upgrades.h"

#include <algorithm>

#include "engine/sim/abilities.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr UpgradeStats kUpgrades[] = {
    {upgrade::kTerranInfantryWeaponsLevel1, "TerranInfantryWeaponsLevel1", 100, 100, 2560,
     ability::kResearchTerranInfantryWeaponsLevel1},
};

bool infantry(std::uint32_t unit_type) {
  return unit_type == unit_type::kMarine || unit_type == unit_type::kReaper || unit_type == unit_type::kMarauder;
}

}  // namespace

std::span<const UpgradeStats> upgrade_table() { return kUpgrades; }

const UpgradeStats* find_upgrade(std::uint32_t id) {
  for (const UpgradeStats& u : kUpgrades) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

std::uint32_t upgrade_researched_by(std::uint32_t ability_id) {
  for (const UpgradeStats& u : kUpgrades) {
    if (u.research_ability == ability_id) return u.id;
  }
  return 0;
}

Price research_price(const UpgradeStats& upgrade) {
  return {static_cast<int>(upgrade.mineral_cost), static_cast<int>(upgrade.vespene_cost)};
}

bool has_upgrade(const World& world, int player, std::uint32_t id) {
  const auto& done = world.player(player).upgrades;
  return std::find(done.begin(), done.end(), id) != done.end();
}

bool researching(const World& world, int player, std::uint32_t id) {
  for (const Unit* u : world.units()) {
    if (u->owner != player) continue;
    for (const TrainItem& item : u->production) {
      if (item.upgrade == id) return true;
    }
  }
  return false;
}

Weapon upgraded_weapon(const World& world, const Unit& attacker) {
  Weapon weapon = *attacker.stats->weapon;
  if (attacker.owner <= 0 || attacker.owner >= kNeutralOwner || !infantry(attacker.type())) return weapon;
  if (has_upgrade(world, attacker.owner, upgrade::kTerranInfantryWeaponsLevel1)) {
    weapon.damage += 1.0f;
    if (weapon.bonus_attribute != 0) weapon.bonus_damage += 1.0f;
  }
  return weapon;
}

}  // namespace sc2::engine
