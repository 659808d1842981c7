#pragma once
// Scripted DefeatRoaches, PySC2's feature-layer version (shared/spec/pysc2-scripted-agents.md):
// with the Marines selected, all of them Attack_screen the ENEMY pixel of player_relative
// with the largest y (lowest on the screen; the first such pixel in row-major order), so
// they focus one Roach at a time; otherwise select_army; otherwise no_op.
// (The spec's raw variant, not written here, takes the smallest raw y instead.)
#include "agents/agent.h"

namespace sc2::agents {

class DefeatRoachesAgent final : public Agent {
 public:
  void setup(const AgentSpec&) override {}
  void reset() override {}
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }
};

}  // namespace sc2::agents
