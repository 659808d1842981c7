#include "engine/mapfile/unit_types.h"

#include <algorithm>
#include <limits>
#include <map>

#include "engine/mapfile/map_error.h"
#include "engine/mapfile/xml.h"

namespace sc2::engine::mapfile {
namespace {

constexpr std::string_view kUnitClass = "CUnit";

using BuiltinIds = std::unordered_map<std::string_view, std::uint32_t>;

BuiltinIds index_builtin(std::span<const BuiltinUnitType> builtin) {
  BuiltinIds ids;
  for (const auto& [name, id] : builtin) ids.emplace(name, id);  // the first of a name counts
  return ids;
}

// The editor copies a unit without a parent= but keeps the original's aliases (spec §3.2:
// every _RL unit's SelectAlias, LeaderAlias, HotkeyAlias and ReviveType name its original).
std::string base_of(const UnitEntries& units, std::string_view name, const BuiltinIds& builtin) {
  static constexpr std::string_view kAliasFields[] = {"SelectAlias", "LeaderAlias", "HotkeyAlias", "ReviveType"};
  for (const DataEntry* entry : units.of(name)) {
    if (!entry->parent.empty() && builtin.contains(entry->parent)) return entry->parent;
    for (const std::string_view field : kAliasFields) {
      const std::optional<std::string> alias = entry->value(field);
      if (alias && builtin.contains(*alias)) return *alias;
    }
  }
  return {};
}

// The lists of names a type's fields build (links and indexed flags).
enum ListKind { kWeapons, kAbilities, kBehaviors, kAttributes, kPlanes, kCollide, kFlags, kListKinds };
constexpr std::vector<std::string> UnitFields::*kLists[kListKinds] = {
    &UnitFields::weapons, &UnitFields::abilities, &UnitFields::behaviors, &UnitFields::attributes,
    &UnitFields::planes,  &UnitFields::collide,   &UnitFields::flags};

// Applies the fields of one type's CUnit entries to `out`, in order; finish() writes the lists.
// A list is kept as name -> when it was last set, so that each field costs the same however
// many a map gives (setting a name again moves it last, removing it takes it away).
class FieldReader {
 public:
  FieldReader(const GameData& data, UnitFields& out) : data_(data), out_(out) {}

  void read(const DataEntry& entry, const DataField& field) {
    entry_ = &entry;
    const std::string& name = field.name;
    if (read_number(field, name)) return;
    if (name == "Race") out_.race = field.value();
    else if (name == "Mover") out_.mover = field.value();
    else if (name == "DefaultAcquireLevel") out_.default_acquire_level = field.value();
    else if (name == "Response") out_.response = field.value();
    else if (name == "WeaponArray") link(field, kWeapons);
    else if (name == "AbilArray") link(field, kAbilities);
    else if (name == "BehaviorArray") link(field, kBehaviors);
    else if (name == "Attributes") flag(field, kAttributes);
    else if (name == "PlaneArray") flag(field, kPlanes);
    else if (name == "Collide") flag(field, kCollide);
    else if (name == "FlagArray") flag(field, kFlags);
    else if (name == "CostResource") cost(field);
  }

  void finish() {
    for (int kind = 0; kind < kListKinds; ++kind) {
      std::vector<std::pair<std::uint64_t, std::string>> in_order;
      for (const auto& [name, when] : lists_[kind]) in_order.emplace_back(when, name);
      std::sort(in_order.begin(), in_order.end());
      std::vector<std::string>& list = out_.*kLists[kind];
      list.clear();
      for (auto& [when, name] : in_order) list.push_back(std::move(name));
    }
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
    return xml::number(data_.file_of(*entry_), "CUnit '" + entry_->id + "' " + what, text);
  }

  // <WeaponArray Link="GuassRifle"/>; removed="1" takes the link away.
  void link(const DataField& field, ListKind list) {
    const std::string target = field.link().empty() ? field.value() : field.link();
    if (!target.empty()) set(list, target, !field.removed());
  }

  // <Attributes index="Light" value="1"/>: set when the value is not "0" and not removed.
  void flag(const DataField& field, ListKind list) {
    const std::string index = field.index();
    if (!index.empty()) set(list, index, !field.removed() && field.value() != "0");
  }

  void set(ListKind list, const std::string& name, bool present) {
    if (present) {
      lists_[list][name] = next_++;
    } else {
      lists_[list].erase(name);
    }
  }

  void cost(const DataField& field) {
    const std::string* value = field.attribute("value");
    if (!value) return;
    const std::string index = field.index();
    if (index == "Minerals") out_.cost_minerals = number("CostResource[Minerals]", *value);
    if (index == "Vespene") out_.cost_vespene = number("CostResource[Vespene]", *value);
  }

  const GameData& data_;
  UnitFields& out_;
  const DataEntry* entry_ = nullptr;
  std::unordered_map<std::string, std::uint64_t> lists_[kListKinds];
  std::uint64_t next_ = 0;
};

}  // namespace

UnitEntries::UnitEntries(const GameData& data) : data_(data) {
  for (const DataEntry& entry : data.entries) {
    if (entry.class_name != kUnitClass) continue;
    const auto [it, added] = by_id_.try_emplace(std::string_view(entry.id));
    if (added) ids_.push_back(it->first);
    it->second.push_back(&entry);
  }
}

std::span<const DataEntry* const> UnitEntries::of(std::string_view id) const {
  const auto found = by_id_.find(id);
  if (found == by_id_.end()) return {};
  return found->second;
}

std::vector<MapUnitType> assign_unit_type_ids(const UnitEntries& units, std::span<const BuiltinUnitType> builtin) {
  const BuiltinIds builtin_ids = index_builtin(builtin);
  std::uint32_t largest = 0;
  for (const auto& [name, id] : builtin) largest = std::max(largest, id);
  std::vector<MapUnitType> types;
  std::uint64_t next = std::uint64_t{largest} + 1;
  for (const std::string_view name : units.ids()) {
    MapUnitType type;
    type.name = std::string(name);
    if (const auto found = builtin_ids.find(name); found != builtin_ids.end()) {
      type.id = found->second;
      type.base = type.name;
    } else {
      if (next > std::numeric_limits<std::uint32_t>::max()) {
        throw MapError(units.data().file_of(*units.of(name).front()),
                       "too many new unit types: the id of '" + type.name + "' would pass 2^32 - 1");
      }
      type.id = static_cast<std::uint32_t>(next++);
      type.is_new = true;
      type.base = base_of(units, name, builtin_ids);
    }
    types.push_back(std::move(type));
  }
  return types;
}

std::vector<MapUnitType> assign_unit_type_ids(const GameData& data, std::span<const BuiltinUnitType> builtin) {
  return assign_unit_type_ids(UnitEntries(data), builtin);
}

UnitFields unit_fields(const UnitEntries& units, std::string_view id) {
  UnitFields fields;
  FieldReader reader(units.data(), fields);
  for (const DataEntry* entry : units.of(id)) {
    for (const DataField& field : entry->fields) reader.read(*entry, field);
  }
  reader.finish();
  return fields;
}

UnitFields unit_fields(const GameData& data, std::string_view id) { return unit_fields(UnitEntries(data), id); }

}  // namespace sc2::engine::mapfile
