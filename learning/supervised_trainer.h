#pragma once
// Learning from demonstrations (the paper's section 5): the baseline networks trained by Adam
// on shuffled minibatches of a dataset's rows to predict the recorded FunctionCall (losses.h,
// supervised_loss), with the value regressed on the discounted return from each row.
// Torch stays behind this header.
//
// Rows are read from the dataset's files per minibatch (the page cache keeps them), turned
// into pysc2::Observations (demonstrations.h) and written into an InputBatch, so a dataset
// larger than memory trains too. Rows whose recorded function was not available, or whose
// point lies off the layers, are left out (left_out() counts them): a0's distribution is over
// the available functions only. FullyConv LSTM learns each row from a zeroed state.
#include <cstdint>
#include <filesystem>
#include <memory>

#include "agents/dataset/dataset_reader.h"
#include "learning/checkpoint_info.h"
#include "learning/demonstrations.h"
#include "learning/supervised_options.h"

namespace sc2::learning {

struct SupervisedBatchStats {
  double total_loss = 0;
  double action_loss = 0;  // cross-entropy of the recorded call
  double value_loss = 0;
  double gradient_norm = 0;
  bool epoch_ended = false;  // this minibatch was the last of a pass over the training rows
};

class SupervisedTrainer {
 public:
  // A fresh network (seeded) for the dataset's map and resolutions. Throws
  // std::invalid_argument for bad options, a dataset they do not fit (check_fits_dataset), or
  // a dataset with nothing to learn from after the split.
  SupervisedTrainer(const SupervisedOptions& options, const agents::dataset::Dataset& dataset);
  ~SupervisedTrainer();
  SupervisedTrainer(const SupervisedTrainer&) = delete;
  SupervisedTrainer& operator=(const SupervisedTrainer&) = delete;

  // One Adam step on the next minibatch of the shuffled training rows (reshuffled each epoch).
  SupervisedBatchStats train_batch();
  // Top-1 / top-5 over the held-out rows, without gradients.
  DemonstrationAccuracy evaluate();

  // The network alone, no optimiser state (so that `sc2train --resume` starts its own
  // optimiser); the metadata says it was cloned from the dataset.
  void save(const std::filesystem::path& file) const;

  const DemonstrationSplit& split() const;  // after leaving rows out
  std::int64_t left_out() const;
  std::int64_t batches_per_epoch() const;
  const NetworkSpec& spec() const;
  std::int64_t parameter_count() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sc2::learning
