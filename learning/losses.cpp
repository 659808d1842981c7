#include "learning/losses.h"

#include <stdexcept>
#include <string>

namespace sc2::learning {

ActionTargets action_targets(const std::vector<ActionChoice>& choices, const PolicyLayout& layout) {
  if (choices.empty()) throw std::invalid_argument("action targets: no actions");
  const auto count = static_cast<std::int64_t>(choices.size());
  ActionTargets targets;
  targets.function = torch::empty({count}, torch::kInt64);
  auto functions = targets.function.accessor<std::int64_t, 1>();
  for (std::int64_t b = 0; b < count; ++b) functions[b] = choices[static_cast<std::size_t>(b)].function;
  for (const PolicyHead& head : layout.heads) {
    auto tensor = torch::empty({count}, torch::kInt64);
    auto indices = tensor.accessor<std::int64_t, 1>();
    for (std::int64_t b = 0; b < count; ++b) indices[b] = head_target(head, choices[static_cast<std::size_t>(b)]);
    targets.heads.push_back(tensor);
  }
  return targets;
}

namespace {

// log p of each row's target (0 where target is -1) and the entropy of each row.
struct HeadTerms {
  torch::Tensor log_probability;
  torch::Tensor entropy;
};

HeadTerms head_terms(const torch::Tensor& logits, const torch::Tensor& target) {
  auto log_p = torch::log_softmax(logits, 1);
  // Masked logits give p = 0 exactly and a large finite log p, so p * log p is 0 there.
  auto entropy = -(log_p.exp() * log_p).sum(1);
  auto picked = log_p.gather(1, target.clamp_min(0).unsqueeze(1)).squeeze(1);
  return {picked, entropy};
}

}  // namespace

LossTerms actor_critic_loss(const PolicyOutput& output, const ActionTargets& targets, const torch::Tensor& returns,
                            const LossWeights& weights) {
  const std::int64_t batch = output.function_logits.size(0);
  if (targets.function.size(0) != batch || returns.size(0) != batch || output.value.size(0) != batch) {
    throw std::invalid_argument("loss: the outputs, actions and returns are not for the same " +
                                std::to_string(batch) + " samples");
  }
  if (targets.heads.size() != output.head_logits.size()) {
    throw std::invalid_argument("loss: the actions do not have one target per argument head");
  }
  LossTerms terms;
  const HeadTerms function = head_terms(output.function_logits, targets.function);
  terms.log_probability = function.log_probability;
  terms.entropy_per_sample = function.entropy;
  for (std::size_t h = 0; h < targets.heads.size(); ++h) {
    const torch::Tensor& target = targets.heads[h];
    const auto used = (target >= 0).to(torch::kFloat32);  // arguments the function does not take: ignored
    const HeadTerms head = head_terms(output.head_logits[h], target);
    terms.log_probability = terms.log_probability + used * head.log_probability;
    terms.entropy_per_sample = terms.entropy_per_sample + used * head.entropy;
  }
  const auto difference = returns.to(torch::kFloat32) - output.value;
  terms.advantage = difference.detach();
  terms.policy = -(terms.advantage * terms.log_probability).mean();
  terms.value = 0.5 * difference.pow(2).mean();
  terms.entropy = terms.entropy_per_sample.mean();
  terms.total = terms.policy + weights.value * terms.value - weights.entropy * terms.entropy;
  return terms;
}

}  // namespace sc2::learning
