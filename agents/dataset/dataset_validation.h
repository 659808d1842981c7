#pragma once
// validate_dataset: everything Dataset::open checks (index, every array's dtype, shape and
// size) plus a pass over the rows: function ids available at their step, game loops that never
// go back within an episode, finite rewards, episode scores that match their rewards, no
// negative layer values. Used by `sc2agent --validate_dataset DIR`.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace sc2::agents::dataset {

struct ValidationReport {
  bool ok = false;
  std::vector<std::string> errors;    // each names the file and what is wrong
  std::vector<std::string> warnings;  // suspicious but loadable
  std::string summary;                // map, agent, steps, episodes, shapes (when the index could be read)
};

// Never throws for a bad dataset: the problems are in the report.
ValidationReport validate_dataset(const std::filesystem::path& folder);
// The report as text, one finding a line, ending with "OK" or "INVALID".
std::string to_text(const ValidationReport& report, const std::filesystem::path& folder);

}  // namespace sc2::agents::dataset
