#pragma once
// What a training run reports (no torch): the mean score of the last episodes, one row per
// update in DIR/progress.csv (the same names as in the code), and the progress line.
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <string>

namespace sc2::learning {

// The last `capacity` finished episodes' scores and lengths.
class ScoreWindow {
 public:
  explicit ScoreWindow(int capacity);
  void add(double score, std::int64_t steps);
  int size() const { return static_cast<int>(scores_.size()); }
  bool full() const { return size() == capacity_; }
  double mean_score() const;       // 0 when empty
  double mean_length() const;      // agent steps; 0 when empty

 private:
  int capacity_;
  std::deque<double> scores_;
  std::deque<std::int64_t> lengths_;
  double score_sum_ = 0;
  double length_sum_ = 0;
};

struct ProgressRow {
  std::int64_t update = 0;
  std::int64_t steps = 0;          // agent steps over all environments, since the run began
  std::int64_t episodes = 0;       // finished episodes, since the run began
  double wall_seconds = 0;         // training time, since the run began (resumes add up)
  double mean_score = 0;           // of the last score_window episodes
  double mean_episode_length = 0;  // agent steps, same episodes
  double samples_per_second = 0;   // of this update (acting + learning)
  double policy_loss = 0;
  double value_loss = 0;
  double entropy = 0;
  double total_loss = 0;
  double learning_rate = 0;
  double gradient_norm = 0;        // before clipping
  // Where this update's time went (seconds): choosing actions, stepping the games, learning.
  double acting_seconds = 0;
  double environment_seconds = 0;
  double learning_seconds = 0;
  // The machine's 1-minute load average when the row was written (machine_load_average), so a
  // curve shows what it shared the cores with; -1 where the system does not tell.
  double load_average = -1;
};

// The first field of /proc/loadavg; -1 when it cannot be read (not Linux, no /proc).
double machine_load_average(const std::filesystem::path& loadavg = "/proc/loadavg");

// Appends rows to DIR/progress.csv, writing the header when the file is new or empty; each row
// is flushed, so a killed run keeps every finished update. A run resumed on a file written
// before a column was added keeps that file's columns (its rows stay rectangular). Throws
// std::runtime_error naming the file when it cannot be opened.
class ProgressCsv {
 public:
  explicit ProgressCsv(const std::filesystem::path& file);
  void append(const ProgressRow& row);
  static const char* header();

 private:
  std::filesystem::path file_;
  std::ofstream out_;
  int columns_ = 0;  // of the file's header
};

// "steps 123,456 | episodes 456 | mean 23.4 (100) | 2,345 samples/s | policy -0.012 value 0.31
//  entropy 2.10 | 12:34 elapsed, ETA 17:26" (eta_seconds < 0: unknown).
std::string progress_line(const ProgressRow& row, int window_size, double eta_seconds);

std::string format_duration(double seconds);  // "1:02:03" or "12:34"

}  // namespace sc2::learning
