#pragma once
// Our scripted BuildMarines (no PySC2 original). Score = Marines built in 900 s, so the
// agent grows the economy a little, then spends everything on Barracks and Marines:
// every SCV mines; the Command Center trains SCVs up to kWantedScvs; Supply Depots go up
// ahead of need (more Barracks use supply faster); once a depot is finished, Barracks up
// to kWantedBarracks; every finished Barracks trains Marines without pause.
//
// Every step, in order:
// 1. the follow-up of last step's selection (Harvest_Gather / Build / Train) if offered;
// 2. an idle SCV: select_idle_worker, then Harvest_Gather_screen on the next mineral field;
// 3. free supply <= 2 + 2 x Barracks (cap below 200), no depot under construction or
//    ordered recently, 100 minerals: an SCV builds a Supply Depot on a free spot;
// 4. fewer than kWantedScvs SCVs, 50 minerals, supply free, nothing in training: Train_SCV;
// 5. a finished depot, fewer than kWantedBarracks Barracks, none ordered recently, 150
//    minerals: an SCV builds a Barracks on a free spot;
// 6. finished Barracks, 50 minerals (plus 150 kept for the next Barracks while some are
//    still wanted), supply free, fewer Marines in training than finished Barracks: select
//    every Barracks (select_point, all of the type), then Train_Marine_quick (the game
//    queues it at the shortest queue);
// 7. no_op.
// A spot the game refuses (action_result after the Build order) is not tried again, nor one
// whose structure did not show within kBuildCooldownSteps (its SCV could not get there). A
// Build order is pending until then: meanwhile its cost stays banked (the SCV pays on
// arrival) and no second one of the kind is ordered.
#include <vector>

#include "agents/agent.h"
#include "agents/base_economy.h"

namespace sc2::agents {

inline constexpr int kWantedScvs = 18;     // two per field on the 8 fields, plus builders
inline constexpr int kWantedBarracks = 5;  // ~ what 16 miners' income keeps busy

class BuildMarinesAgent final : public Agent {
 public:
  void setup(const AgentSpec& spec) override;
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  std::optional<pysc2::FunctionCall> build(const pysc2::Observation& observation, const BaseView& base,
                                           int function, double footprint);

  double pixels_per_world_ = 64.0 / 24.0;
  FollowUp follow_up_;
  int next_field_ = 0;
  int steps_ = 0;
  int depot_ordered_step_ = -1000;
  int barracks_ordered_step_ = -1000;
  int build_sent_ = 0;  // function id of the Build order sent last step, else 0
  std::vector<Pixel2> refused_spots_;  // the game answered the Build order with an error
  std::optional<Pixel2> depot_pending_, barracks_pending_;  // ordered, not showing yet
  int depots_at_order_ = 0, barracks_at_order_ = 0;      // counts when they were ordered
  Pixel2 last_spot_{};
};

}  // namespace sc2::agents
