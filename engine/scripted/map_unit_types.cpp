#include "engine/scripted/map_unit_types.h"

#include <algorithm>
#include <utility>

#include "engine/mapfile/unit_types.h"

namespace sc2::engine::scripted {

namespace {

std::vector<mapfile::BuiltinUnitType> builtin_types() {
  std::vector<mapfile::BuiltinUnitType> builtin;
  for (const UnitTypeStats& stats : unit_type_table()) builtin.emplace_back(stats.name, stats.id);
  return builtin;
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
  for (const mapfile::MapUnitType& type : mapfile::assign_unit_type_ids(data, builtin)) {
    if (type.is_new) add_new_type(data, type.name, type.id, type.base);  // overrides: not applied
  }
}

void MapUnitTypes::add_new_type(const mapfile::GameData& data, const std::string& name, std::uint32_t id,
                                const std::string& base_name) {
  const mapfile::UnitFields fields = mapfile::unit_fields(data, name);
  const UnitTypeStats* base = find_builtin_unit_type(base_name);
  std::string reason;
  if (base_name.empty()) {
    reason = "it names no unit type it stands for (no parent, no alias)";
  } else if (base == nullptr) {
    reason = "it stands for '" + base_name + "', which sc2lite does not have yet";
  } else if (fields.shields_max.value_or(0.0f) > 0.0f) {
    reason = "sc2lite has no shields yet";
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
