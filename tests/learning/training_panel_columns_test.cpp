// The training panel (sc2studio --training DIR) plots progress.csv's columns by name: every
// column it plots, and the steps it plots them against, is one sc2train writes. (Only the
// panel's constants are used: this suite does not link the app.)
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "app/views/training_progress_reader.h"
#include "learning/training_progress.h"

TEST_CASE("every column the training panel plots is one sc2train writes into progress.csv") {
  std::vector<std::string> written;
  std::istringstream header(sc2::learning::ProgressCsv::header());
  for (std::string name; std::getline(header, name, ',');) written.push_back(name);
  const auto writes = [&](std::string_view name) {
    return std::find(written.begin(), written.end(), name) != written.end();
  };
  CHECK(writes(sc2::app::kProgressStepsColumn));
  for (const auto& curve : sc2::app::kTrainingCurves) {
    INFO(curve.column);
    CHECK(writes(curve.column));
  }
}
