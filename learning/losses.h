#pragma once
// The actor-critic loss of the paper (../shared/spec/baseline-agents.md, "Learning"), term by
// term, on a batch of steps:
//   log pi(a|s) = log pi(a0|s) + sum over the argument heads the chosen function uses of log pi(al|s)
//   policy  = -mean( (G - v(s)) * log pi(a|s) )          (the advantage carries no gradient)
//   value   =  mean( (G - v(s))^2 ) / 2                  (its gradient is (G - v) * grad v)
//   entropy =  mean( H(a0) + sum over the used argument heads of H(al) )
//   total   =  policy + value_weight * value - entropy_weight * entropy
// a0's distribution is the one renormalised over the available functions (the network masks
// the others' logits), so unavailable functions add nothing to log pi or to H(a0).
// Includes torch: only the torch translation units of learning/ include this header.
#include <vector>

#include "learning/networks.h"
#include "learning/policy_layout.h"

namespace sc2::learning {

// The actions taken, as the heads' targets: function [B] and, per layout head, [B] indices
// with -1 where the chosen function does not take that head's argument.
struct ActionTargets {
  torch::Tensor function;
  std::vector<torch::Tensor> heads;
};

// Throws std::invalid_argument for an empty list.
ActionTargets action_targets(const std::vector<ActionChoice>& choices, const PolicyLayout& layout);

struct LossWeights {
  double value = 0.5;     // beta
  double entropy = 1e-3;  // eta (the paper's entropy penalty, for a0 and each argument)
};

struct LossTerms {
  torch::Tensor log_probability;  // [B] log pi(a|s) of each sample
  torch::Tensor entropy_per_sample;  // [B] H(a0) + H of the used argument heads
  torch::Tensor advantage;        // [B] G - v(s), detached
  torch::Tensor policy;           // scalars from here on
  torch::Tensor value;
  torch::Tensor entropy;
  torch::Tensor total;
};

// `returns` [B]: the n-step returns G. Throws std::invalid_argument when the sizes disagree.
LossTerms actor_critic_loss(const PolicyOutput& output, const ActionTargets& targets, const torch::Tensor& returns,
                            const LossWeights& weights);

}  // namespace sc2::learning
