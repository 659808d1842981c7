#include "agents/observation_helpers.h"

#include <algorithm>

namespace sc2::agents {

bool is_available(const pysc2::Observation& observation, int function) {
  const auto& available = observation.available_actions;
  return std::find(available.begin(), available.end(), function) != available.end();
}

std::vector<ScreenUnit> screen_units(const pysc2::Observation& observation, int alliance) {
  const pysc2::Table& table = observation.feature_units;
  std::vector<ScreenUnit> units;
  if (table.empty()) return units;
  const int c_type = table.column("unit_type"), c_alliance = table.column("alliance"), c_x = table.column("x"),
            c_y = table.column("y"), c_health = table.column("health"), c_selected = table.column("is_selected"),
            c_tag = table.column("tag"), c_radius = table.column("radius"),
            c_progress = table.column("build_progress");
  for (int row = 0; row < table.rows; ++row) {
    if (table.at(row, c_alliance) != alliance) continue;
    ScreenUnit unit;
    unit.unit_type = static_cast<int>(table.at(row, c_type));
    unit.alliance = alliance;
    unit.x = static_cast<int>(table.at(row, c_x));
    unit.y = static_cast<int>(table.at(row, c_y));
    unit.health = static_cast<int>(table.at(row, c_health));
    unit.selected = table.at(row, c_selected) != 0;
    unit.tag = table.at(row, c_tag);
    unit.radius = static_cast<int>(table.at(row, c_radius));
    unit.build_progress = static_cast<int>(table.at(row, c_progress));
    units.push_back(unit);
  }
  return units;
}

}  // namespace sc2::agents
