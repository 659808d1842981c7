#pragma once
// The unit types a map's script may name: the engine's own (engine/sim/unit_data.cpp, by their
// game names: "Marine", "Roach", "Beacon_Terran", ...) and the new types the map's GameData
// defines (SMAC's "Marine_RL"), with the ids engine/mapfile/unit_types.h assigns (after every
// built-in id of the engine's table, consecutive, in the data's order; issue 34 item 1).
//
// sc2lite plays a new type when it stands for a unit the engine has (its parent, or the built-in
// type its aliases name: the editor's `_RL` copies name their original, spec §1.6): that unit's
// stats, with the map's LifeMax, LifeArmor, Speed, Radius, Sight, shields, energy and
// regeneration rates (spec §5.4), and the map's Food (a new entry without Food costs no supply),
// passive with DefaultAcquireLevel Passive (idle, it picks no target: SMAC's agents act only as
// ordered). Any other new type, or one whose Radius is outside (0, 8], LifeMax (0, 1e6], Speed
// or Sight [0, 64], LifeArmor or Food [-1000, 1000], shields or energy [0, 1e6], a rate or delay
// [0, 1e4] (a map is untrusted input), is known by name and refused when a script creates it,
// naming it and why.
//
// Overrides of built-in types: their command cards are read (command_cards.h: what the type
// offers and accepts, applied at an episode's setup); their other fields are not applied
// (README.md: SMAC's `Marine` Food 0), nor is Response Nothing (a passive unit hit while idle
// does not answer either way, as it picks no target; one on attack-move still acquires).
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/mapfile/game_data.h"
#include "engine/mapfile/unit_types.h"
#include "engine/scripted/command_cards.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine::scripted {

class MapUnitTypes {
 public:
  // Throws mapfile::MapError for a CUnit value that is not a number, or a command card sc2lite
  // cannot read (command_cards.h).
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
  // cannot play it yet (it stands for 'Stalker', which sc2lite does not have yet)".
  std::string why_not(std::string_view name) const;
  // The map's new types sc2lite cannot play, in the data's order.
  const std::vector<std::string>& unsupported() const { return unsupported_names_; }
  // The map's new types it can play, in id order.
  std::vector<const UnitTypeStats*> map_types() const;
  // The command cards of the built-in types the map overrides (command_cards.h).
  const std::vector<CommandCard>& command_cards() const { return cards_.cards; }
  // The overridden types whose card edits the game's own card, not applied.
  const std::vector<std::string>& card_edits_not_applied() const { return cards_.edits_not_applied; }

 private:
  void add_new_type(const mapfile::UnitEntries& units, const std::string& name, std::uint32_t id,
                    const std::string& base_name);

  std::deque<UnitTypeStats> custom_;   // stable addresses
  std::deque<std::string> names_;      // the custom types' names (UnitTypeStats::name views them)
  std::unordered_map<std::string, const UnitTypeStats*> by_name_;
  std::unordered_map<std::uint32_t, const UnitTypeStats*> by_id_;
  std::unordered_map<std::uint32_t, std::uint32_t> base_ids_;
  std::unordered_map<std::string, std::string> unsupported_;  // name -> reason
  std::vector<std::string> unsupported_names_;
  MapCommandCards cards_;
};

// The built-in type of that game name, or nullptr.
const UnitTypeStats* find_builtin_unit_type(std::string_view name);
// The largest id of the engine's unit table: map types come after it.
std::uint32_t largest_builtin_unit_type_id();

}  // namespace sc2::engine::scripted
