#pragma once
// n-step returns of a synchronous rollout (no torch): T steps of N environments, sample
// t * N + e is environment e at step t.
//   G_t = r_t + gamma * G_{t+1}, cut where an episode ended at step t (G_t = r_t), and
//   G_T = v(s_T), the value of each environment's observation after the last step.
// So each G_t sums the rewards up to the end of the rollout or of the episode, whichever
// comes first, then bootstraps from the value (the paper's n-step return, K = T).
#include <cstdint>
#include <vector>

namespace sc2::learning {

// rewards and episode_ended: [T * N] (episode_ended[t * N + e]: the step ended e's episode);
// bootstrap: [N]. Throws std::invalid_argument when the sizes disagree or discount is outside
// [0, 1].
std::vector<float> n_step_returns(const std::vector<float>& rewards, const std::vector<std::uint8_t>& episode_ended,
                                  const std::vector<float>& bootstrap, float discount);

}  // namespace sc2::learning
