#include "engine/mapfile/unit_types.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "engine/mapfile/map_error.h"
#include "engine/mapfile/xml.h"

namespace sc2::engine::mapfile {
namespace {

constexpr std::string_view kUnitClass = "CUnit";

const std::uint32_t* builtin_id(std::span<const BuiltinUnitType> builtin, std::string_view name) {
  for (const auto& [builtin_name, id] : builtin) {
    if (builtin_name == name) return &id;
  }
  return nullptr;
}

// The editor copies a unit without a parent= but keeps the original's aliases (spec §3.2:
// every _RL unit's SelectAlias, LeaderAlias, HotkeyAlias and ReviveType name its original).
std::string base_of(const GameData& data, const std::string& name, std::span<const BuiltinUnitType> builtin) {
  static constexpr std::string_view kAliasFields[] = {"SelectAlias", "LeaderAlias", "HotkeyAlias", "ReviveType"};
  for (const DataEntry& entry : data.entries) {
    if (entry.class_name != kUnitClass || entry.id != name) continue;
    if (!entry.parent.empty() && builtin_id(builtin, entry.parent)) return entry.parent;
    for (const std::string_view field : kAliasFields) {
      const std::optional<std::string> alias = entry.value(field);
      if (alias && builtin_id(builtin, *alias)) return *alias;
    }
  }
  return {};
}

// Applies one field of a CUnit entry to `out`.
class FieldReader {
 public:
  FieldReader(const DataEntry& entry, UnitFields& out) : entry_(entry), out_(out) {}

  void read(const DataField& field) {
    const std::string& name = field.name;
    if (read_number(field, name)) return;
    if (name == "Race") out_.race = field.value();
    else if (name == "Mover") out_.mover = field.value();
    else if (name == "DefaultAcquireLevel") out_.default_acquire_level = field.value();
    else if (name == "Response") out_.response = field.value();
    else if (name == "WeaponArray") link(field, out_.weapons);
    else if (name == "AbilArray") link(field, out_.abilities);
    else if (name == "BehaviorArray") link(field, out_.behaviors);
    else if (name == "Attributes") flag(field, out_.attributes);
    else if (name == "PlaneArray") flag(field, out_.planes);
    else if (name == "Collide") flag(field, out_.collide);
    else if (name == "FlagArray") flag(field, out_.flags);
    else if (name == "CostResource") cost(field);
  }

 private:
  bool read_number(const DataField& field, const std::string& name) {
    static const std::map<std::string, std::optional<float> UnitFields::*, std::less<>> kNumbers = {
        {"LifeMax", &UnitFields::life_max},
        {"LifeStart", &UnitFields::life_start},
        {"LifeArmor", &UnitFields::life_armor},
        {"LifeRegenRate", &UnitFields::life_regen_rate},
        {"ShieldsMax", &UnitFields::shields_max},
        {"ShieldsStart", &UnitFields::shields_start},
        {"ShieldArmor", &UnitFields::shield_armor},
        {"ShieldRegenRate", &UnitFields::shield_regen_rate},
        {"ShieldRegenDelay", &UnitFields::shield_regen_delay},
        {"EnergyMax", &UnitFields::energy_max},
        {"EnergyStart", &UnitFields::energy_start},
        {"EnergyRegenRate", &UnitFields::energy_regen_rate},
        {"Speed", &UnitFields::speed},
        {"Acceleration", &UnitFields::acceleration},
        {"Radius", &UnitFields::radius},
        {"InnerRadius", &UnitFields::inner_radius},
        {"SeparationRadius", &UnitFields::separation_radius},
        {"Sight", &UnitFields::sight},
        {"Height", &UnitFields::height},
        {"Food", &UnitFields::food},
    };
    const auto found = kNumbers.find(name);
    if (found == kNumbers.end()) return false;
    if (const std::string* value = field.attribute("value")) out_.*(found->second) = number(name, *value);
    return true;
  }

  float number(const std::string& what, const std::string& text) const {
    return xml::number(entry_.file, "CUnit '" + entry_.id + "' " + what, text);
  }

  // <WeaponArray Link="GuassRifle"/>; removed="1" takes the link away.
  static void link(const DataField& field, std::vector<std::string>& list) {
    const std::string target = field.link().empty() ? field.value() : field.link();
    if (target.empty()) return;
    list.erase(std::remove(list.begin(), list.end(), target), list.end());
    if (!field.removed()) list.push_back(target);
  }

  // <Attributes index="Light" value="1"/>: set when the value is not "0" and not removed.
  static void flag(const DataField& field, std::vector<std::string>& set) {
    const std::string index = field.index();
    if (index.empty()) return;
    set.erase(std::remove(set.begin(), set.end(), index), set.end());
    if (!field.removed() && field.value() != "0") set.push_back(index);
  }

  void cost(const DataField& field) {
    const std::string* value = field.attribute("value");
    if (!value) return;
    const std::string index = field.index();
    if (index == "Minerals") out_.cost_minerals = number("CostResource[Minerals]", *value);
    if (index == "Vespene") out_.cost_vespene = number("CostResource[Vespene]", *value);
  }

  const DataEntry& entry_;
  UnitFields& out_;
};

}  // namespace

std::vector<MapUnitType> assign_unit_type_ids(const GameData& data, std::span<const BuiltinUnitType> builtin) {
  std::uint32_t largest = 0;
  for (const auto& [name, id] : builtin) largest = std::max(largest, id);
  std::vector<MapUnitType> types;
  std::set<std::string, std::less<>> seen;
  std::uint64_t next = std::uint64_t{largest} + 1;
  for (const DataEntry* unit : data.units()) {
    if (!seen.insert(unit->id).second) continue;
    MapUnitType type;
    type.name = unit->id;
    if (const std::uint32_t* id = builtin_id(builtin, unit->id)) {
      type.id = *id;
      type.base = unit->id;
    } else {
      if (next > std::numeric_limits<std::uint32_t>::max()) {
        throw MapError(unit->file, "too many new unit types: the id of '" + unit->id + "' would pass 2^32 - 1");
      }
      type.id = static_cast<std::uint32_t>(next++);
      type.is_new = true;
      type.base = base_of(data, unit->id, builtin);
    }
    types.push_back(std::move(type));
  }
  return types;
}

UnitFields unit_fields(const GameData& data, std::string_view id) {
  UnitFields fields;
  for (const DataEntry& entry : data.entries) {
    if (entry.class_name != kUnitClass || entry.id != id) continue;
    FieldReader reader(entry, fields);
    for (const DataField& field : entry.fields) reader.read(field);
  }
  return fields;
}

}  // namespace sc2::engine::mapfile
