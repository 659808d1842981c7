#pragma once
// Scripted CollectMineralShards, both PySC2 variants (shared/spec/pysc2-scripted-agents.md):
//
// * CollectMineralShardsAgent (feature layers, army moved as one): with the Marines
//   selected, Move_screen to the NEUTRAL pixel of player_relative nearest to the SELF
//   centroid (first pixel in row-major order on ties); otherwise select_army.
// * CollectMineralShardsFeatureUnitsAgent (feature units, Marines split): alternate steps
//   select one Marine (select_point on it) and send it to its nearest shard, skipping the
//   shard the other Marine was sent to last.
//
// The registry plays the split variant for "scripted": the two Marines sweep two shards
// at a time instead of one. Measured on sc2lite (4 episodes, seeds 1 and 2, under the former
// 2688-loop limit): split ~107, army-as-one ~93; split ~100 at the real 1920.
#include "agents/agent.h"

namespace sc2::agents {

class CollectMineralShardsAgent final : public Agent {
 public:
  void setup(const AgentSpec&) override {}
  void reset() override {}
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }
};

class CollectMineralShardsFeatureUnitsAgent final : public Agent {
 public:
  void setup(const AgentSpec&) override {}
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  bool marine_selected_ = false;  // the last call selected a Marine, so this step moves it
  int previous_x_ = -1, previous_y_ = -1;  // the shard the other Marine was sent to
};

}  // namespace sc2::agents
