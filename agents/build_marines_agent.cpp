#include "agents/build_marines_agent.h"

#include <algorithm>
#include <cmath>

#include "agents/base_orders.h"
#include "agents/function_ids.h"
#include "client/pysc2/actions.h"

namespace sc2::agents {

void BuildMarinesAgent::setup(const AgentSpec& spec) {
  pixels_per_world_ = spec.feature_screen_size / kCameraWidthWorldEconomy;
  screen_size_ = spec.feature_screen_size;
}

void BuildMarinesAgent::reset() {
  follow_up_.clear();
  fields_.clear();
  start_ = Start::SelectScvs;
  steps_ = 0;
  depot_ordered_step_ = barracks_ordered_step_ = -1000;
  build_sent_ = 0;
  refused_spots_.clear();
  depot_pending_.reset();
  barracks_pending_.reset();
  depots_at_order_ = barracks_at_order_ = 0;
}

std::optional<Pixel2> BuildMarinesAgent::offset_pixel(const BaseView& base, BaseOffset offset) const {
  if (base.command_centers.empty() || base.minerals.empty()) return std::nullopt;
  const ScreenUnit& cc = base.command_centers.front();
  long minerals_x = 0;
  for (const auto& field : base.minerals) minerals_x += field.x;
  const double away = minerals_x < static_cast<long>(cc.x) * static_cast<long>(base.minerals.size()) ? 1.0 : -1.0;
  return Pixel2{static_cast<int>(std::lround(cc.x + away * offset.away * pixels_per_world_)),
                static_cast<int>(std::lround(cc.y - offset.north * pixels_per_world_))};
}

std::optional<Pixel2> BuildMarinesAgent::pixel_at(const BaseView& base, BaseOffset offset) const {
  const auto p = offset_pixel(base, offset);
  if (!p || p->x < 0 || p->y < 0 || p->x >= screen_size_ || p->y >= screen_size_) return std::nullopt;
  return p;
}

std::optional<BuildSite> BuildMarinesAgent::planned_site(const BaseView& base, const std::vector<BaseOffset>& plan,
                                                         const std::vector<Pixel2>& excluded) const {
  std::vector<ScreenUnit> structures = base.depots;
  structures.insert(structures.end(), base.barracks.begin(), base.barracks.end());
  for (BaseOffset offset : plan) {
    const auto spot = pixel_at(base, offset);
    if (!spot || std::find(excluded.begin(), excluded.end(), *spot) != excluded.end()) continue;
    const bool taken = std::any_of(structures.begin(), structures.end(), [&](const ScreenUnit& s) {
      return static_cast<double>(squared_distance(s.x, s.y, spot->x, spot->y)) < pixels_per_world_ * pixels_per_world_;
    });
    if (taken) continue;
    const auto builder = nearest_free_builder(base, *spot, pixels_per_world_);
    if (!builder) return std::nullopt;
    return BuildSite{*spot, *builder};
  }
  return std::nullopt;
}

std::optional<pysc2::FunctionCall> BuildMarinesAgent::build(const pysc2::Observation& observation,
                                                            const BaseView& base, int function,
                                                            double footprint) {
  static const int build_barracks = function_id("Build_Barracks_screen");
  // Pending orders' spots are excluded too: their structures do not show yet.
  std::vector<Pixel2> excluded = refused_spots_;
  for (const auto& pending : {depot_pending_, barracks_pending_})
    if (pending) excluded.push_back(*pending);
  const std::vector<BaseOffset> plan = function == build_barracks
                                           ? std::vector<BaseOffset>(std::begin(kBarracksPlan), std::end(kBarracksPlan))
                                           : std::vector<BaseOffset>(std::begin(kDepotPlan), std::end(kDepotPlan));
  auto site = planned_site(base, plan, excluded);
  if (!site) {
    // The plan used up: any free spot off the mining lanes.
    const SpotQuery query{footprint, 0.5, 5, pixels_per_world_, 0.5, false, 1.0};
    site = find_build_spot(observation, base, query, excluded);
  }
  if (!site) return std::nullopt;
  last_spot_ = site->spot;
  return order_build(function, *site, follow_up_);
}

std::optional<pysc2::FunctionCall> BuildMarinesAgent::park_marines(const BaseView& base) {
  static const int move = function_id("Move_screen");
  auto park = offset_pixel(base, kParkOffset);
  if (!park || base.marines.empty()) return std::nullopt;
  // On the screen, a world unit inside its edges.
  const int edge = static_cast<int>(std::lround(pixels_per_world_));
  park->x = std::clamp(park->x, edge, screen_size_ - 1 - edge);
  park->y = std::clamp(park->y, edge, screen_size_ - 1 - edge);
  const double near = kParkRadiusWorld * pixels_per_world_;
  const bool scattered = std::any_of(base.marines.begin(), base.marines.end(), [&](const ScreenUnit& m) {
    return static_cast<double>(squared_distance(m.x, m.y, park->x, park->y)) > near * near;
  });
  if (!scattered) return std::nullopt;
  follow_up_.set({move, {{kQueuedNow}, {park->x, park->y}}});
  return pysc2::FunctionCall{pysc2::fn::select_army, {{0}}};
}

std::optional<pysc2::FunctionCall> BuildMarinesAgent::take_over_start(const pysc2::Observation& observation,
                                                                      const BaseView& base) {
  static const int stop = function_id("Stop_quick");
  static const int smart = function_id("Smart_screen");
  static const int rally = function_id("Rally_Workers_screen");
  const auto fields = fields_by_distance(base);
  if (base.scvs.empty() || base.command_centers.empty() || fields.empty()) return std::nullopt;
  // Open ground between the Command Center and its nearest field.
  const ScreenUnit& cc = base.command_centers.front();
  const std::vector<int> ground{(cc.x + fields.front().x) / 2, (cc.y + fields.front().y) / 2};
  switch (start_) {
    case Start::SelectScvs:
      start_ = Start::StopScvs;
      return pysc2::FunctionCall{pysc2::fn::select_point,
                                 {{kSelectPointAllType}, {base.scvs.front().x, base.scvs.front().y}}};
    case Start::StopScvs:
      start_ = Start::SelectCommandCenter;
      if (is_available(observation, stop)) return pysc2::FunctionCall{stop, {{kQueuedNow}}};
      if (is_available(observation, smart)) return pysc2::FunctionCall{smart, {{kQueuedNow}, ground}};
      start_ = Start::SelectScvs;  // the selection failed: again
      return std::nullopt;
    case Start::SelectCommandCenter:
      start_ = Start::Rally;
      return pysc2::FunctionCall{pysc2::fn::select_point, {{kSelectPointSelect}, {cc.x, cc.y}}};
    case Start::Rally:
      start_ = Start::Done;
      if (is_available(observation, rally)) return pysc2::FunctionCall{rally, {{kQueuedNow}, ground}};
      return std::nullopt;
    case Start::Done:
      return std::nullopt;
  }
  return std::nullopt;
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
  if (auto call = take_over_start(observation, base)) return *call;
  if (auto call = order_idle_worker_to_mine(observation, base, fields_, follow_up_)) return *call;

  const int barracks_total = static_cast<int>(base.barracks.size());
  const bool depot_building = BaseView::finished(base.depots) < static_cast<int>(base.depots.size());
  const bool supply_short = base.food_cap - base.food_used <= 2 + 2 * barracks_total && base.food_cap < 200;
  const int bank = base.minerals_banked - reserved;
  // One Build order on its way at a time: the nearest SCV to the next spot may be the one
  // walking to the last (a second order would replace its first).
  const bool build_pending = depot_pending_ || barracks_pending_;
  if (supply_short && bank >= 100 && !build_pending && !depot_building &&
      now - depot_ordered_step_ > kBuildCooldownSteps) {
    if (auto call = build(observation, base, build_depot, 2)) return *call;
  }
  const bool supply_free = base.food_used < base.food_cap;
  if (static_cast<int>(base.scvs.size()) < kWantedScvs && bank >= 50 && supply_free && base.scvs_queued == 0) {
    if (auto call = order_train(base.command_centers, train_scv, follow_up_)) return *call;
  }
  const bool barracks_wanted = barracks_total < kWantedBarracks;
  if (barracks_wanted && BaseView::finished(base.depots) > 0 && bank >= 150 && !build_pending &&
      now - barracks_ordered_step_ > kBuildCooldownSteps) {
    if (auto call = build(observation, base, build_barracks, 3)) return *call;
  }
  const int finished_barracks = BaseView::finished(base.barracks);
  const int reserve = barracks_wanted && BaseView::finished(base.depots) > 0 ? 150 : 0;
  if (finished_barracks > 0 && bank >= 50 + reserve && supply_free && base.marines_queued < finished_barracks) {
    if (auto call = order_train(base.barracks, train_marine, follow_up_)) return *call;
  }
  if (auto call = park_marines(base)) return *call;
  return {};
}

}  // namespace sc2::agents

