// Learning from demonstrations (supervised_trainer.h has the outline). Reads top to bottom:
// setup (the rows, targets and split), minibatches, the update, evaluation, checkpoints.
#include "learning/supervised_trainer.h"

#include <algorithm>
#include <random>
#include <stdexcept>

#include "learning/checkpoint.h"
#include "learning/heap_reuse.h"
#include "learning/input_batch.h"
#include "learning/losses.h"
#include "learning/networks.h"

namespace sc2::learning {

// [ SECTION ] Setup

struct SupervisedTrainer::Impl {
  Impl(const SupervisedOptions& options_in, const agents::dataset::Dataset& dataset_in)
      : options(options_in), dataset(dataset_in), random(options_in.seed) {
    validate(options);
    check_fits_dataset(options, dataset.index());
    const NetworkSpec spec = supervised_network_spec(options, dataset.index());
    keep_freed_memory_for_reuse();  // the batches' tensors, reused instead of mapped anew (heap_reuse.h)
    torch::set_num_threads(options.torch_threads);
    torch::manual_seed(options.seed);
    network = make_network(spec);
    optimizer = std::make_unique<torch::optim::Adam>(network->parameters(),
                                                     torch::optim::AdamOptions(options.learning_rate).eps(1e-5));

    returns = episode_returns(dataset.rewards(), dataset.index().episodes, options.discount);
    recorded = usable_choices(spec);
    split = split_demonstrations(dataset.index().episodes, options.holdout, options.seed);
    drop_unusable(split.training);
    drop_unusable(split.held_out);
    if (split.training.empty()) throw std::invalid_argument("the dataset has no usable training rows");
    if (split.held_out.empty()) throw std::invalid_argument("the dataset has no usable held-out rows");
    order = split.training;
    std::shuffle(order.begin(), order.end(), random);
    batch = std::make_unique<InputBatch>(network->input_spec(), options.batch_size);
  }

  // Each row's recorded call as head indices; rows that cannot be learned are marked with a
  // function of -1 (not available when recorded, a point off the layers).
  std::vector<ActionChoice> usable_choices(const NetworkSpec& spec) {
    const auto& calls = dataset.function_calls();
    std::vector<ActionChoice> choices(calls.size());
    for (std::size_t row = 0; row < calls.size(); ++row) {
      const auto available = dataset.available_actions(static_cast<std::int64_t>(row));
      bool usable = std::binary_search(available.begin(), available.end(), calls[row].function);
      if (usable) {
        try {
          choices[row] = recorded_choice(calls[row], spec.screen_size, spec.minimap_size);
        } catch (const std::invalid_argument&) {
          usable = false;
        }
      }
      if (!usable) {
        choices[row].function = -1;
        ++left_out;
      }
    }
    return choices;
  }

  void drop_unusable(std::vector<std::int64_t>& rows) const {
    std::erase_if(rows, [&](std::int64_t row) { return recorded[static_cast<std::size_t>(row)].function < 0; });
  }

  // [ SECTION ] Minibatches

  // Writes `rows` into the input batch; returns their recorded calls and returns.
  std::vector<ActionChoice> load(const std::vector<std::int64_t>& rows, torch::Tensor& targets_returns) {
    std::vector<ActionChoice> choices;
    std::vector<float> row_returns;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      write_observation(dataset_observation(dataset, rows[i]), *batch, static_cast<int>(i));
      choices.push_back(recorded[static_cast<std::size_t>(rows[i])]);
      row_returns.push_back(returns[static_cast<std::size_t>(rows[i])]);
    }
    targets_returns = torch::tensor(row_returns);
    return choices;
  }

  PolicyOutput forward(int count) {
    return network->forward(input_tensors(*batch, 0, count), network->initial_state(count));
  }

  // [ SECTION ] The update

  SupervisedBatchStats train_batch() {
    network->train();
    const auto size = static_cast<std::size_t>(options.batch_size);
    const std::size_t count = std::min(size, order.size() - next);
    std::vector<std::int64_t> rows(order.begin() + static_cast<std::ptrdiff_t>(next),
                                   order.begin() + static_cast<std::ptrdiff_t>(next + count));
    next += count;
    SupervisedBatchStats stats;
    if (next >= order.size()) {
      std::shuffle(order.begin(), order.end(), random);
      next = 0;
      stats.epoch_ended = true;
    }
    torch::Tensor row_returns;
    const auto choices = load(rows, row_returns);
    const auto output = forward(static_cast<int>(count));
    const auto terms =
        supervised_loss(output, action_targets(choices, network->layout()), row_returns, options.value_weight);
    optimizer->zero_grad();
    terms.total.backward();
    if (options.max_gradient_norm > 0) {
      stats.gradient_norm = clip_grad_norm(network->parameters(), options.max_gradient_norm);
    }
    optimizer->step();
    stats.total_loss = terms.total.item<double>();
    stats.action_loss = terms.action.item<double>();
    stats.value_loss = terms.value.item<double>();
    return stats;
  }

  static double clip_grad_norm(const std::vector<torch::Tensor>& parameters, double limit) {
    return torch::nn::utils::clip_grad_norm_(parameters, limit);
  }

  // [ SECTION ] Evaluation

  DemonstrationAccuracy evaluate() {
    torch::NoGradGuard no_grad;
    network->eval();
    DemonstrationAccuracy accuracy;
    const auto size = static_cast<std::size_t>(options.batch_size);
    for (std::size_t first = 0; first < split.held_out.size(); first += size) {
      const std::size_t count = std::min(size, split.held_out.size() - first);
      std::vector<std::int64_t> rows(split.held_out.begin() + static_cast<std::ptrdiff_t>(first),
                                     split.held_out.begin() + static_cast<std::ptrdiff_t>(first + count));
      torch::Tensor unused;
      const auto choices = load(rows, unused);
      add_accuracy(forward(static_cast<int>(count)), network->layout(), choices, accuracy);
    }
    return accuracy;
  }

  SupervisedOptions options;
  const agents::dataset::Dataset& dataset;
  std::mt19937_64 random;
  PolicyNetwork network;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  std::vector<float> returns;
  std::vector<ActionChoice> recorded;
  std::int64_t left_out = 0;
  DemonstrationSplit split;
  std::vector<std::int64_t> order;  // the training rows in this epoch's order
  std::size_t next = 0;             // the next minibatch's first position in `order`
  std::unique_ptr<InputBatch> batch;
};

SupervisedTrainer::SupervisedTrainer(const SupervisedOptions& options, const agents::dataset::Dataset& dataset)
    : impl_(std::make_unique<Impl>(options, dataset)) {}

SupervisedTrainer::~SupervisedTrainer() = default;

SupervisedBatchStats SupervisedTrainer::train_batch() { return impl_->train_batch(); }
DemonstrationAccuracy SupervisedTrainer::evaluate() { return impl_->evaluate(); }

// [ SECTION ] Checkpoints

void SupervisedTrainer::save(const std::filesystem::path& file) const {
  CheckpointInfo info;
  info.map = impl_->dataset.index().info.map;
  // The demonstrator's step_mul: sc2agent plays the clone, and sc2train --resume trains it, at
  // the pace it learned.
  info.step_mul = impl_->dataset.index().info.step_mul;
  info.demonstrations = std::filesystem::absolute(impl_->options.dataset).lexically_normal().string();
  save_checkpoint(file, *impl_->network, info);  // no optimiser state: see the header
}

const DemonstrationSplit& SupervisedTrainer::split() const { return impl_->split; }
std::int64_t SupervisedTrainer::left_out() const { return impl_->left_out; }
std::int64_t SupervisedTrainer::batches_per_epoch() const {
  const auto rows = static_cast<std::int64_t>(impl_->split.training.size());
  return (rows + impl_->options.batch_size - 1) / impl_->options.batch_size;
}
const NetworkSpec& SupervisedTrainer::spec() const { return impl_->network->spec(); }
std::int64_t SupervisedTrainer::parameter_count() const { return learning::parameter_count(*impl_->network); }

}  // namespace sc2::learning
