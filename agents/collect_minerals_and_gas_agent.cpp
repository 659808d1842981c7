#include "agents/collect_minerals_and_gas_agent.h"

#include "agents/base_orders.h"
#include "agents/function_ids.h"

namespace sc2::agents {

void CollectMineralsAndGasAgent::setup(const AgentSpec& spec) {
  pixels_per_world_ = spec.feature_screen_size / kCameraWidthWorldEconomy;
}

void CollectMineralsAndGasAgent::reset() {
  follow_up_.clear();
  fields_.clear();
  steps_ = 0;
  depot_ordered_step_ = -1000;
  depot_order_sent_ = false;
  refused_spots_.clear();
}

pysc2::FunctionCall CollectMineralsAndGasAgent::step(const pysc2::TimeStep& time_step) {
  static const int build_depot = function_id("Build_SupplyDepot_screen");
  static const int train_scv = function_id("Train_SCV_quick");
  const auto& observation = time_step.observation;
  const int now = steps_++;
  if (depot_order_sent_ && !observation.action_result.empty()) {
    // The game refused the spot (or the order): try elsewhere, and at once.
    refused_spots_.push_back(last_spot_);
    depot_ordered_step_ = -1000;
  }
  depot_order_sent_ = false;

  if (auto call = follow_up_.take(observation)) {
    if (call->function == build_depot) {
      depot_order_sent_ = true;
      depot_ordered_step_ = now;
      depots_at_order_ = static_cast<int>(BaseView::read(observation).depots.size());
    }
    return *call;
  }
  const BaseView base = BaseView::read(observation);
  if (auto call = order_idle_worker_to_mine(observation, base, fields_, follow_up_)) return *call;

  const bool depot_building = BaseView::finished(base.depots) < static_cast<int>(base.depots.size());
  if (base.food_cap - base.food_used <= 2 && base.food_cap < 200 && base.minerals_banked >= 100 && !depot_building &&
      now - depot_ordered_step_ > kBuildCooldownSteps) {
    const SpotQuery query{2, 1, 5, pixels_per_world_};
    if (auto site = find_build_spot(observation, base, query, refused_spots_)) {
      last_spot_ = site->spot;
      return *order_build(build_depot, *site, follow_up_);
    }
  }

  // A depot ordered but not started yet: its SCV pays on arrival, so keep the money.
  const bool depot_pending = now - depot_ordered_step_ <= kBuildCooldownSteps &&
                             static_cast<int>(base.depots.size()) <= depots_at_order_;
  const int wanted_workers = 2 * static_cast<int>(base.minerals.size());
  if (static_cast<int>(base.scvs.size()) < wanted_workers && base.minerals_banked >= 50 + (depot_pending ? 100 : 0) &&
      base.food_used < base.food_cap && base.in_production() == 0) {
    if (auto call = order_train(base.command_centers, train_scv, follow_up_)) return *call;
  }
  return {};
}

}  // namespace sc2::agents
