#pragma once
// Reading a training run's progress.csv (sc2train --out DIR) while the run appends to it, for
// the training panel (sc2studio --training DIR). No GL, no ImGui, no torch.
//
// ProgressTable takes the file's bytes in pieces as they arrive: the first line is the header
// (the column names sc2train writes, learning/training_progress.*), each later complete line a
// row of numbers. A last line without its newline yet waits for the rest; a line with the wrong
// number of fields or a field that is not a number is skipped and counted (the first one is
// remembered for the panel to show); blank lines are ignored.
//
// ProgressFileFollower polls the file: each poll reads only the bytes added since the last one.
// A file that is missing is waited for; one that got shorter, or was replaced by another file
// (a new inode), is read again from its start.
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sc2::app {

// What the training panel plots, by the column names of progress.csv: each against `steps`.
// tests/learning/training_panel_columns_test.cpp checks that sc2train writes every one.
inline constexpr std::string_view kProgressStepsColumn = "steps";
struct TrainingCurve {
  std::string_view column;
  std::string_view title;
};
inline constexpr std::array<TrainingCurve, 4> kTrainingCurves = {{
    {"mean_score", "mean score"},
    {"mean_episode_length", "episode length (agent steps)"},
    {"entropy", "policy entropy"},
    {"value_loss", "value loss"},
}};

class ProgressTable {
 public:
  // Parses every line `bytes` completes (with what earlier calls left unfinished).
  void feed(std::string_view bytes);
  void clear();  // back to no header, no rows

  bool has_header() const { return !columns_.empty(); }
  const std::vector<std::string>& columns() const { return columns_; }
  std::optional<std::size_t> column(std::string_view name) const;
  std::size_t rows() const { return rows_; }
  // Column `index`'s value in every row, oldest first.
  const std::vector<double>& values(std::size_t index) const { return values_.at(index); }
  std::size_t damaged_lines() const { return damaged_; }
  const std::string& first_damage() const { return first_damage_; }  // "line 7: 3 fields, the header has 16"
  std::size_t unfinished_bytes() const { return unfinished_.size(); }  // the last line so far

 private:
  void parse_line(std::string_view line);
  void damaged(const std::string& why);

  std::string unfinished_;
  bool skipping_ = false;  // inside a line too long to be a row, until its newline
  std::vector<std::string> columns_;
  std::vector<std::vector<double>> values_;  // one vector per column
  std::vector<double> row_;                  // reused while parsing a line
  std::size_t rows_ = 0;
  std::size_t lines_ = 0;  // complete lines seen, blank ones included (numbers lines for messages)
  std::size_t damaged_ = 0;
  std::string first_damage_;
};

class ProgressFileFollower {
 public:
  // `max_read`: most bytes one poll reads (a long file is caught up over several polls, so
  // that no frame waits long for the disk).
  explicit ProgressFileFollower(std::filesystem::path file, std::size_t max_read = std::size_t{4} << 20);

  // Reads what was added since the last poll. Returns true when the table changed.
  bool poll();

  const std::filesystem::path& file() const { return file_; }
  const ProgressTable& table() const { return table_; }
  bool exists() const { return exists_; }            // as of the last poll
  std::uint64_t bytes_read() const { return offset_; }
  int restarts() const { return restarts_; }         // times the file was truncated or replaced
  const std::string& error() const { return error_; }  // the last poll could not read it (else "")

 private:
  std::filesystem::path file_;
  std::size_t max_read_;
  ProgressTable table_;
  bool exists_ = false;
  std::uint64_t offset_ = 0;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> identity_;  // device, inode of what was read
  int restarts_ = 0;
  std::string error_;
};

}  // namespace sc2::app
