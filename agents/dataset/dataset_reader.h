#pragma once
// Dataset: opens a dataset folder written by DatasetWriter (agents/dataset/FORMAT.md),
// validating it whole before anything is read (index.json fields, every array's
// dtype/shape/size against the index, episode ranges), and reads it back.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "agents/dataset/dataset_writer.h"
#include "agents/dataset/npy.h"
#include "client/pysc2/function_call.h"

namespace sc2::agents::dataset {

struct DatasetIndex {
  int format_version = 0;
  DatasetInfo info;
  std::vector<std::string> screen_layers;
  std::vector<std::string> minimap_layers;
  std::int64_t steps = 0;
  std::vector<RecordedEpisode> episodes;
};

class Dataset {
 public:
  // Throws DatasetError naming the file and what is wrong: missing or unparsable index,
  // another format or version, a missing array, a .npy with the wrong dtype, order or shape,
  // a truncated or over-long array, episodes that do not tile the steps, or function ids and
  // arguments that do not fit the PySC2 action table.
  static Dataset open(const std::filesystem::path& folder);

  const DatasetIndex& index() const { return index_; }
  const std::filesystem::path& folder() const { return folder_; }

  // Every step's FunctionCall, in order (checked at open()).
  const std::vector<pysc2::FunctionCall>& function_calls() const { return calls_; }
  std::vector<float> rewards() const;
  std::vector<std::int32_t> game_loops() const;
  // Function ids available at `step`, ascending.
  std::vector<int> available_actions(std::int64_t step) const;
  // The 27 (11) layers seen at `step`, each height x width values, PySC2 order.
  std::vector<std::int32_t> feature_screen(std::int64_t step) const;
  std::vector<std::int32_t> feature_minimap(std::int64_t step) const;

 private:
  std::vector<char> read_rows(std::string_view file, std::int64_t first, std::int64_t count) const;

  std::filesystem::path folder_;
  DatasetIndex index_;
  std::vector<pysc2::FunctionCall> calls_;
};

}  // namespace sc2::agents::dataset
