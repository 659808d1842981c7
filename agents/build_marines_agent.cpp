#include "agents/build_marines_agent.h"

#include "agents/base_orders.h"
#include "agents/function_ids.h"

namespace sc2::agents {

void BuildMarinesAgent::setup(const AgentSpec& spec) {
  pixels_per_world_ = spec.feature_screen_size / kCameraWidthWorldEconomy;
}

void BuildMarinesAgent::reset() {
  follow_up_.clear();
  next_field_ = steps_ = 0;
  depot_ordered_step_ = barracks_ordered_step_ = -1000;
  build_sent_ = 0;
  refused_spots_.clear();
  depot_pending_.reset();
  barracks_pending_.reset();
  depots_at_order_ = barracks_at_order_ = 0;
}

std::optional<pysc2::FunctionCall> BuildMarinesAgent::build(const pysc2::Observation& observation,
                                                            const BaseView& base, int function,
                                                            double footprint) {
  // Pending orders' spots are excluded too: their structures do not show yet.
  const SpotQuery query{footprint, 0.5, 5, pixels_per_world_, 0.5, false};
  std::vector<Pixel2> excluded = refused_spots_;
  for (const auto& pending : {depot_pending_, barracks_pending_})
    if (pending) excluded.push_back(*pending);
  auto site = find_build_spot(observation, base, query, excluded);
  if (!site) return std::nullopt;
  last_spot_ = site->spot;
  return order_build(function, *site, follow_up_);
}

pysc2::FunctionCall BuildMarinesAgent::step(const pysc2::TimeStep& time_step) {
  static const int build_depot = function_id("Build_SupplyDepot_screen");
  static const int build_barracks = function_id("Build_Barracks_screen");
  static const int train_scv = function_id("Train_SCV_quick");
  static const int train_marine = function_id("Train_Marine_quick");
  const auto& observation = time_step.observation;
  const int now = steps_++;
  if (build_sent_ != 0 && !observation.action_result.empty()) {
    // Refused at once (placement, cost): never this spot again; the next one right away.
    refused_spots_.push_back(last_spot_);
    (build_sent_ == build_depot ? depot_ordered_step_ : barracks_ordered_step_) = -1000;
  }
  build_sent_ = 0;
  const BaseView base = BaseView::read(observation);
  // A Build order is pending until its structure shows up or the cooldown ends; its SCV pays
  // on arrival (an empty bank then drops the order), so its cost stays banked meanwhile.
  // One that never showed (its SCV could not get there) makes its spot a refused one.
  const auto settle = [&](std::optional<Pixel2>& pending, int ordered_step, std::size_t count, int count_at_order) {
    if (!pending) return;
    if (static_cast<int>(count) > count_at_order) {
      pending.reset();
    } else if (now - ordered_step > kBuildCooldownSteps) {
      refused_spots_.push_back(*pending);
      pending.reset();
    }
  };
  settle(depot_pending_, depot_ordered_step_, base.depots.size(), depots_at_order_);
  settle(barracks_pending_, barracks_ordered_step_, base.barracks.size(), barracks_at_order_);
  const int reserved = (depot_pending_ ? 100 : 0) + (barracks_pending_ ? 150 : 0);

  if (auto call = follow_up_.take(observation)) {
    if (call->function == build_depot) {
      depot_ordered_step_ = now;
      depot_pending_ = last_spot_;
      depots_at_order_ = static_cast<int>(base.depots.size());
    } else if (call->function == build_barracks) {
      barracks_ordered_step_ = now;
      barracks_pending_ = last_spot_;
      barracks_at_order_ = static_cast<int>(base.barracks.size());
    }
    if (call->function == build_depot || call->function == build_barracks) build_sent_ = call->function;
    return *call;
  }
  if (auto call = order_idle_worker_to_mine(observation, base, next_field_, follow_up_)) return *call;

  const int barracks_total = static_cast<int>(base.barracks.size());
  const bool depot_building = BaseView::finished(base.depots) < static_cast<int>(base.depots.size());
  const bool supply_short = base.food_cap - base.food_used <= 2 + 2 * barracks_total && base.food_cap < 200;
  const int bank = base.minerals_banked - reserved;
  if (supply_short && bank >= 100 && !depot_pending_ && !depot_building &&
      now - depot_ordered_step_ > kBuildCooldownSteps) {
    if (auto call = build(observation, base, build_depot, 2)) return *call;
  }
  const bool supply_free = base.food_used < base.food_cap;
  if (static_cast<int>(base.scvs.size()) < kWantedScvs && bank >= 50 && supply_free &&
      base.in_production() == 0) {
    if (auto call = order_train(base.command_centers, train_scv, follow_up_)) return *call;
  }
  const bool barracks_wanted = barracks_total < kWantedBarracks;
  if (barracks_wanted && BaseView::finished(base.depots) > 0 && bank >= 150 && !barracks_pending_ &&
      now - barracks_ordered_step_ > kBuildCooldownSteps) {
    if (auto call = build(observation, base, build_barracks, 3)) return *call;
  }
  const int finished_barracks = BaseView::finished(base.barracks);
  const int reserve = barracks_wanted && BaseView::finished(base.depots) > 0 ? 150 : 0;
  if (finished_barracks > 0 && bank >= 50 + reserve && supply_free &&
      base.in_production() < finished_barracks) {
    if (auto call = order_train(base.barracks, train_marine, follow_up_)) return *call;
  }
  return {};
}

}  // namespace sc2::agents

