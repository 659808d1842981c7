#pragma once
// Our scripted FindAndDefeatZerglings (no PySC2 original). The Zerglings hide in the fog
// of a 48x48 area; the three Marines must find them. The agent works on the minimap only
// (it covers the whole map, so the camera never needs to follow):
// 1. Attack_minimap not offered (nothing selected): select_army;
// 2. enemies on the minimap (player_relative 4, i.e. visible now): attack-move to the one
//    nearest the Marines' centre;
// 3. otherwise explore: attack-move to the nearest never-seen pathable minimap pixel
//    (visibility_map 0), kept as the goal until it is seen; once everything has been seen,
//    sweep the corners of the pathable area in turn, so Zerglings that moved are met again;
// 4. an attack-move to (about) the same pixel as the last order is not re-sent: re-ordering
//    restarts the Marines' target acquisition. no_op then.
// Attack-moving Marines fight whatever they meet on the way.
#include <optional>

#include "agents/agent.h"
#include "agents/base_economy.h"

namespace sc2::agents {

class FindAndDefeatZerglingsAgent final : public Agent {
 public:
  void setup(const AgentSpec& spec) override;
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  std::optional<Pixel2> exploration_goal(const pysc2::Observation& observation, Pixel2 army);

  std::optional<Pixel2> goal_;        // current exploration goal
  std::optional<Pixel2> last_order_;  // pixel of the last Attack_minimap
  int next_corner_ = 0;
  int minimap_size_ = 64;
};

}  // namespace sc2::agents
