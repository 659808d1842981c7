#pragma once
// The synchronous advantage actor-critic (A2C): N environments stepped together for n steps,
// then one update on the n * N samples (losses.h). Torch stays behind this header.
//
// One update, top to bottom (a2c_trainer.cpp):
//   1. rollout: for t < n, every game's observation -> one batched forward without gradients
//      -> an action per game (sampled) -> every game steps (episodes that end restart);
//   2. bootstrap: the value of every game's observation after the last step;
//   3. returns: n-step returns cut at episode ends (returns.h);
//   4. learn: forward over the n * N samples, the loss terms, backward, (with several ranks:
//      the gradients averaged over them, distributed.h), gradient clipping, the optimizer's
//      step at the (annealed) learning rate;
//   5. (with several ranks) the update's statistics gathered from every rank.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "learning/checkpoint_info.h"
#include "learning/environments.h"
#include "learning/network_spec.h"
#include "learning/train_options.h"

namespace sc2::learning {

class DistributedGroup;

// With several ranks, steps and episodes are every rank's together and the losses their mean;
// the times are this rank's.
struct UpdateStats {
  std::int64_t steps = 0;                 // agent steps of this update (n * N per rank)
  std::vector<double> finished_scores;    // episodes that ended during it
  std::vector<std::int64_t> finished_lengths;
  double policy_loss = 0;
  double value_loss = 0;
  double entropy = 0;
  double total_loss = 0;
  double gradient_norm = 0;
  double learning_rate = 0;
  double clipped_fraction = 0;     // ppo: samples whose ratio left the band in the last epoch
  double acting_seconds = 0;       // forward passes and action choice while playing
  double environment_seconds = 0;  // the games' steps
  double learning_seconds = 0;     // the update itself
};

// What a checkpoint carries besides the weights (the training counters).
struct TrainingCounters {
  std::int64_t steps = 0;
  std::int64_t episodes = 0;
  double mean_score = 0;
  double wall_seconds = 0;
};

class A2CTrainer {
 public:
  // A fresh network for the options (seeded), or the one saved in `resume_file` with its
  // optimiser state (its spec wins; resumed_counters() then returns what it held). Throws
  // std::invalid_argument for bad options and CheckpointError for a checkpoint that cannot be
  // read or is for another map / resolution than the environments'. With a distributed
  // `group` (kept by the caller, alive as long as the trainer), every rank starts from rank 0's
  // network and optimiser state, and every update averages the gradients over the ranks.
  A2CTrainer(const TrainOptions& options, EnvironmentSet& environments,
             const std::filesystem::path& resume_file = {}, DistributedGroup* group = nullptr);
  ~A2CTrainer();
  A2CTrainer(const A2CTrainer&) = delete;
  A2CTrainer& operator=(const A2CTrainer&) = delete;

  // One rollout and one update; `progress` in [0, 1] anneals the learning rate.
  UpdateStats update(double progress);

  // Network, optimizer state and counters (checkpoint.h: written whole or not at all).
  void save(const std::filesystem::path& file, const TrainingCounters& counters) const;
  const TrainingCounters& resumed_counters() const;
  const NetworkSpec& spec() const;
  std::int64_t parameter_count() const;
  // A hash of every weight's bytes, as 16 hex digits: equal on ranks that hold the same network.
  std::string parameter_fingerprint() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sc2::learning
