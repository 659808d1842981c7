#pragma once
// Unit type id -> name and race (pysc2-unit-types.tsv, plus the mini-game units only
// sc2-game-data.tsv names, e.g. the beacon; generated into unit_type_names.inc by
// app/tools/generate_unit_type_names.py), and what a feature-layer value means.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace sc2::app {

struct UnitTypeName {
  int id;
  std::string_view race;
  std::string_view name;
};

// nullptr for ids PySC2's list does not name.
const UnitTypeName* find_unit_type(int id);
// "Marine" or "unit type 317".
std::string unit_type_label(int id);
// The game's own names (SessionSnapshot::unit_type_names) for ids PySC2's list does not name:
// unit_type_label uses them from then on. Call from the thread that draws (the UI's).
void use_game_unit_type_names(std::shared_ptr<const std::map<std::uint32_t, std::string>> names);

// The meaning of `value` in the layer `name` (screen or minimap): a unit type name,
// player_relative / visibility / effect name, "yes"/"no" for boolean layers, "player n",
// "scalar" values as-is with "of <scale>". Never empty.
std::string layer_value_meaning(std::string_view layer, int value, bool scalar, int scale);

}  // namespace sc2::app
