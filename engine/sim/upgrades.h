#pragma once
// Researched upgrades (issue 19): the table (cost, research time and ability from the real
// game's ResponseData in ../shared/fixtures) and what an upgrade changes in combat.
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/sim/economy.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine {

class World;
struct Unit;

namespace upgrade {
inline constexpr std::uint32_t kTerranInfantryWeaponsLevel1 = 7;
}  // namespace upgrade

struct UpgradeStats {
  std::uint32_t id = 0;
  std::string_view name;
  std::uint32_t mineral_cost = 0;
  std::uint32_t vespene_cost = 0;
  std::uint32_t research_time_loops = 0;  // Normal-speed loops, as UpgradeData.research_time
  std::uint32_t research_ability = 0;
};

std::span<const UpgradeStats> upgrade_table();
const UpgradeStats* find_upgrade(std::uint32_t id);
// The upgrade a Research_* ability researches (652 -> TerranInfantryWeaponsLevel1), 0 otherwise.
std::uint32_t upgrade_researched_by(std::uint32_t ability_id);
// What researching it costs.
Price research_price(const UpgradeStats& upgrade);

// Whether `player` has finished researching `id`.
bool has_upgrade(const World& world, int player, std::uint32_t id);
// Whether any of `player`'s structures is researching `id` now.
bool researching(const World& world, int player, std::uint32_t id);

// `attacker`'s weapon (it must have one) as its owner's upgrades leave it: Infantry Weapons
// Level 1 gives the Marine, Reaper and Marauder +1 damage per attack, and the Marauder's
// bonus against Armored +1 too, as the game does.
Weapon upgraded_weapon(const World& world, const Unit& attacker);

}  // namespace sc2::engine
