// The raw-data keys: the 46-column unit tables (feature_units, feature_minimap_units,
// raw_units), feature_effects / raw_effects, unit_counts and radar
// (pysc2-features.md §5.3, §5.4).
#include <algorithm>
#include <map>
#include <unordered_map>

#include "client/pysc2/actions.h"
#include "client/pysc2/observation_keys.h"

namespace sc2::pysc2 {
namespace {

using SC2APIProtocol::Unit;

// Column indices of columns::feature_unit.
enum UnitColumn : int {
  kUnitType, kAlliance, kHealth, kShield, kEnergy, kCargoSpaceTaken, kBuildProgress, kHealthRatio,
  kShieldRatio, kEnergyRatio, kDisplayType, kOwner, kX, kY, kFacing, kRadius, kCloak, kIsSelected,
  kIsBlip, kIsPowered, kMineralContents, kVespeneContents, kCargoSpaceMax, kAssignedHarvesters,
  kIdealHarvesters, kWeaponCooldown, kOrderLength, kOrderId0, kOrderId1, kTag, kHallucination,
  kBuffId0, kBuffId1, kAddonUnitType, kActive, kIsOnScreen, kOrderProgress0, kOrderProgress1,
  kOrderId2, kOrderId3, kIsInCargo, kBuffDurationRemain, kBuffDurationMax, kAttackUpgradeLevel,
  kArmorUpgradeLevel, kShieldUpgradeLevel, kUnitColumnCount
};
static_assert(kUnitColumnCount == columns::feature_unit.size());
static_assert(columns::feature_unit[kTag] == "tag" && columns::feature_unit[kIsOnScreen] == "is_on_screen" &&
              columns::feature_unit[kOrderId3] == "order_id_3" &&
              columns::feature_unit[kShieldUpgradeLevel] == "shield_upgrade_level");

// int(value / max · 255), 0 when there is no max (PySC2's ratio columns).
std::int64_t ratio(float value, float max) {
  return max > 0.0f ? truncate_to_int(static_cast<double>(value) / static_cast<double>(max) * 255.0) : 0;
}

std::int64_t percent(float fraction) { return truncate_to_int(static_cast<double>(fraction) * 100.0); }

std::int64_t order_id(const Unit& unit, int index) {
  return index < unit.orders_size() ? raw_function_for_ability(static_cast<int>(unit.orders(index).ability_id())) : 0;
}

std::int64_t order_progress(const Unit& unit, int index) {
  return index < unit.orders_size() ? percent(unit.orders(index).progress()) : 0;
}

// The cells of one row that add_row() just appended: every column index is an enum value
// below kUnitColumnCount, so the writes need no bounds check per cell.
std::int64_t* row_cells(Table& table, int row) {
  return table.values.data() + static_cast<std::size_t>(row) * kUnitColumnCount;
}

void write_unit(Table& table, int row, const Unit& u, const PixelMapping& mapping, bool keep_tag,
                const std::unordered_map<std::uint64_t, std::uint32_t>& type_by_tag) {
  std::int64_t* const cells = row_cells(table, row);
  auto set = [cells](UnitColumn column, std::int64_t value) { cells[column] = value; };
  const auto pixel = mapping.pixel(u.pos().x(), u.pos().y());
  set(kUnitType, u.unit_type());
  set(kAlliance, u.alliance());
  set(kHealth, truncate_to_int(u.health()));
  set(kShield, truncate_to_int(u.shield()));
  set(kEnergy, truncate_to_int(u.energy()));
  set(kCargoSpaceTaken, u.cargo_space_taken());
  set(kBuildProgress, percent(u.build_progress()));
  set(kHealthRatio, ratio(u.health(), u.health_max()));
  set(kShieldRatio, ratio(u.shield(), u.shield_max()));
  set(kEnergyRatio, ratio(u.energy(), u.energy_max()));
  set(kDisplayType, u.display_type());
  set(kOwner, u.owner());
  set(kX, pixel[0]);
  set(kY, pixel[1]);
  set(kFacing, truncate_to_int(u.facing()));
  set(kRadius, mapping.distance(u.radius()));
  set(kCloak, u.cloak());
  set(kIsSelected, u.is_selected());
  set(kIsBlip, u.is_blip());
  set(kIsPowered, u.is_powered());
  set(kMineralContents, u.mineral_contents());
  set(kVespeneContents, u.vespene_contents());
  set(kCargoSpaceMax, u.cargo_space_max());
  set(kAssignedHarvesters, u.assigned_harvesters());
  set(kIdealHarvesters, u.ideal_harvesters());
  set(kWeaponCooldown, truncate_to_int(u.weapon_cooldown()));
  set(kOrderLength, u.orders_size());
  set(kOrderId0, order_id(u, 0));
  set(kOrderId1, order_id(u, 1));
  set(kTag, keep_tag ? static_cast<std::int64_t>(u.tag()) : 0);
  set(kHallucination, u.is_hallucination());
  set(kBuffId0, u.buff_ids_size() > 0 ? u.buff_ids(0) : 0);
  set(kBuffId1, u.buff_ids_size() > 1 ? u.buff_ids(1) : 0);
  if (u.has_add_on_tag()) {
    auto it = type_by_tag.find(u.add_on_tag());
    set(kAddonUnitType, it == type_by_tag.end() ? 0 : it->second);
  }
  set(kActive, u.is_active());
  set(kIsOnScreen, u.is_on_screen());
  set(kOrderProgress0, order_progress(u, 0));
  set(kOrderProgress1, order_progress(u, 1));
  set(kOrderId2, order_id(u, 2));
  set(kOrderId3, order_id(u, 3));
  set(kBuffDurationRemain, u.buff_duration_remain());
  set(kBuffDurationMax, u.buff_duration_max());
  set(kAttackUpgradeLevel, u.attack_upgrade_level());
  set(kArmorUpgradeLevel, u.armor_upgrade_level());
  set(kShieldUpgradeLevel, u.shield_upgrade_level());
}

// A passenger row: its own type and vitals, the carrier's alliance, owner and position.
void write_passenger(Table& table, int row, const SC2APIProtocol::PassengerUnit& p, const Table& carriers,
                     int carrier_row, bool keep_tag) {
  auto set = [&](UnitColumn column, std::int64_t value) { table.at(row, column) = value; };
  set(kUnitType, p.unit_type());
  set(kHealth, truncate_to_int(p.health()));
  set(kShield, truncate_to_int(p.shield()));
  set(kEnergy, truncate_to_int(p.energy()));
  set(kHealthRatio, ratio(p.health(), p.health_max()));
  set(kShieldRatio, ratio(p.shield(), p.shield_max()));
  set(kEnergyRatio, ratio(p.energy(), p.energy_max()));
  for (UnitColumn column : {kAlliance, kOwner, kX, kY}) set(column, carriers.at(carrier_row, column));
  set(kTag, keep_tag ? static_cast<std::int64_t>(p.tag()) : 0);
  set(kIsInCargo, 1);
}

}  // namespace

Table unit_table(const google::protobuf::RepeatedPtrField<Unit>& units, const PixelMapping& mapping,
                 const UnitTableOptions& options) {
  Table table(columns::feature_unit);
  if (!mapping.valid()) return table;
  table.values.reserve(static_cast<std::size_t>(units.size()) * kUnitColumnCount);
  // Add-on types by tag; only built when some unit has an add-on (most observations have none).
  std::unordered_map<std::uint64_t, std::uint32_t> type_by_tag;
  if (std::any_of(units.begin(), units.end(), [](const Unit& unit) { return unit.has_add_on_tag(); })) {
    for (const Unit& unit : units) type_by_tag.emplace(unit.tag(), unit.unit_type());
  }

  std::vector<std::pair<int, const Unit*>> carriers;  // row of each unit with passengers
  for (const Unit& unit : units) {
    if (options.only_on_screen && !unit.is_on_screen()) continue;
    const int row = table.add_row();
    write_unit(table, row, unit, mapping, options.keep_tags, type_by_tag);
    if (unit.passengers_size() > 0) carriers.emplace_back(row, &unit);
  }
  if (options.add_cargo_to_units) {  // "appended" (§5.3): after all unit rows
    for (const auto& [carrier_row, carrier] : carriers) {
      for (const auto& passenger : carrier->passengers()) {
        write_passenger(table, table.add_row(), passenger, table, carrier_row, options.keep_tags);
      }
    }
  }
  return table;
}

Table effect_table(const google::protobuf::RepeatedPtrField<SC2APIProtocol::Effect>& effects,
                   const PixelMapping& mapping, bool only_inside) {
  Table table(columns::effect);
  if (!mapping.valid()) return table;
  for (const auto& effect : effects) {
    for (const auto& pos : effect.pos()) {
      const auto pixel = mapping.pixel(pos.x(), pos.y());
      if (only_inside && !mapping.inside(pixel)) continue;
      table.add_row({effect.effect_id(), effect.alliance(), effect.owner(), truncate_to_int(effect.radius()),
                     pixel[0], pixel[1]});
    }
  }
  return table;
}

Table unit_count_table(const google::protobuf::RepeatedPtrField<Unit>& units) {
  std::map<std::uint32_t, std::int64_t> counts;  // ordered: rows come out ascending by type
  for (const Unit& unit : units) {
    if (unit.alliance() == SC2APIProtocol::Self) ++counts[unit.unit_type()];
  }
  Table table(columns::unit_count);
  for (const auto& [type, count] : counts) table.add_row({type, count});
  return table;
}

Table radar_table(const google::protobuf::RepeatedPtrField<SC2APIProtocol::RadarRing>& rings,
                  const PixelMapping& mapping) {
  Table table(columns::radar);
  if (!mapping.valid()) return table;
  for (const auto& ring : rings) {
    const auto pixel = mapping.pixel(ring.pos().x(), ring.pos().y());
    table.add_row({pixel[0], pixel[1], truncate_to_int(ring.radius())});
  }
  return table;
}

}  // namespace sc2::pysc2
