#pragma once
// The actor-critic loss of the paper (../shared/spec/baseline-agents.md, "Learning"), term by
// term, on a batch of steps:
//   log pi(a|s) = log pi(a0|s) + sum over the argument heads the chosen function uses of log pi(al|s)
//   policy  = -mean( (G - v(s)) * log pi(a|s) )          (the advantage carries no gradient)
//   value   =  mean( (G - v(s))^2 ) / 2                  (its gradient is (G - v) * grad v)
//   entropy =  mean( H(a0) + sum over the used argument heads of H(al) )
//   total   =  policy + value_weight * value - entropy_weight * entropy
// With normalize_advantages the policy term uses (A - mean A) / (std A + 1e-8) over the batch
// instead of A = G - v(s): a rare reward then still moves the policy as much as the entropy
// term does (common A2C practice; the paper does not say).
// a0's distribution is the one renormalised over the available functions (the network masks
// the others' logits), so unavailable functions add nothing to log pi or to H(a0).
// Includes torch: only the torch translation units of learning/ include this header.
#include <vector>

#include "learning/demonstrations.h"
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
  bool normalize_advantages = false;
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

// PPO's clipped surrogate in place of the policy term (sc2train --algorithm ppo): with the
// ratio r = pi(a|s) / pi_old(a|s) = exp(log pi - old_log_probability),
//   policy = -mean( min(r * A, clamp(r, 1 - clip, 1 + clip) * A) )
// where A is the advantage fixed when the rollout was played (G - v_old(s), normalised as
// above when asked), so several epochs over one rollout cannot push the policy far from the
// one that played it. At r = 1 its gradient is the A2C policy term's.
struct ClippedObjective {
  torch::Tensor old_log_probability;  // [B], detached
  torch::Tensor advantage;            // [B], detached
  double clip = 0.2;
};

// `returns` [B]: the n-step returns G. Throws std::invalid_argument when the sizes disagree.
// With `clipped`, the policy term is PPO's (above); `clipped_fraction` then says how many
// samples' ratios were outside the band.
LossTerms actor_critic_loss(const PolicyOutput& output, const ActionTargets& targets, const torch::Tensor& returns,
                            const LossWeights& weights, const ClippedObjective* clipped = nullptr,
                            double* clipped_fraction = nullptr);

// Learning from demonstrations (supervised_trainer.h): cross-entropy of the recorded call and a
// regression of the value on the recorded return, per sample
//   action = -log pi(a0|s) - sum over the argument heads the recorded function takes of log pi(al|s)
//   value  = (G - v(s))^2 / 2
// averaged over the batch; total = action + value_weight * value. a0's distribution is over
// the recorded available functions (the network masks the rest), so a recorded function must
// be one of them (the trainer leaves out rows where it is not).
struct SupervisedLossTerms {
  torch::Tensor action;
  torch::Tensor value;
  torch::Tensor total;
};

// Throws std::invalid_argument when the sizes disagree.
SupervisedLossTerms supervised_loss(const PolicyOutput& output, const ActionTargets& targets,
                                    const torch::Tensor& returns, double value_weight);

// Adds each sample's ranks to the counts: the function id among a0's probabilities, and the
// screen and minimap arguments (for the samples whose recorded function takes one) among the
// pixels, scored for Atari-net by log p(x) + log p(y).
void add_accuracy(const PolicyOutput& output, const PolicyLayout& layout, const std::vector<ActionChoice>& recorded,
                  DemonstrationAccuracy& accuracy);

}  // namespace sc2::learning
