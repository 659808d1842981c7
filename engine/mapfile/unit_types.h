#pragma once
// The unit types a map's GameData declares (spec sc2-map-files.md §1.6, §4.7): the API id
// each gets, and the CUnit values the engine needs to run and describe them.
//
//   const mapfile::UnitEntries units(map.game_data);
//   auto types = mapfile::assign_unit_type_ids(units, builtin);  // Marine_RL -> 1+max
//   mapfile::UnitFields marine_rl = mapfile::unit_fields(units, "Marine_RL");
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/mapfile/game_data.h"

namespace sc2::engine::mapfile {

// One of the engine's unit types: its catalog name ("Marine") and API id (48).
using BuiltinUnitType = std::pair<std::string_view, std::uint32_t>;

struct MapUnitType {
  std::string name;      // the CUnit id: "Marine_RL", "Marine"
  std::uint32_t id = 0;  // the API unit_type
  bool is_new = false;   // true: defined by the map; false: an override of a built-in type
  // The built-in type it stands for: itself for an override; for a new type its parent= or,
  // as the editor's copies carry no parent, the first of its SelectAlias, LeaderAlias,
  // HotkeyAlias, ReviveType that names a built-in type (Marine_RL -> "Marine"); "" if none.
  std::string base;
  bool operator==(const MapUnitType&) const = default;
};

// The CUnit entries of each id, in the data's order: made once, so that reading every type of a
// map costs its entries, not types x entries (a map is untrusted input). Views into `data`,
// which must outlive it unchanged.
class UnitEntries {
 public:
  explicit UnitEntries(const GameData& data);
  const GameData& data() const { return data_; }
  // Each id once, in the order first seen.
  const std::vector<std::string_view>& ids() const { return ids_; }
  // The entries of `id` (empty for an id without any).
  std::span<const DataEntry* const> of(std::string_view id) const;

 private:
  const GameData& data_;
  std::vector<std::string_view> ids_;
  std::unordered_map<std::string_view, std::vector<const DataEntry*>> by_id_;
};

// Each CUnit id once, in the data's order (files by name, entries in file order). A name
// found in `builtin` keeps its id; every other name gets the next id after the largest
// built-in one, consecutive in that order (SMAC finds its allies' types as min + k, §4.7).
// Throws MapError when the ids would pass 2^32 - 1.
std::vector<MapUnitType> assign_unit_type_ids(const UnitEntries& units, std::span<const BuiltinUnitType> builtin);
std::vector<MapUnitType> assign_unit_type_ids(const GameData& data, std::span<const BuiltinUnitType> builtin);

// The CUnit fields a game needs, as the map writes them: a value is set only when some CUnit
// entry of that id gives it (an override sets few; a new type takes the engine's CUnit
// defaults for the rest, e.g. Radius 0.5, spec §1.6). Rates and speeds are per game second
// (Normal speed); armour in points.
struct UnitFields {
  std::optional<float> life_max, life_start, life_armor, life_regen_rate;
  std::optional<float> shields_max, shields_start, shield_armor, shield_regen_rate, shield_regen_delay;
  std::optional<float> energy_max, energy_start, energy_regen_rate;
  std::optional<float> speed, acceleration, radius, inner_radius, separation_radius, sight, height;
  std::optional<float> food;  // supply (negative = uses supply); SMAC's Marine override sets 0
  std::optional<float> cost_minerals, cost_vespene;
  std::string race;                   // "Terr", "Prot", "Zerg"
  std::string mover;                  // "Ground" by default; "Fly", "Colossus"
  std::string default_acquire_level;  // "Passive" on SMAC's _RL units
  std::string response;               // "Nothing" on SMAC's _RL units
  std::vector<std::string> weapons;   // WeaponArray links, in order
  std::vector<std::string> abilities;  // AbilArray links
  std::vector<std::string> behaviors;  // BehaviorArray links
  // Indexed flags whose value is set ("1"): Attributes (Light, Armored, Biological, ...),
  // PlaneArray (Ground, Air), Collide, FlagArray (PreventDestroy, ...).
  std::vector<std::string> attributes, planes, collide, flags;

  bool operator==(const UnitFields&) const = default;
};

// The fields of every CUnit entry with that id, later entries over earlier ones (removed="1"
// takes a link or flag away). Throws MapError(file, "CUnit 'X' LifeMax: 'abc' is not a
// number") for a value that is not a number.
UnitFields unit_fields(const UnitEntries& units, std::string_view id);
UnitFields unit_fields(const GameData& data, std::string_view id);

}  // namespace sc2::engine::mapfile
