#pragma once
// score_details as the game keeps them for each player: running totals the simulation
// adds to every loop (idle time, damage) and on every death (killed / lost values), plus
// the values that follow from the live state (food, value of what exists now).
//
// Units of time: game loops (an idle SCV adds 1 per loop). The spec gives no unit for the
// idle times; loops are the simulation's own clock, documented in engine/README.md.
#include <cstdint>

namespace sc2::engine {

class World;
struct UnitTypeStats;

// CategoryScoreDetails columns: economy = town halls, supply, gas buildings, workers;
// technology = production structures (Barracks); army = combat units.
enum class ScoreCategory { None, Army, Economy, Technology, Upgrade };

struct CategoryValues {
  float none = 0.0f, army = 0.0f, economy = 0.0f, technology = 0.0f, upgrade = 0.0f;
  float& at(ScoreCategory c);
  float at(ScoreCategory c) const { return const_cast<CategoryValues*>(this)->at(c); }
  float sum() const { return none + army + economy + technology + upgrade; }
};

struct VitalValues {
  float life = 0.0f, shields = 0.0f, energy = 0.0f;
};

// Accumulated while the game runs (World::advance).
struct ScoreTotals {
  float idle_production_time = 0.0f;  // loops x finished production structures with an empty queue
  float idle_worker_time = 0.0f;      // loops x workers without orders
  float killed_value_units = 0.0f;    // minerals + vespene of enemy units this player killed
  float killed_value_structures = 0.0f;
  CategoryValues killed_minerals, killed_vespene;  // by the killed unit's category
  CategoryValues lost_minerals, lost_vespene;      // own units that died
  CategoryValues friendly_fire_minerals, friendly_fire_vespene;  // own units killed by own units
  VitalValues damage_dealt, damage_taken, healed;  // life removed from enemies / from own units
};

// The values that follow from the live state of the world.
struct LiveScore {
  CategoryValues food_used;               // own units and units queued in production
  CategoryValues used_minerals, used_vespene;  // cost of what exists now (in progress included)
  float total_value_units = 0.0f;         // minerals + vespene of own non-structures
  float total_value_structures = 0.0f;
};

ScoreCategory score_category(const UnitTypeStats& type);
LiveScore live_score(const World& world, int player);

}  // namespace sc2::engine
