#pragma once
// Small readers of a PySC2 observation shared by the scripted agents: is a function
// offered, and the on-screen units of one alliance from the feature_units table.
#include <cstdint>
#include <optional>
#include <vector>

#include "client/pysc2/observation.h"

namespace sc2::agents {

// PySC2 player_relative / alliance value of enemies (SELF = 1 and NEUTRAL = 3 are in
// function_ids.h).
inline constexpr int kPlayerEnemy = 4;

bool is_available(const pysc2::Observation& observation, int function);

// One row of feature_units, reduced to what the scripted agents read (screen pixels).
struct ScreenUnit {
  int unit_type = 0;
  int alliance = 0;
  int x = 0;
  int y = 0;
  int health = 0;
  bool selected = false;
  std::int64_t tag = 0;
  int radius = 0;           // screen pixels
  int build_progress = 100; // percent; below 100 = structure under construction
};

// feature_units rows of this alliance, in table order (empty without raw data).
// Units whose centre is off the screen are left out (they cannot be clicked at their centre).
std::vector<ScreenUnit> screen_units(const pysc2::Observation& observation, int alliance);

// Squared pixel distance (exact in integers, so ties are exact too).
inline long squared_distance(int x0, int y0, int x1, int y1) {
  const long dx = x1 - x0, dy = y1 - y0;
  return dx * dx + dy * dy;
}

}  // namespace sc2::agents
