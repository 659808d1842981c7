#pragma once
// What the watched agent's policy said, as the UI shows it (issue 17, "see what it thinks"):
// the last step's PolicyView (agents/policy_view.h) and the value estimate at each agent step
// of the episode. The game thread makes one AgentPolicy per agent step and shares it read-only
// with the UI through the snapshot (a pointer: the UI's frames copy nothing; the view is copied
// once per step because the agent overwrites its own at the next step).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "agents/policy_view.h"

namespace sc2::app {

struct AgentPolicy {
  agents::PolicyView view;      // the last agent step's
  std::uint32_t game_loop = 0;  // of the observation the agent chose on
  // The value estimate at each agent step of this episode, oldest first (the last is
  // view.value); at most PolicyTrace::kMaxValues, the newest kept.
  std::vector<float> values;
  std::int64_t first_value_step = 0;  // the episode's agent step of values.front() (0 until values are dropped)
};

// Game thread only: the episode's values so far and each step's AgentPolicy.
class PolicyTrace {
 public:
  // More agent steps than the longest mini-game has at step_mul 1 (~20,000) are not plotted:
  // the oldest go, so that a step's copy stays small.
  static constexpr std::size_t kMaxValues = 8192;

  void new_episode();  // the values start again
  // The policy of an agent step on the observation of `game_loop`.
  std::shared_ptr<const AgentPolicy> add(const agents::PolicyView& view, std::uint32_t game_loop);
  std::int64_t steps() const { return steps_; }  // agent steps with a policy this episode

 private:
  std::vector<float> values_;
  std::int64_t steps_ = 0;
};

}  // namespace sc2::app
