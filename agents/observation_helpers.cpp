#include "agents/observation_helpers.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace sc2::agents {

bool is_available(const pysc2::Observation& observation, int function) {
  const auto& available = observation.available_actions;
  return std::find(available.begin(), available.end(), function) != available.end();
}

namespace {

// The screen's size in pixels, from its layers; nullopt without any.
std::optional<std::pair<int, int>> screen_size(const pysc2::Observation& observation) {
  for (const pysc2::Layer& layer : observation.feature_screen) {
    if (layer.width > 0 && layer.height > 0) return std::pair{layer.width, layer.height};
  }
  return std::nullopt;
}

}  // namespace

std::vector<ScreenUnit> screen_units(const pysc2::Observation& observation, int alliance) {
  const pysc2::Table& table = observation.feature_units;
  std::vector<ScreenUnit> units;
  if (table.empty()) return units;
  // feature_units lists every unit whose disc touches the screen (as PySC2's does), so a centre
  // may lie off it: such a unit cannot be clicked at its centre, and a screen argument there is
  // refused (select_point [64, 42] on a 64-wide screen ended a melee episode). Left out.
  const std::optional<std::pair<int, int>> size = screen_size(observation);
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
    if (size && (unit.x < 0 || unit.y < 0 || unit.x >= size->first || unit.y >= size->second)) continue;
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
