#include "app/session/policy_trace.h"

namespace sc2::app {

void PolicyTrace::new_episode() {
  values_.clear();
  steps_ = 0;
}

std::shared_ptr<const AgentPolicy> PolicyTrace::add(const agents::PolicyView& view, std::uint32_t game_loop) {
  values_.push_back(view.value);
  ++steps_;
  if (values_.size() > kMaxValues) values_.erase(values_.begin(), values_.begin() + (values_.size() - kMaxValues));
  auto policy = std::make_shared<AgentPolicy>();
  policy->view = view;
  policy->game_loop = game_loop;
  policy->values = values_;
  policy->first_value_step = steps_ - static_cast<std::int64_t>(values_.size());
  return policy;
}

}  // namespace sc2::app
