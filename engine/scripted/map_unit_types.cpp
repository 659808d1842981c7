#include "engine/scripted/map_unit_types.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <utility>

#include "engine/mapfile/unit_types.h"

namespace sc2::engine::scripted {

namespace {

std::vector<mapfile::BuiltinUnitType> builtin_types() {
  std::vector<mapfile::BuiltinUnitType> builtin;
  for (const UnitTypeStats& stats : unit_type_table()) builtin.emplace_back(stats.name, stats.id);
  return builtin;
}

// The CUnit values sc2lite copies must be ones a game can play: a map is untrusted, and e.g. a
// Radius of 1e4 makes every path check of the unit look at 4e8 cells (disc_hits_wall), a life
// of 0 a unit that is dead when made. The ranges are wide of every unit the reference maps
// define (§3.2: radius 0.375-1, speed 2.25-2.95, sight 8-11).
struct FieldRange {
  const char* field;
  std::optional<float> value;
  float min;
  bool min_included;
  float max;
};

std::string number_text(float value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// Why one of the copied values is out of range ("its Radius 10000 is not within (0, 8]"), or "".
std::string out_of_range(const mapfile::UnitFields& fields) {
  const FieldRange ranges[] = {
      {"Radius", fields.radius, 0.0f, false, 8.0f},     {"LifeMax", fields.life_max, 0.0f, false, 1.0e6f},
      {"Speed", fields.speed, 0.0f, true, 64.0f},       {"Sight", fields.sight, 0.0f, true, 64.0f},
      {"LifeArmor", fields.life_armor, -1000.0f, true, 1000.0f}, {"Food", fields.food, -1000.0f, true, 1000.0f},
      {"ShieldsMax", fields.shields_max, 0.0f, true, 1.0e6f},   {"ShieldRegenRate", fields.shield_regen_rate, 0.0f, true, 1.0e4f},
      {"ShieldRegenDelay", fields.shield_regen_delay, 0.0f, true, 1.0e4f},
      {"LifeRegenRate", fields.life_regen_rate, 0.0f, true, 1.0e4f},
      {"EnergyMax", fields.energy_max, 0.0f, true, 1.0e6f},     {"EnergyStart", fields.energy_start, 0.0f, true, 1.0e6f},
      {"EnergyRegenRate", fields.energy_regen_rate, 0.0f, true, 1.0e4f},
  };
  for (const FieldRange& range : ranges) {
    if (!range.value) continue;
    const float v = *range.value;
    const bool above_min = range.min_included ? v >= range.min : v > range.min;
    if (above_min && v <= range.max) continue;
    return std::string("its ") + range.field + " " + number_text(v) + " is not within " + (range.min_included ? "[" : "(") +
           number_text(range.min) + ", " + number_text(range.max) + "]";
  }
  return {};
}

}  // namespace

const UnitTypeStats* find_builtin_unit_type(std::string_view name) {
  for (const UnitTypeStats& stats : unit_type_table()) {
    if (stats.name == name) return &stats;
  }
  return nullptr;
}

std::uint32_t largest_builtin_unit_type_id() {
  std::uint32_t largest = 0;
  for (const UnitTypeStats& stats : unit_type_table()) largest = std::max(largest, stats.id);
  return largest;
}

MapUnitTypes::MapUnitTypes(const mapfile::GameData& data) {
  const std::vector<mapfile::BuiltinUnitType> builtin = builtin_types();
  const mapfile::UnitEntries units(data);  // indexed once: each type reads only its own entries
  const std::vector<mapfile::MapUnitType> types = mapfile::assign_unit_type_ids(units, builtin);
  for (const mapfile::MapUnitType& type : types) {
    if (type.is_new) add_new_type(units, type.name, type.id, type.base);  // overrides: only their cards
  }
  cards_ = read_command_cards(units, types);
}

void MapUnitTypes::add_new_type(const mapfile::UnitEntries& units, const std::string& name, std::uint32_t id,
                                const std::string& base_name) {
  const mapfile::UnitFields fields = mapfile::unit_fields(units, name);
  const UnitTypeStats* base = find_builtin_unit_type(base_name);
  std::string reason;
  if (base_name.empty()) {
    reason = "it names no unit type it stands for (no parent, no alias)";
  } else if (base == nullptr) {
    reason = "it stands for '" + base_name + "', which sc2lite does not have yet";
  } else {
    reason = out_of_range(fields);
  }
  if (!reason.empty()) {
    unsupported_.emplace(name, std::move(reason));
    unsupported_names_.push_back(name);
    return;
  }
  UnitTypeStats stats = *base;
  stats.id = id;
  stats.name = names_.emplace_back(name);
  stats.health_max = fields.life_max.value_or(stats.health_max);
  stats.armor = fields.life_armor.value_or(stats.armor);
  stats.movement_speed = fields.speed.value_or(stats.movement_speed);
  stats.speed_per_loop = stats.movement_speed / 16.0f;
  stats.radius = fields.radius.value_or(stats.radius);
  // Shields, energy and regeneration (spec §5.4): the map's values, else its base unit's.
  stats.shield_max = fields.shields_max.value_or(stats.shield_max);
  stats.shield_regen_rate = fields.shield_regen_rate.value_or(stats.shield_regen_rate);
  stats.shield_regen_delay_s = fields.shield_regen_delay.value_or(stats.shield_regen_delay_s);
  stats.shield_regen_per_loop = stats.shield_regen_rate / 16.0f;
  stats.shield_regen_delay_loops = static_cast<std::uint32_t>(stats.shield_regen_delay_s * 16.0f);
  stats.life_regen_rate = fields.life_regen_rate.value_or(stats.life_regen_rate);
  stats.life_regen_per_loop = stats.life_regen_rate / 16.0f;
  stats.energy_max = fields.energy_max.value_or(stats.energy_max);
  stats.energy_start = std::min(stats.energy_max, fields.energy_start.value_or(stats.energy_start));
  stats.energy_regen_rate = fields.energy_regen_rate.value_or(stats.energy_regen_rate);
  stats.energy_regen_per_loop = stats.energy_regen_rate / 16.0f;
  stats.sight_range = fields.sight.value_or(stats.sight_range);
  // Food is the supply a unit makes: negative for what it uses; a new entry without it costs none.
  stats.food_required = std::max(0.0f, -fields.food.value_or(0.0f));
  stats.built_by_ability = 0;  // nothing trains a map's type
  stats.passive = fields.default_acquire_level == "Passive";  // SMAC's agents act only as ordered
  const UnitTypeStats& made = custom_.emplace_back(std::move(stats));
  by_name_.emplace(name, &made);
  by_id_.emplace(id, &made);
  base_ids_.emplace(id, base->id);
}

const UnitTypeStats* MapUnitTypes::find(std::string_view name) const {
  if (const auto it = by_name_.find(std::string(name)); it != by_name_.end()) return it->second;
  return find_builtin_unit_type(name);
}

const UnitTypeStats* MapUnitTypes::find_id(std::uint32_t id) const {
  if (const auto it = by_id_.find(id); it != by_id_.end()) return it->second;
  return find_unit_type(id);
}

std::uint32_t MapUnitTypes::base_id(const UnitTypeStats& type) const {
  const auto it = base_ids_.find(type.id);
  return it == base_ids_.end() ? type.id : it->second;
}

std::string MapUnitTypes::why_not(std::string_view name) const {
  const std::string quoted = "unit type '" + std::string(name) + "'";
  if (const auto it = unsupported_.find(std::string(name)); it != unsupported_.end()) {
    return quoted + " is defined by the map but sc2lite cannot play it yet (" + it->second + ")";
  }
  return quoted + " is not a unit type sc2lite has";
}

std::vector<const UnitTypeStats*> MapUnitTypes::map_types() const {
  std::vector<const UnitTypeStats*> types;
  for (const UnitTypeStats& stats : custom_) types.push_back(&stats);
  return types;
}

}  // namespace sc2::engine::scripted
