#include "agents/dataset/dataset_validation.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "agents/dataset/dataset_format.h"
#include "agents/dataset/dataset_reader.h"

namespace sc2::agents::dataset {

namespace {

constexpr std::size_t kMaxFindings = 20;  // per kind; the rest is counted

void add(std::vector<std::string>& list, std::size_t& dropped, std::string text) {
  if (list.size() < kMaxFindings) {
    list.push_back(std::move(text));
  } else {
    ++dropped;
  }
}

std::string summary_of(const Dataset& dataset) {
  const DatasetIndex& index = dataset.index();
  const auto& info = index.info;
  const auto steps = std::to_string(index.steps);
  std::ostringstream out;
  out << "map " << info.map << ", agent " << info.agent << ", seed " << info.seed << ", step_mul " << info.step_mul
      << "\n"
      << index.steps << " steps in " << index.episodes.size() << " episodes\n"
      << kScreenFile << " int32 (" << steps << ", " << index.screen_layers.size() << ", "
      << info.feature_screen_size << ", " << info.feature_screen_size << ")\n"
      << kMinimapFile << " int32 (" << steps << ", " << index.minimap_layers.size() << ", "
      << info.feature_minimap_size << ", " << info.feature_minimap_size << ")\n"
      << kFunctionFile << " int32 (" << steps << ",), " << kArgumentFile << " int32 (" << steps << ", "
      << kMaxArguments << ", " << kArgumentValues << "), " << kRewardFile << " float32 (" << steps << ",), "
      << kAvailableFile << " uint8 (" << steps << ", 573), " << kGameLoopFile << " int32 (" << steps << ",)";
  return out.str();
}

void check_rows(const Dataset& dataset, ValidationReport& report) {
  const auto folder = dataset.folder();
  const DatasetIndex& index = dataset.index();
  std::size_t dropped_errors = 0, dropped_warnings = 0;
  const auto rewards = dataset.rewards();
  const auto loops = dataset.game_loops();
  const auto& calls = dataset.function_calls();
  for (const RecordedEpisode& episode : index.episodes) {
    double sum = 0;
    for (std::int64_t row = episode.first_step; row < episode.first_step + episode.steps; ++row) {
      const auto r = static_cast<std::size_t>(row);
      if (!std::isfinite(rewards[r])) {
        add(report.errors, dropped_errors,
            (folder / kRewardFile).string() + ": step " + std::to_string(row) + " has a reward that is not finite");
      }
      sum += rewards[r];
      if (loops[r] < 0 || (row > episode.first_step && loops[r] < loops[r - 1])) {
        add(report.errors, dropped_errors,
            (folder / kGameLoopFile).string() + ": step " + std::to_string(row) + " of episode " +
                std::to_string(episode.episode) + " has game loop " + std::to_string(loops[r]) + " (the step before: " +
                (row > episode.first_step ? std::to_string(loops[r - 1]) : std::string("none")) + ")");
      }
      const auto available = dataset.available_actions(row);
      const int function = calls[r].function;
      if (function != 0 && std::find(available.begin(), available.end(), function) == available.end()) {
        add(report.warnings, dropped_warnings,
            (folder / kFunctionFile).string() + ": step " + std::to_string(row) + " calls function " +
                std::to_string(function) + ", which " + kAvailableFile.data() + " says was not available");
      }
      for (const auto& [file, values] : {std::pair{kScreenFile, dataset.feature_screen(row)},
                                         std::pair{kMinimapFile, dataset.feature_minimap(row)}}) {
        for (std::int32_t value : values) {
          if (value >= 0) continue;
          add(report.errors, dropped_errors,
              (folder / file).string() + ": step " + std::to_string(row) + " has a negative layer value (" +
                  std::to_string(value) + ")");
          break;
        }
      }
    }
    if (std::abs(sum - episode.score) > 1e-3 * std::max(1.0, std::abs(episode.score))) {
      add(report.warnings, dropped_warnings,
          (folder / kIndexFile).string() + ": episode " + std::to_string(episode.episode) + " has score " +
              std::to_string(episode.score) + " but its rewards sum to " + std::to_string(sum));
    }
  }
  if (dropped_errors) report.errors.push_back("... and " + std::to_string(dropped_errors) + " more errors");
  if (dropped_warnings) report.warnings.push_back("... and " + std::to_string(dropped_warnings) + " more warnings");
}

}  // namespace

ValidationReport validate_dataset(const std::filesystem::path& folder) {
  ValidationReport report;
  try {
    const Dataset dataset = Dataset::open(folder);
    report.summary = summary_of(dataset);
    check_rows(dataset, report);
  } catch (const std::exception& error) {
    report.errors.push_back(error.what());
  }
  report.ok = report.errors.empty();
  return report;
}

std::string to_text(const ValidationReport& report, const std::filesystem::path& folder) {
  std::ostringstream out;
  out << "dataset " << folder.string() << "\n";
  if (!report.summary.empty()) out << report.summary << "\n";
  for (const auto& error : report.errors) out << "error: " << error << "\n";
  for (const auto& warning : report.warnings) out << "warning: " << warning << "\n";
  out << (report.ok ? "OK" : "INVALID") << " (" << report.errors.size() << " errors, " << report.warnings.size()
      << " warnings)\n";
  return out.str();
}

}  // namespace sc2::agents::dataset
