#pragma once
// Static unit-type stats from the shared spec's sc2-game-data.tsv, converted once into
// simulation units (speeds per game loop).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace sc2::engine {

namespace unit_type {
inline constexpr std::uint32_t kMarine = 48;
inline constexpr std::uint32_t kBeacon = 317;  // Beacon_Terran
}  // namespace unit_type

enum class UnitRole { Army, Worker, Structure, Neutral };

struct UnitTypeStats {
  std::uint32_t id = 0;
  std::string_view name;
  int race = 0;                       // SC2APIProtocol::Race number
  UnitRole role = UnitRole::Neutral;
  float health_max = 0.0f;            // 0 = no life (e.g. beacons)
  float armor = 0.0f;
  float movement_speed = 0.0f;        // API value: world units per normal-speed second
  float speed_per_loop = 0.0f;        // movement_speed / 16
  float radius = 0.0f;
  float sight_range = 0.0f;
  float food_required = 0.0f;
  std::uint32_t mineral_cost = 0;
  std::uint32_t vespene_cost = 0;
  std::uint32_t build_time_loops = 0;
  std::uint32_t built_by_ability = 0;
  std::uint32_t cargo_size = 0;
  std::vector<std::uint32_t> attributes;  // SC2APIProtocol::Attribute numbers
  std::vector<std::uint32_t> abilities;   // specific ability ids the unit offers, ascending
};

std::span<const UnitTypeStats> unit_type_table();
const UnitTypeStats* find_unit_type(std::uint32_t id);

}  // namespace sc2::engine
