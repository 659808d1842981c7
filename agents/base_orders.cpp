#include "agents/base_orders.h"

#include "agents/function_ids.h"
#include "client/pysc2/actions.h"

namespace sc2::agents {

std::optional<pysc2::FunctionCall> order_idle_worker_to_mine(const pysc2::Observation& observation,
                                                            const BaseView& base, FieldPlan& fields,
                                                            FollowUp& follow_up) {
  static const int gather = function_id("Harvest_Gather_screen");
  if (base.idle_workers <= 0 || !is_available(observation, pysc2::fn::select_idle_worker)) return std::nullopt;
  const auto field = fields.assign(base);
  if (!field) return std::nullopt;
  follow_up.set({gather, {{kQueuedNow}, {field->x, field->y}}});
  return pysc2::FunctionCall{pysc2::fn::select_idle_worker, {{kSelectWorkerSet}}};
}

std::optional<pysc2::FunctionCall> order_build(int build_function, const BuildSite& site, FollowUp& follow_up) {
  follow_up.set({build_function, {{kQueuedNow}, {site.spot.x, site.spot.y}}});
  return pysc2::FunctionCall{pysc2::fn::select_point, {{kSelectPointSelect}, {site.builder.x, site.builder.y}}};
}

std::optional<pysc2::FunctionCall> order_train(const std::vector<ScreenUnit>& producers, int train_function,
                                               FollowUp& follow_up) {
  for (const auto& producer : producers) {
    if (producer.build_progress < 100) continue;
    follow_up.set({train_function, {{kQueuedNow}}});
    return pysc2::FunctionCall{pysc2::fn::select_point, {{kSelectPointAllType}, {producer.x, producer.y}}};
  }
  return std::nullopt;
}

}  // namespace sc2::agents
