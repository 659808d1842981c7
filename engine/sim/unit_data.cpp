#include "engine/sim/unit_data.h"

#include "engine/sim/abilities.h"

namespace sc2::engine {

namespace {

constexpr float kLoopsPerNormalSecond = 16.0f;

UnitTypeStats marine() {
  UnitTypeStats s;
  s.id = unit_type::kMarine;
  s.name = "Marine";
  s.race = 1;  // Terran
  s.role = UnitRole::Army;
  s.health_max = 45.0f;
  s.armor = 0.0f;
  s.movement_speed = 2.25f;
  s.radius = 0.375f;
  s.sight_range = 9.0f;
  s.food_required = 1.0f;
  s.mineral_cost = 50;
  s.build_time_loops = 400;
  s.built_by_ability = 560;
  s.cargo_size = 1;
  s.attributes = {1, 3};  // Light, Biological
  s.abilities = {ability::kSmart, ability::kStopStop, ability::kMoveMove, ability::kPatrolPatrol,
                 ability::kHoldPositionHold, ability::kAttackAttack};
  return s;
}

// The beacon has no stats in the game data; its radius is our choice (see move_to_beacon.cpp).
UnitTypeStats beacon() {
  UnitTypeStats s;
  s.id = unit_type::kBeacon;
  s.name = "Beacon_Terran";
  s.race = 0;  // NoRace
  s.role = UnitRole::Neutral;
  s.radius = 1.0f;
  return s;
}

std::vector<UnitTypeStats> build_table() {
  std::vector<UnitTypeStats> table = {marine(), beacon()};
  for (auto& s : table) s.speed_per_loop = s.movement_speed / kLoopsPerNormalSecond;
  return table;
}

const std::vector<UnitTypeStats>& table() {
  static const std::vector<UnitTypeStats> instance = build_table();
  return instance;
}

}  // namespace

std::span<const UnitTypeStats> unit_type_table() { return table(); }

const UnitTypeStats* find_unit_type(std::uint32_t id) {
  for (const auto& s : table()) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

}  // namespace sc2::engine
