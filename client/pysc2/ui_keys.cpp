// The UI keys: single_select, multi_select, build_queue, cargo, cargo_slots_available,
// production_queue and control_groups (pysc2-features.md §5).
#include "client/pysc2/observation_keys.h"

namespace sc2::pysc2 {
namespace {

using SC2APIProtocol::UnitInfo;

void add_unit(Table& table, const UnitInfo& unit) {
  table.add_row({unit.unit_type(), unit.player_relative(), unit.health(), unit.shields(), unit.energy(),
                 unit.transport_slots_taken(), truncate_to_int(static_cast<double>(unit.build_progress()) * 100.0)});
}

Table unit_list(const google::protobuf::RepeatedPtrField<UnitInfo>& units) {
  Table table(columns::unit_info);
  for (const UnitInfo& unit : units) add_unit(table, unit);
  return table;
}

}  // namespace

void fill_ui_keys(const SC2APIProtocol::ObservationUI& ui, Observation& observation) {
  observation.single_select = Table(columns::unit_info);
  observation.multi_select = Table(columns::unit_info);
  observation.build_queue = Table(columns::unit_info);
  observation.cargo = Table(columns::unit_info);
  observation.cargo_slots_available = 0;
  observation.production_queue = Table(columns::production_queue);
  observation.control_groups = Table(columns::control_group, 10);

  // The single unit comes from whichever panel shows one (PySC2 fills it from all three).
  if (ui.has_single()) add_unit(observation.single_select, ui.single().unit());
  if (ui.has_multi()) observation.multi_select = unit_list(ui.multi().units());
  if (ui.has_cargo()) {
    add_unit(observation.single_select, ui.cargo().unit());
    observation.cargo = unit_list(ui.cargo().passengers());
    observation.cargo_slots_available = ui.cargo().slots_available();
  }
  if (ui.has_production()) {
    add_unit(observation.single_select, ui.production().unit());
    observation.build_queue = unit_list(ui.production().build_queue());
    for (const auto& item : ui.production().production_queue()) {
      observation.production_queue.add_row(
          {item.ability_id(), truncate_to_int(static_cast<double>(item.build_progress()) * 100.0)});
    }
  }
  for (const auto& group : ui.groups()) {
    const std::uint32_t index = group.control_group_index();
    if (index >= 10) continue;  // PySC2 has ten groups; a larger index has no row
    observation.control_groups.at(static_cast<int>(index), 0) = group.leader_unit_type();
    observation.control_groups.at(static_cast<int>(index), 1) = group.count();
  }
}

}  // namespace sc2::pysc2
