#pragma once
// The orders the economy agents compose: each returns the selection call and stores the
// command that follows it in `follow_up`.
#include <optional>

#include "agents/base_economy.h"

namespace sc2::agents {

// select_idle_worker, then Harvest_Gather_screen on the field `fields` assigns.
std::optional<pysc2::FunctionCall> order_idle_worker_to_mine(const pysc2::Observation& observation,
                                                            const BaseView& base, FieldPlan& fields,
                                                            FollowUp& follow_up);
// select_point on the site's builder, then `build_function` at the site's spot.
std::optional<pysc2::FunctionCall> order_build(int build_function, const BuildSite& site, FollowUp& follow_up);
// select_point (all of that type) on the first of `producers`, then `train_function`.
std::optional<pysc2::FunctionCall> order_train(const std::vector<ScreenUnit>& producers, int train_function,
                                               FollowUp& follow_up);

}  // namespace sc2::agents
