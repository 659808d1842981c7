// The synchronous actor-critic (a2c_trainer.h has the outline; baseline-agents.md the paper's
// equations). Reads top to bottom: setup, rollout, bootstrap and returns, learning, checkpoints.
#include "learning/a2c_trainer.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <optional>
#include <cstdio>
#include <random>
#include <stdexcept>

#include "learning/checkpoint.h"
#include "learning/distributed.h"
#include "learning/heap_reuse.h"
#include "learning/input_batch.h"
#include "learning/losses.h"
#include "learning/networks.h"
#include "learning/returns.h"

namespace sc2::learning {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// PPO's minibatches are whole games. A rollout's samples are step-major (sample t * envs + e is
// game e's step t): the rows of `games` (ascending), step-major again.
torch::Tensor sample_rows(const std::vector<std::int64_t>& games, int envs, int steps) {
  std::vector<std::int64_t> rows;
  rows.reserve(games.size() * static_cast<std::size_t>(steps));
  for (int t = 0; t < steps; ++t) {
    for (std::int64_t e : games) rows.push_back(static_cast<std::int64_t>(t) * envs + e);
  }
  return torch::tensor(rows, torch::kInt64);
}

InputTensors select_rows(const InputTensors& in, const torch::Tensor& rows) {
  return {in.screen_rows.index_select(0, rows), in.screen_weights.index_select(0, rows),
          in.minimap_rows.index_select(0, rows), in.minimap_weights.index_select(0, rows),
          in.non_spatial.index_select(0, rows)};
}

ActionTargets select_rows(const ActionTargets& in, const torch::Tensor& rows) {
  ActionTargets out;
  out.function = in.function.index_select(0, rows);
  for (const auto& head : in.heads) out.heads.push_back(head.index_select(0, rows));
  return out;
}

RecurrentState select_games(const RecurrentState& state, const torch::Tensor& games) {
  if (!state.defined()) return {};
  return {state.hidden.index_select(0, games), state.cell.index_select(0, games)};
}

// The parameters in optimiser groups, each with its multiple of the learning rate: the spatial
// heads get their own group only when their rate differs (so that runs and checkpoints without
// it keep the single group they always had).
struct ParameterGroups {
  std::vector<std::vector<torch::Tensor>> parameters;
  std::vector<double> rate_scales;
};

ParameterGroups parameter_groups(const TrainOptions& options, PolicyNetworkImpl& network) {
  ParameterGroups groups;
  if (options.spatial_learning_rate_scale == 1.0) {
    groups.parameters.push_back(network.parameters());
    groups.rate_scales.push_back(1.0);
    return groups;
  }
  std::vector<torch::Tensor> spatial, rest;
  for (const auto& item : network.named_parameters())
    (item.key().find("spatial_") != std::string::npos ? spatial : rest).push_back(item.value());
  groups.parameters.push_back(std::move(rest));
  groups.rate_scales.push_back(1.0);
  if (!spatial.empty()) {  // Atari-net has none
    groups.parameters.push_back(std::move(spatial));
    groups.rate_scales.push_back(options.spatial_learning_rate_scale);
  }
  return groups;
}

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainOptions& options, const ParameterGroups& groups) {
  const double lr = options.learning_rate;
  std::vector<torch::optim::OptimizerParamGroup> torch_groups;
  for (std::size_t g = 0; g < groups.parameters.size(); ++g) {
    const double rate = lr * groups.rate_scales[g];
    if (options.optimizer == OptimizerKind::adam) {
      torch_groups.emplace_back(groups.parameters[g], std::make_unique<torch::optim::AdamOptions>(
                                                          torch::optim::AdamOptions(rate).eps(1e-5)));
    } else {
      // The paper's RMSProp (decay 0.99, epsilon 1e-5 as common A2C implementations use).
      torch_groups.emplace_back(groups.parameters[g], std::make_unique<torch::optim::RMSpropOptions>(
                                                          torch::optim::RMSpropOptions(rate).alpha(0.99).eps(1e-5)));
    }
  }
  if (options.optimizer == OptimizerKind::adam)
    return std::make_unique<torch::optim::Adam>(torch_groups, torch::optim::AdamOptions(lr).eps(1e-5));
  return std::make_unique<torch::optim::RMSprop>(torch_groups,
                                                 torch::optim::RMSpropOptions(lr).alpha(0.99).eps(1e-5));
}

}  // namespace

// [ SECTION ] Setup

struct A2CTrainer::Impl {
  Impl(const TrainOptions& options_in, EnvironmentSet& environments_in, const std::filesystem::path& resume_file,
       DistributedGroup* group_in)
      : options(options_in), environments(environments_in), group(group_in),
        random(options_in.seed + static_cast<std::uint64_t>(options_in.rank)) {  // ranks sample differently
    validate(options);
    keep_freed_memory_for_reuse();  // an update's tensors, reused instead of mapped anew (heap_reuse.h)
    torch::set_num_threads(options.torch_threads);
    torch::manual_seed(options.seed);
    if (resume_file.empty()) {
      network = make_network(network_spec(options));
      const auto groups = parameter_groups(options, *network);
      rate_scales = groups.rate_scales;
      optimizer = make_optimizer(options, groups);
    } else {
      auto loaded = load_checkpoint(resume_file);
      check_checkpoint_fits(loaded.info, options.map, environments.options().screen_size,
                            environments.options().minimap_size);
      network = loaded.network;
      const auto groups = parameter_groups(options, *network);
      rate_scales = groups.rate_scales;
      optimizer = make_optimizer(options, groups);
      load_optimizer_state(resume_file, *optimizer);
      resumed = {loaded.info.steps, loaded.info.episodes, loaded.info.mean_score, 0.0};
    }
    if (group != nullptr) group->share_state(*network, *optimizer);
    const int envs = environments.size();
    const int samples = options.rollout_steps * envs;
    batch = std::make_unique<InputBatch>(network->input_spec(), samples + envs);  // + the bootstrap observations
    choices.resize(static_cast<std::size_t>(samples));
    rewards.resize(static_cast<std::size_t>(samples));
    episode_ended.resize(static_cast<std::size_t>(samples));
    episode_start = torch::zeros({samples + envs}, torch::kFloat32);
    acting_state = network->initial_state(envs);
  }

  // Zeroes the LSTM state rows of games whose observation begins an episode.
  RecurrentState reset_where_started(const RecurrentState& state, const torch::Tensor& starts) const {
    if (!state.defined()) return state;
    auto keep = (1.0f - starts).view({-1, 1, 1, 1});
    return {state.hidden * keep, state.cell * keep};
  }

  // Writes every game's current observation at samples [first, first + N) and their starts.
  void write_current(int first) {
    auto starts = episode_start.accessor<float, 1>();
    for (int e = 0; e < environments.size(); ++e) {
      const pysc2::TimeStep& step = environments.current(e);
      write_observation(step.observation, *batch, first + e);
      starts[first + e] = step.first() ? 1.0f : 0.0f;
    }
  }

  // [ SECTION ] Rollout

  void rollout(UpdateStats& stats) {
    const int envs = environments.size();
    const PolicyLayout& layout = network->layout();
    rollout_start_state = acting_state;
    std::vector<pysc2::FunctionCall> calls(static_cast<std::size_t>(envs));
    for (int t = 0; t < options.rollout_steps; ++t) {
      auto acting_start = Clock::now();
      const int first = t * envs;
      write_current(first);
      {
        torch::NoGradGuard no_grad;
        const auto starts = episode_start.narrow(0, first, envs);
        auto output = network->forward(input_tensors(*batch, first, envs), reset_where_started(acting_state, starts));
        acting_state = output.state;
        auto views = policy_views(output, layout);
        for (int e = 0; e < envs; ++e) {
          auto& choice = choices[static_cast<std::size_t>(first + e)];
          choice = choose_action(views[static_cast<std::size_t>(e)], layout, ActionMode::sample, random);
          calls[static_cast<std::size_t>(e)] = to_function_call(choice, layout);
        }
      }
      stats.acting_seconds += seconds_since(acting_start);
      auto environment_start = Clock::now();
      const auto outcomes = environments.step(calls);
      stats.environment_seconds += seconds_since(environment_start);
      for (int e = 0; e < envs; ++e) {
        const StepOutcome& outcome = outcomes[static_cast<std::size_t>(e)];
        rewards[static_cast<std::size_t>(first + e)] = static_cast<float>(outcome.reward * options.reward_scale);
        episode_ended[static_cast<std::size_t>(first + e)] = outcome.episode_ended ? 1 : 0;
        if (outcome.episode_ended) {
          stats.finished_scores.push_back(outcome.episode_score);
          stats.finished_lengths.push_back(outcome.episode_steps);
        }
      }
    }
    stats.steps = static_cast<std::int64_t>(options.rollout_steps) * envs;
  }

  // [ SECTION ] Bootstrap and returns

  torch::Tensor returns() {
    const int envs = environments.size();
    const int first = options.rollout_steps * envs;
    write_current(first);
    std::vector<float> bootstrap(static_cast<std::size_t>(envs));
    {
      torch::NoGradGuard no_grad;
      const auto starts = episode_start.narrow(0, first, envs);
      auto output = network->forward(input_tensors(*batch, first, envs), reset_where_started(acting_state, starts));
      auto values = output.value.contiguous();
      for (int e = 0; e < envs; ++e) bootstrap[static_cast<std::size_t>(e)] = values[e].item<float>();
    }
    auto result = n_step_returns(rewards, episode_ended, bootstrap, options.discount);
    return torch::tensor(result);
  }

  // [ SECTION ] Learning

  void learn(const torch::Tensor& returns, double progress, UpdateStats& stats) {
    const int envs = environments.size();
    const int samples = options.rollout_steps * envs;
    const double learning_rate = options.learning_rate * (options.anneal_learning_rate ? 1.0 - 0.5 * progress : 1.0);
    auto& param_groups = optimizer->param_groups();
    for (std::size_t g = 0; g < param_groups.size(); ++g)
      param_groups[g].options().set_lr(learning_rate * rate_scales[g]);

    const auto inputs = input_tensors(*batch, 0, samples);
    const auto starts = episode_start.narrow(0, 0, samples);
    const auto targets = action_targets(choices, network->layout());
    const LossWeights weights{options.value_weight, options.entropy_weight, options.normalize_advantages};
    const bool ppo = options.algorithm == Algorithm::ppo;
    const int epochs = ppo ? options.ppo_epochs : 1;
    const int minibatches = ppo ? std::min(options.ppo_minibatches, envs) : 1;
    LossTerms terms;
    double norm = 0;
    // One gradient step on these samples (all of them, or a minibatch of whole games).
    const auto step_on = [&](const InputTensors& in, const torch::Tensor& in_starts, const ActionTargets& in_targets,
                             const torch::Tensor& in_returns, const RecurrentState& initial,
                             const ClippedObjective* clipped) {
      auto output = network->forward_sequence(in, options.rollout_steps, initial, in_starts);
      terms = actor_critic_loss(output, in_targets, in_returns, weights, clipped, &stats.clipped_fraction);
      optimizer->zero_grad();
      terms.total.backward();
      if (group != nullptr) group->average_gradients(*network);  // before clipping: every rank clips alike
      if (options.max_gradient_norm > 0) {
        norm = torch::nn::utils::clip_grad_norm_(network->parameters(), options.max_gradient_norm);
      }
      optimizer->step();
    };
    if (!ppo) {
      step_on(inputs, starts, targets, returns, rollout_start_state, nullptr);
    } else {
      // The log probabilities and advantages of the network that played the rollout (before
      // any step: its ratios are 1), fixed for every epoch.
      ClippedObjective played;
      {
        torch::NoGradGuard no_grad;
        const auto output = network->forward_sequence(inputs, options.rollout_steps, rollout_start_state, starts);
        const auto first = actor_critic_loss(output, targets, returns, weights);
        played = ClippedObjective{first.log_probability.detach(), first.advantage, options.ppo_clip};
      }
      std::vector<std::int64_t> games(static_cast<std::size_t>(envs));
      std::iota(games.begin(), games.end(), 0);
      for (int epoch = 0; epoch < epochs; ++epoch) {
        if (minibatches == 1) {
          step_on(inputs, starts, targets, returns, rollout_start_state, &played);
          continue;
        }
        std::shuffle(games.begin(), games.end(), random);  // other groups of games each epoch
        for (int m = 0; m < minibatches; ++m) {
          // Whole games (every step of each), so a FullyConv LSTM's sequences stay intact.
          std::vector<std::int64_t> chosen;
          for (std::size_t g = static_cast<std::size_t>(m); g < games.size(); g += static_cast<std::size_t>(minibatches)) {
            chosen.push_back(games[g]);
          }
          std::sort(chosen.begin(), chosen.end());
          const auto rows = sample_rows(chosen, envs, options.rollout_steps);
          const auto game_index = torch::tensor(chosen, torch::kInt64);
          const ClippedObjective part{played.old_log_probability.index_select(0, rows),
                                      played.advantage.index_select(0, rows), options.ppo_clip};
          step_on(select_rows(inputs, rows), starts.index_select(0, rows), select_rows(targets, rows),
                  returns.index_select(0, rows), select_games(rollout_start_state, game_index), &part);
        }
      }
    }
    if (acting_state.defined()) acting_state = {acting_state.hidden.detach(), acting_state.cell.detach()};

    stats.policy_loss = terms.policy.item<double>();
    stats.value_loss = terms.value.item<double>();
    stats.entropy = terms.entropy.item<double>();
    stats.total_loss = terms.total.item<double>();
    stats.gradient_norm = norm;
    stats.learning_rate = learning_rate;
  }

  // [ SECTION ] Across ranks

  // Every rank's steps, finished episodes and losses into `stats` (one all-gather of a record of
  // fixed length: at most one episode per game and step ends during an update).
  void gather_from_ranks(UpdateStats& stats) {
    const std::size_t capacity = static_cast<std::size_t>(options.rollout_steps) * environments.size();
    std::vector<double> record = {static_cast<double>(stats.steps), stats.policy_loss, stats.value_loss,
                                  stats.entropy, stats.total_loss, static_cast<double>(stats.finished_scores.size())};
    constexpr std::size_t header = 6;
    record.resize(header + 2 * capacity, 0.0);
    for (std::size_t i = 0; i < stats.finished_scores.size(); ++i) {
      record[header + i] = stats.finished_scores[i];
      record[header + capacity + i] = static_cast<double>(stats.finished_lengths[i]);
    }
    const auto records = group->all_gather(record);
    const double ranks = static_cast<double>(records.size());
    stats.steps = 0;
    stats.policy_loss = stats.value_loss = stats.entropy = stats.total_loss = 0;
    stats.finished_scores.clear();
    stats.finished_lengths.clear();
    for (const auto& rank : records) {
      stats.steps += static_cast<std::int64_t>(rank[0]);
      stats.policy_loss += rank[1] / ranks;
      stats.value_loss += rank[2] / ranks;
      stats.entropy += rank[3] / ranks;
      stats.total_loss += rank[4] / ranks;
      const auto finished = static_cast<std::size_t>(rank[5]);
      for (std::size_t i = 0; i < finished; ++i) {
        stats.finished_scores.push_back(rank[header + i]);
        stats.finished_lengths.push_back(static_cast<std::int64_t>(rank[header + capacity + i]));
      }
    }
  }

  TrainOptions options;
  EnvironmentSet& environments;
  DistributedGroup* group;  // null: this process trains alone
  std::mt19937_64 random;
  PolicyNetwork network;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  std::vector<double> rate_scales;  // per optimiser group, times the learning rate
  TrainingCounters resumed;
  std::unique_ptr<InputBatch> batch;
  std::vector<ActionChoice> choices;
  std::vector<float> rewards;
  std::vector<std::uint8_t> episode_ended;
  torch::Tensor episode_start;  // [samples + N] 1 where the observation begins an episode
  RecurrentState acting_state;  // FullyConv LSTM: the state while playing
  RecurrentState rollout_start_state;
};

A2CTrainer::A2CTrainer(const TrainOptions& options, EnvironmentSet& environments,
                       const std::filesystem::path& resume_file, DistributedGroup* group)
    : impl_(std::make_unique<Impl>(options, environments, resume_file,
                                   group != nullptr && group->distributed() ? group : nullptr)) {}

A2CTrainer::~A2CTrainer() = default;

UpdateStats A2CTrainer::update(double progress) {
  UpdateStats stats;
  impl_->rollout(stats);
  const auto learning_start = Clock::now();
  const auto returns = impl_->returns();
  impl_->learn(returns, std::clamp(progress, 0.0, 1.0), stats);
  stats.learning_seconds = seconds_since(learning_start);
  if (impl_->group != nullptr) impl_->gather_from_ranks(stats);
  return stats;
}

// [ SECTION ] Checkpoints

void A2CTrainer::save(const std::filesystem::path& file, const TrainingCounters& counters) const {
  CheckpointInfo info;
  info.spec = impl_->network->spec();
  info.map = impl_->options.map;
  info.steps = counters.steps;
  info.episodes = counters.episodes;
  info.mean_score = counters.mean_score;
  info.step_mul = impl_->options.step_mul;
  save_checkpoint(file, *impl_->network, info, impl_->optimizer.get());
}

const TrainingCounters& A2CTrainer::resumed_counters() const { return impl_->resumed; }
const NetworkSpec& A2CTrainer::spec() const { return impl_->network->spec(); }
std::int64_t A2CTrainer::parameter_count() const { return learning::parameter_count(*impl_->network); }

std::string A2CTrainer::parameter_fingerprint() const {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a over the bytes, in parameter order
  for (const auto& parameter : impl_->network->parameters()) {
    const auto values = parameter.detach().contiguous();
    const auto* bytes = static_cast<const unsigned char*>(values.data_ptr());
    for (std::size_t i = 0; i < values.nbytes(); ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
  }
  char text[17];
  std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace sc2::learning
