#pragma once
// The PySC2 observation in C++: named feature layers and the structured keys, decoded
// from one ResponseObservation. The raw proto is kept for views that need raw units.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "client/pysc2/function_call.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

enum class LayerKind { categorical, scalar };

// One decoded feature layer: values[y * width + x], row 0 at the top.
struct Layer {
  std::string name;   // PySC2's name, e.g. "player_relative"
  LayerKind kind = LayerKind::categorical;
  int scale = 0;      // number of distinct values PySC2 assumes (palette length)
  int width = 0;
  int height = 0;
  std::vector<std::int32_t> values;  // all zeros when the game did not send the layer

  std::int32_t at(int x, int y) const { return values[static_cast<std::size_t>(y) * width + x]; }
  bool empty() const { return values.empty(); }
};

struct Observation {
  std::vector<Layer> feature_screen;   // PySC2 order (27 layers)
  std::vector<Layer> feature_minimap;  // PySC2 order (11 layers)
  // player: player_id, minerals, vespene, food_used, food_cap, food_army, food_workers,
  // idle_worker_count, army_count, warp_gate_count, larva_count (PySC2's order).
  std::array<std::int64_t, 11> player{};
  std::uint32_t game_loop = 0;
  std::int64_t score = 0;                 // score.score (score_cumulative[0])
  std::vector<int> available_actions;     // function ids, ascending
  std::vector<FunctionCall> last_actions; // what the game says was done since last time
  std::vector<int> action_result;         // ActionResult values of action_errors
  SC2APIProtocol::ResponseObservation proto;  // everything the game sent

  const Layer* screen(std::string_view name) const;   // nullptr when no such layer
  const Layer* minimap(std::string_view name) const;
};

enum class StepType { first, mid, last };

struct TimeStep {
  StepType step_type = StepType::first;
  float reward = 0.0f;     // change of score.score since the previous step (0 on first)
  float discount = 1.0f;   // 0 on the first and the last step (as PySC2), else 1
  Observation observation;

  bool first() const { return step_type == StepType::first; }
  bool last() const { return step_type == StepType::last; }
};

}  // namespace sc2::pysc2
