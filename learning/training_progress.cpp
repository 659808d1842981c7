#include "learning/training_progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace sc2::learning {

ScoreWindow::ScoreWindow(int capacity) : capacity_(capacity) {
  if (capacity < 1) throw std::invalid_argument("score window: capacity must be at least 1");
}

void ScoreWindow::add(double score, std::int64_t steps) {
  scores_.push_back(score);
  lengths_.push_back(steps);
  score_sum_ += score;
  length_sum_ += static_cast<double>(steps);
  if (size() > capacity_) {
    score_sum_ -= scores_.front();
    length_sum_ -= static_cast<double>(lengths_.front());
    scores_.pop_front();
    lengths_.pop_front();
  }
}

double ScoreWindow::mean_score() const { return scores_.empty() ? 0.0 : score_sum_ / size(); }
double ScoreWindow::mean_length() const { return lengths_.empty() ? 0.0 : length_sum_ / size(); }

const char* ProgressCsv::header() {
  return "update,steps,episodes,wall_seconds,mean_score,mean_episode_length,samples_per_second,policy_loss,"
         "value_loss,entropy,total_loss,learning_rate,gradient_norm,"
         "acting_seconds,environment_seconds,learning_seconds,load_average";
}

namespace {

int column_count(const std::string& header_line) {
  return header_line.empty() ? 0 : 1 + static_cast<int>(std::count(header_line.begin(), header_line.end(), ','));
}

}  // namespace

double machine_load_average(const std::filesystem::path& loadavg) {
  std::ifstream in(loadavg);
  double load = -1;
  if (!(in >> load) || load < 0) return -1;
  return load;
}

ProgressCsv::ProgressCsv(const std::filesystem::path& file) : file_(file) {
  std::error_code error;
  const bool fresh = !std::filesystem::exists(file, error) || std::filesystem::file_size(file, error) == 0;
  std::string existing_header = header();
  if (!fresh) {
    std::ifstream in(file);
    std::getline(in, existing_header);
  }
  columns_ = std::min(column_count(existing_header), column_count(header()));
  out_.open(file, std::ios::app);
  if (!out_) throw std::runtime_error("cannot open " + file.string() + " for writing");
  if (fresh) out_ << header() << '\n' << std::flush;
}

void ProgressCsv::append(const ProgressRow& r) {
  char line[512];
  std::snprintf(line, sizeof line, "%lld,%lld,%lld,%.2f,%.4f,%.2f,%.1f,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.4f,%.4f,%.4f,%.2f",
                static_cast<long long>(r.update), static_cast<long long>(r.steps), static_cast<long long>(r.episodes),
                r.wall_seconds, r.mean_score, r.mean_episode_length, r.samples_per_second, r.policy_loss,
                r.value_loss, r.entropy, r.total_loss, r.learning_rate, r.gradient_norm, r.acting_seconds,
                r.environment_seconds, r.learning_seconds, r.load_average);
  std::string text = line;
  // An older file's header has fewer columns: its rows keep to them.
  for (int fields = column_count(text); fields > columns_; --fields) text.erase(text.rfind(','));
  out_ << text << '\n' << std::flush;
  if (!out_) throw std::runtime_error("cannot write to " + file_.string());
}

std::string format_duration(double seconds) {
  const auto total = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  char text[32];
  if (total >= 3600) {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60, total % 60);
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld", total / 60, total % 60);
  }
  return text;
}

std::string progress_line(const ProgressRow& r, int window_size, double eta_seconds) {
  char line[512];
  std::snprintf(line, sizeof line,
                "steps %lld | episodes %lld | mean %.2f (last %d) | %.0f samples/s | policy %.4f value %.4f "
                "entropy %.3f | %s elapsed, ETA %s",
                static_cast<long long>(r.steps), static_cast<long long>(r.episodes), r.mean_score, window_size,
                r.samples_per_second, r.policy_loss, r.value_loss, r.entropy, format_duration(r.wall_seconds).c_str(),
                eta_seconds < 0 ? "?" : format_duration(eta_seconds).c_str());
  return line;
}

}  // namespace sc2::learning
