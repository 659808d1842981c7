#include "learning/losses.h"

#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"

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
                            const LossWeights& weights, const ClippedObjective* clipped, double* clipped_fraction) {
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
  terms.advantage = clipped ? clipped->advantage.detach() : difference.detach();
  auto weight = terms.advantage;
  if (weights.normalize_advantages && batch > 1) weight = (weight - weight.mean()) / (weight.std() + 1e-8);
  if (clipped) {
    if (clipped->old_log_probability.size(0) != batch || clipped->advantage.size(0) != batch) {
      throw std::invalid_argument("loss: the rollout's log probabilities and advantages are not for the same " +
                                  std::to_string(batch) + " samples");
    }
    const auto ratio = (terms.log_probability - clipped->old_log_probability.detach()).exp();
    const auto bounded = ratio.clamp(1.0 - clipped->clip, 1.0 + clipped->clip);
    terms.policy = -torch::min(ratio * weight, bounded * weight).mean();
    if (clipped_fraction) {
      *clipped_fraction = ((ratio - 1.0).abs() > clipped->clip).to(torch::kFloat32).mean().item<double>();
    }
  } else {
    terms.policy = -(weight * terms.log_probability).mean();
  }
  terms.value = 0.5 * difference.pow(2).mean();
  terms.entropy = terms.entropy_per_sample.mean();
  terms.total = terms.policy + weights.value * terms.value - weights.entropy * terms.entropy;
  return terms;
}

SupervisedLossTerms supervised_loss(const PolicyOutput& output, const ActionTargets& targets,
                                    const torch::Tensor& returns, double value_weight) {
  const std::int64_t batch = output.function_logits.size(0);
  if (targets.function.size(0) != batch || returns.size(0) != batch || output.value.size(0) != batch ||
      targets.heads.size() != output.head_logits.size()) {
    throw std::invalid_argument("supervised loss: the outputs, recorded calls and returns do not match");
  }
  auto log_probability = head_terms(output.function_logits, targets.function).log_probability;
  for (std::size_t h = 0; h < targets.heads.size(); ++h) {
    const torch::Tensor& target = targets.heads[h];
    const auto used = (target >= 0).to(torch::kFloat32);
    log_probability = log_probability + used * head_terms(output.head_logits[h], target).log_probability;
  }
  SupervisedLossTerms terms;
  terms.action = -log_probability.mean();
  terms.value = 0.5 * (returns.to(torch::kFloat32) - output.value).pow(2).mean();
  terms.total = terms.action + value_weight * terms.value;
  return terms;
}

namespace {

// [B, size * size] pixel scores of a spatial argument type (index y * size + x).
torch::Tensor pixel_scores(const PolicyOutput& output, const PolicyLayout& layout, int argument_type) {
  torch::Tensor x, y;
  for (std::size_t h = 0; h < layout.heads.size(); ++h) {
    const PolicyHead& head = layout.heads[h];
    if (head.argument_type != argument_type) continue;
    const auto log_p = torch::log_softmax(output.head_logits[h], 1);
    if (head.axis == agents::ArgumentDistribution::Axis::pixels) return log_p;
    if (head.axis == agents::ArgumentDistribution::Axis::x) x = log_p;
    if (head.axis == agents::ArgumentDistribution::Axis::y) y = log_p;
  }
  if (!x.defined() || !y.defined()) throw std::invalid_argument("accuracy: the layout has no head for a point argument");
  return (y.unsqueeze(2) + x.unsqueeze(1)).flatten(1);
}

void add_spatial(const torch::Tensor& scores, const std::vector<ActionChoice>& recorded, int argument_type,
                 TopKCount& count) {
  const auto contiguous = scores.to(torch::kFloat32).contiguous();
  const int pixels = static_cast<int>(contiguous.size(1));
  const float* data = contiguous.data_ptr<float>();
  for (std::size_t b = 0; b < recorded.size(); ++b) {
    const int target = recorded[b].arguments[static_cast<std::size_t>(argument_type)];
    if (target < 0) continue;
    count.add(rank_of(data + b * static_cast<std::size_t>(pixels), pixels, target));
  }
}

}  // namespace

void add_accuracy(const PolicyOutput& output, const PolicyLayout& layout, const std::vector<ActionChoice>& recorded,
                  DemonstrationAccuracy& accuracy) {
  torch::NoGradGuard no_grad;
  if (output.function_logits.size(0) != static_cast<std::int64_t>(recorded.size())) {
    throw std::invalid_argument("accuracy: the outputs and recorded calls are not for the same samples");
  }
  const auto functions = output.function_logits.to(torch::kFloat32).contiguous();
  const int count = static_cast<int>(functions.size(1));
  for (std::size_t b = 0; b < recorded.size(); ++b) {
    accuracy.action.add(rank_of(functions.data_ptr<float>() + b * static_cast<std::size_t>(count), count,
                                recorded[b].function));
  }
  add_spatial(pixel_scores(output, layout, pysc2::arg::screen), recorded, pysc2::arg::screen, accuracy.screen);
  add_spatial(pixel_scores(output, layout, pysc2::arg::minimap), recorded, pysc2::arg::minimap, accuracy.minimap);
}

}  // namespace sc2::learning
