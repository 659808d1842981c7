#pragma once
// Learning from demonstrations without torch (the paper's section 5): a dataset's rows as the
// networks' inputs and targets, the held-out split by whole episodes, the value targets, and
// the top-1 / top-5 accuracies in the layout of the paper's Table 2. The torch side is
// supervised_trainer.h.
#include <cstdint>
#include <string>
#include <vector>

#include "agents/dataset/dataset_reader.h"
#include "client/pysc2/observation.h"
#include "learning/policy_layout.h"

namespace sc2::learning {

// Throws std::invalid_argument when the dataset's layers are not PySC2's (names and order), so
// that they cannot be fed to the networks' inputs.
void check_dataset_layers(const agents::dataset::DatasetIndex& index);

// Row `step` as the agent saw it: the feature layers (names, kinds and scales from PySC2's
// tables) and available_actions. The dataset does not hold the player vector: it stays zero.
pysc2::Observation dataset_observation(const agents::dataset::Dataset& dataset, std::int64_t step);

// A recorded call as head indices (points: y * width + x on their surface). Throws
// std::invalid_argument for an unknown function, a missing argument or a point off the layers.
ActionChoice recorded_choice(const pysc2::FunctionCall& call, int screen_size, int minimap_size);

// The value targets: per row, the discounted sum of the rewards from that row to the end of its
// episode, G_t = r_t + discount * G_{t+1} (no bootstrap: a recorded episode is whole). Throws
// std::invalid_argument when the episodes do not tile the rewards.
std::vector<float> episode_returns(const std::vector<float>& rewards,
                                   const std::vector<agents::dataset::RecordedEpisode>& episodes, float discount);

// Which rows train and which are held out. By whole episodes: round(holdout * episodes),
// at least one and leaving at least one, picked by a seeded shuffle. A dataset of one episode
// is split by rows instead: its last round(holdout * rows) rows (at least one) are held out.
struct DemonstrationSplit {
  std::vector<std::int64_t> training;  // rows, ascending
  std::vector<std::int64_t> held_out;
  std::vector<int> held_out_episodes;  // 1-based episode numbers (by_rows: the single episode)
  bool by_rows = false;
};

// Throws std::invalid_argument for holdout outside (0, 1), no rows, or a single episode of
// fewer than two rows.
DemonstrationSplit split_demonstrations(const std::vector<agents::dataset::RecordedEpisode>& episodes, double holdout,
                                        std::uint64_t seed);

// How many of `scores` rank above `target`'s: larger scores, and equal ones at a lower index
// (the greedy choice takes the first largest). The target is in the top k when this is < k.
int rank_of(const float* scores, int count, int target);

struct TopKCount {
  std::int64_t rows = 0;
  std::int64_t top1 = 0;
  std::int64_t top5 = 0;
  void add(int rank);
  double top1_rate() const { return rows > 0 ? static_cast<double>(top1) / rows : 0.0; }
  double top5_rate() const { return rows > 0 ? static_cast<double>(top5) / rows : 0.0; }
};

// Table 2's three columns: the function id over every held-out row, the screen argument over
// the rows whose call takes one (screen2, select_rect's second corner, is not counted), the
// minimap argument likewise.
struct DemonstrationAccuracy {
  TopKCount action;
  TopKCount screen;
  TopKCount minimap;
};

// The paper's Table 2 layout, one row per labelled result, e.g.
//                       action          screen          minimap
//                       top-1  top-5    top-1  top-5    top-1  top-5
//   fullyconv           37.9%  88.2%     9.5%  18.5%    25.7%  62.3%
// with "-" for a column without rows, and a last line with the row counts of the first result.
struct LabelledAccuracy {
  std::string label;
  DemonstrationAccuracy accuracy;
};
std::string accuracy_table(const std::vector<LabelledAccuracy>& rows);

// accuracy.csv: one row per evaluation (epoch 0 = the network before training).
std::string accuracy_csv_header();
struct AccuracyCsvRow {
  double epoch = 0;  // passes over the training rows so far (a stop may end one midway)
  std::int64_t updates = 0;
  double wall_seconds = 0;
  double training_loss = 0;  // mean over the epoch's minibatches (0 for epoch 0)
  double value_loss = 0;
  DemonstrationAccuracy accuracy;
};
std::string accuracy_csv_row(const AccuracyCsvRow& row);

}  // namespace sc2::learning
