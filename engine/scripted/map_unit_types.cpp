#include "engine/scripted/map_unit_types.h"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

namespace sc2::engine::scripted {

namespace {

// Weapons by their game-data id (WeaponArray Link=) -> the built-in unit that carries it
// (spec §5.3; the weapon ids are Blizzard's, e.g. the Marine's "GuassRifle" as spelled there).
struct WeaponCarrier {
  std::string_view weapon;
  std::uint32_t unit_type;
};
constexpr std::array kWeaponCarriers = {
    WeaponCarrier{"GuassRifle", unit_type::kMarine},         WeaponCarrier{"PunisherGrenades", unit_type::kMarauder},
    WeaponCarrier{"Claws", unit_type::kZergling},            WeaponCarrier{"VolatileBurst", unit_type::kBaneling},
    WeaponCarrier{"AcidSaliva", unit_type::kRoach},
};

const UnitTypeStats* carrier_of(std::string_view weapon) {
  for (const WeaponCarrier& carrier : kWeaponCarriers) {
    if (carrier.weapon == weapon) return find_unit_type(carrier.unit_type);
  }
  return nullptr;
}

std::optional<float> number(const mapfile::DataEntry& entry, std::string_view field) {
  const std::optional<std::string> text = entry.value(field);
  if (!text) return std::nullopt;
  float value = 0.0f;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc{} || end != text->data() + text->size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// The first weapon the entry links ("" without one).
std::string weapon_of(const mapfile::DataEntry& entry) {
  for (const mapfile::DataField& field : entry.fields) {
    if (field.name == "WeaponArray" && !field.removed() && !field.link().empty()) return field.link();
  }
  return {};
}

bool is_builtin(std::string_view name) { return find_builtin_unit_type(name) != nullptr; }

}  // namespace

const UnitTypeStats* find_builtin_unit_type(std::string_view name) {
  for (const UnitTypeStats& stats : unit_type_table()) {
    if (stats.name == name) return &stats;
  }
  return nullptr;
}

MapUnitTypes::MapUnitTypes(const mapfile::GameData& data) {
  std::uint32_t next_id = kFirstMapUnitTypeId;
  for (const mapfile::UnitTypeDeclaration& declared : mapfile::unit_type_declarations(data, is_builtin)) {
    if (!declared.is_new) continue;  // overrides of built-in types keep the built-in (not applied)
    add_new_type(*data.find("CUnit", declared.id), next_id++);
  }
}

void MapUnitTypes::add_new_type(const mapfile::DataEntry& entry, std::uint32_t id) {
  const std::string weapon = weapon_of(entry);
  const UnitTypeStats* base = carrier_of(weapon);
  const std::optional<float> shields = number(entry, "ShieldsMax");
  std::string reason;
  if (weapon.empty()) reason = "it has no weapon sc2lite knows";
  if (!weapon.empty() && base == nullptr) reason = "its weapon '" + weapon + "' is not one sc2lite has";
  if (reason.empty() && shields && *shields > 0.0f) reason = "sc2lite has no shields yet";
  if (!reason.empty()) {
    unsupported_.emplace(entry.id, std::move(reason));
    unsupported_names_.push_back(entry.id);
    return;
  }
  UnitTypeStats stats = *base;
  stats.id = id;
  stats.name = names_.emplace_back(entry.id);
  stats.health_max = number(entry, "LifeMax").value_or(stats.health_max);
  stats.armor = number(entry, "LifeArmor").value_or(stats.armor);
  stats.movement_speed = number(entry, "Speed").value_or(stats.movement_speed);
  stats.speed_per_loop = stats.movement_speed / 16.0f;
  stats.radius = number(entry, "Radius").value_or(stats.radius);
  stats.sight_range = number(entry, "Sight").value_or(stats.sight_range);
  stats.food_required = number(entry, "Food").value_or(0.0f);  // a new entry without Food costs none (spec §5.1)
  stats.built_by_ability = 0;  // nothing trains a map's type
  const UnitTypeStats& made = custom_.emplace_back(std::move(stats));
  by_name_.emplace(entry.id, &made);
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
