#pragma once
// `sc2train --demonstrations DATASET --out DIR`: the settings of learning from a dataset
// (no torch), its command line, and the checks against the dataset it reads.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "agents/dataset/dataset_reader.h"
#include "learning/network_spec.h"
#include "learning/policy_layout.h"

namespace sc2::learning {

struct SupervisedOptions {
  std::filesystem::path dataset;  // a dataset folder (agents/dataset/FORMAT.md)
  std::filesystem::path out;      // DIR: accuracy.csv, checkpoint.pt, best.pt
  Architecture architecture = Architecture::fullyconv;
  // Checks only: the dataset decides the map and resolutions; a different one given is refused.
  std::optional<std::string> map;
  std::optional<int> feature_screen_size;
  std::optional<int> feature_minimap_size;
  double holdout = 0.1;  // share of the episodes held out for the accuracies
  // How long: whichever comes first (0 = no limit; one of them must be set).
  int epochs = 0;
  double max_minutes = 0;
  std::int64_t max_updates = 0;  // minibatches (--steps)
  int batch_size = 32;
  double learning_rate = 1e-3;    // Adam
  double value_weight = 0.1;      // weight of the value regression on the discounted return
  float discount = 0.99f;         // of those returns
  double max_gradient_norm = 1.0;
  int pooled_size = 8;
  std::uint64_t seed = 1;         // the network, the shuffling and the held-out episodes
  int torch_threads = 1;
  bool quiet = false;
};

struct SupervisedCommandLine {
  SupervisedOptions options;
  bool help = false;
  std::string help_text;
};

// Whether sc2train's arguments ask for learning from demonstrations (--demonstrations given).
bool wants_demonstrations(const std::vector<std::string>& args);

// `args` without the program name. Throws std::invalid_argument with CLI11's message.
SupervisedCommandLine parse_supervised_command_line(const std::vector<std::string>& args);

// Throws std::invalid_argument naming the bad setting (no dataset, no --out, no limit,
// a holdout outside (0, 1), non-positive sizes).
void validate(const SupervisedOptions& options);

// Throws std::invalid_argument when the options name another map or resolution than the
// dataset's, or the dataset's layers are not PySC2's.
void check_fits_dataset(const SupervisedOptions& options, const agents::dataset::DatasetIndex& index);

// The network for the dataset's resolutions (its pooled size at most the screen's).
NetworkSpec supervised_network_spec(const SupervisedOptions& options, const agents::dataset::DatasetIndex& index);

}  // namespace sc2::learning
