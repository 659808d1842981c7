#pragma once
// Our scripted CollectMineralsAndGas (no PySC2 original). Score = minerals + gas collected
// in 420 s, so: every SCV mines, and the Command Center trains SCVs without pause while
// more workers still add income (two per mineral field), building a Supply Depot when supply
// runs short. Workers fill the near (west) mineral line two per field before the
// long-distance east line (12-13 from the Command Center) gets any (FieldPlan). No Refinery:
// one Command Center cannot train more than ~24 SCVs in 420 s, fewer than the 16 fields'
// two-per-field saturation (a Refinery on one of the two nearer geysers, 6.7 and 8.5 away,
// might still beat the far fields a little per worker; not tried).
//
// Every step, in order:
// 1. the follow-up of last step's selection (Harvest_Gather / Build / Train) if offered;
// 2. an idle SCV (player.idle_worker_count): select_idle_worker, then Harvest_Gather_screen
//    on the field FieldPlan gives (nearest field with fewer than two, then the rest);
// 3. supply within 2 of the cap, no depot building or ordered recently, 100 minerals:
//    select an SCV, then Build_SupplyDepot_screen on a free spot (a spot the
//    game refused, by action_result, is not tried again); the SCV nearest the spot builds;
//    until the depot shows up (or the cooldown ends) 100 minerals stay banked for it, since
//    the SCV pays on arrival and an empty bank then drops the order;
// 4. fewer SCVs than two per field, 50 minerals, supply free, nothing in training: select
//    the Command Center, then Train_SCV_quick;
// 5. no_op.
#include <vector>

#include "agents/agent.h"
#include "agents/base_economy.h"

namespace sc2::agents {

class CollectMineralsAndGasAgent final : public Agent {
 public:
  void setup(const AgentSpec& spec) override;
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  double pixels_per_world_ = 64.0 / 24.0;
  FollowUp follow_up_;
  FieldPlan fields_;
  int steps_ = 0;
  int depot_ordered_step_ = -1000;
  int depots_at_order_ = 0;  // depots on screen when the last one was ordered
  bool depot_order_sent_ = false;  // the last call was a Build_SupplyDepot
  std::vector<Pixel2> refused_spots_;
  Pixel2 last_spot_{};
};

}  // namespace sc2::agents
