#include "learning/returns.h"

#include <stdexcept>
#include <string>

namespace sc2::learning {

std::vector<float> n_step_returns(const std::vector<float>& rewards, const std::vector<std::uint8_t>& episode_ended,
                                  const std::vector<float>& bootstrap, float discount) {
  const std::size_t envs = bootstrap.size();
  if (envs == 0 || rewards.size() % envs != 0 || episode_ended.size() != rewards.size()) {
    throw std::invalid_argument("n-step returns: " + std::to_string(rewards.size()) + " rewards, " +
                                std::to_string(episode_ended.size()) + " episode ends and " + std::to_string(envs) +
                                " bootstrap values do not make steps x environments");
  }
  if (!(discount >= 0.0f && discount <= 1.0f)) throw std::invalid_argument("n-step returns: discount must be in [0, 1]");
  std::vector<float> returns(rewards.size());
  std::vector<float> next = bootstrap;
  for (std::size_t t = rewards.size() / envs; t-- > 0;) {
    for (std::size_t e = 0; e < envs; ++e) {
      const std::size_t i = t * envs + e;
      next[e] = rewards[i] + (episode_ended[i] ? 0.0f : discount * next[e]);
      returns[i] = next[e];
    }
  }
  return returns;
}

}  // namespace sc2::learning
