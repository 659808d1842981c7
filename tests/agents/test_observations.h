#pragma once
// Fabricated observations for agent tests: only what the agents read
// (available_actions, the player_relative screen layer).
#include <algorithm>
#include <vector>

#include "client/pysc2/observation.h"

namespace sc2::test {

inline pysc2::Layer blank_layer(const char* name, int size) {
  pysc2::Layer layer;
  layer.name = name;
  layer.width = size;
  layer.height = size;
  layer.values.assign(static_cast<std::size_t>(size) * size, 0);
  return layer;
}

inline void paint(pysc2::Layer& layer, int x0, int y0, int x1, int y1, int value) {
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) layer.values[static_cast<std::size_t>(y) * layer.width + x] = value;
}

inline pysc2::TimeStep time_step_with(std::vector<int> available, std::vector<pysc2::Layer> screen = {}) {
  std::sort(available.begin(), available.end());
  pysc2::TimeStep step;
  step.step_type = pysc2::StepType::mid;
  step.observation.available_actions = std::move(available);
  step.observation.feature_screen = std::move(screen);
  return step;
}

// Appends a feature_units row: type, alliance, screen (x, y), is_selected, tag.
inline void add_unit(pysc2::Observation& observation, int unit_type, int alliance, int x, int y, bool selected = false,
                     std::int64_t tag = 0) {
  auto& table = observation.feature_units;
  const int row = table.add_row();
  table.at(row, table.column("unit_type")) = unit_type;
  table.at(row, table.column("alliance")) = alliance;
  table.at(row, table.column("x")) = x;
  table.at(row, table.column("y")) = y;
  table.at(row, table.column("health")) = 45;
  table.at(row, table.column("is_selected")) = selected ? 1 : 0;
  table.at(row, table.column("tag")) = tag;
}

}  // namespace sc2::test
