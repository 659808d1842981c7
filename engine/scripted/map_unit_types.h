#pragma once
// The unit types a map's script may name: the engine's own (engine/sim/unit_data.cpp, by their
// game names: "Marine", "Roach", "Beacon_Terran", ...) and the new types the map's GameData
// defines (SMAC's "Marine_RL"). A new type gets an id after every built-in one, consecutive, in
// the data file's order (issue 34 item 1). sc2lite can play a new type when it is a copy of a
// unit it has: its weapon is one of ours (spec §1.6: the `_RL` units restate a base unit's fields
// and link its weapon); its stats are then that unit's, with the map's LifeMax, LifeArmor, Speed,
// Radius and Sight, and no supply cost unless the entry gives Food. Any other new type (a weapon
// or shields we do not have: Stalker_RL, Medivac_RL, ...) is known by name and refused when a
// script creates it, with that name.
//
// Not applied (listed in README.md): overrides of built-in types (SMAC's `Marine` Food 0, the
// command-card edits of BuildMarines), DefaultAcquireLevel Passive and Response Nothing (the
// simulation has no passive acquisition: the `_RL` units fight back and acquire like their base).
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/mapfile/game_data.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine::scripted {

// The first id of a map-defined type: after every built-in unit id of the game (PySC2's
// units.py lists ids up to 1961; the spec's §4.7 figure for SC2 4.10, unverified).
inline constexpr std::uint32_t kFirstMapUnitTypeId = 1970;

class MapUnitTypes {
 public:
  explicit MapUnitTypes(const mapfile::GameData& data);
  MapUnitTypes(const MapUnitTypes&) = delete;  // units point into custom_
  MapUnitTypes& operator=(const MapUnitTypes&) = delete;

  // The type a script's name means, or nullptr (why_not() says why).
  const UnitTypeStats* find(std::string_view name) const;
  // The type of an id (a unit the world reports by id), or nullptr.
  const UnitTypeStats* find_id(std::uint32_t id) const;
  // The built-in type the world spawns for `type` (itself, or a map type's base).
  std::uint32_t base_id(const UnitTypeStats& type) const;
  // Why `name` cannot be created: "unit type 'Stalker_RL' is defined by the map but sc2lite
  // cannot play it yet (its weapon 'ParticleDisruptors' is not one sc2lite has)".
  std::string why_not(std::string_view name) const;
  // The map's new types sc2lite cannot play, in the data file's order.
  const std::vector<std::string>& unsupported() const { return unsupported_names_; }
  // The map's new types it can play, in id order.
  std::vector<const UnitTypeStats*> map_types() const;

 private:
  void add_new_type(const mapfile::DataEntry& entry, std::uint32_t id);

  std::deque<UnitTypeStats> custom_;   // stable addresses
  std::deque<std::string> names_;      // the custom types' names (UnitTypeStats::name views them)
  std::unordered_map<std::string, const UnitTypeStats*> by_name_;
  std::unordered_map<std::uint32_t, const UnitTypeStats*> by_id_;
  std::unordered_map<std::uint32_t, std::uint32_t> base_ids_;
  std::unordered_map<std::string, std::string> unsupported_;  // name -> reason
  std::vector<std::string> unsupported_names_;
};

// The built-in type of that game name, or nullptr.
const UnitTypeStats* find_builtin_unit_type(std::string_view name);

}  // namespace sc2::engine::scripted
