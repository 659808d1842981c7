#pragma once
// DatasetWriter: records agent steps (the observation seen, the FunctionCall chosen, the
// reward that followed) into a dataset folder of .npy arrays and an index.json
// (agents/dataset/FORMAT.md). Used by `sc2agent --record DIR` and meant for the app's
// human demonstrations. Arrays are streamed to disk as steps come; index.json is written
// last by finish(), so a folder without it is an unfinished recording.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/dataset/npy.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::agents::dataset {

struct DatasetInfo {
  std::string map;
  std::string agent;           // who chose the actions ("scripted", "human", ...)
  std::uint64_t seed = 0;
  int step_mul = 8;
  int feature_screen_size = 64;   // square layers, as sc2agent asks for
  int feature_minimap_size = 64;
};

struct RecordedEpisode {
  int episode = 0;             // 1-based, in recording order
  double score = 0;
  std::int64_t first_step = 0; // row of its first step in every array
  std::int64_t steps = 0;
  std::int64_t game_loops = 0;
};

class DatasetWriter {
 public:
  // Creates `folder` (it may exist but must be empty). Throws DatasetError.
  DatasetWriter(std::filesystem::path folder, DatasetInfo info);
  // Without finish() the arrays are closed but no index.json is written: an interrupted
  // recording stays recognisable as unfinished (Dataset::open refuses it).
  ~DatasetWriter();
  DatasetWriter(const DatasetWriter&) = delete;
  DatasetWriter& operator=(const DatasetWriter&) = delete;

  void begin_episode();
  // One step. Throws DatasetError when the observation's layers differ from the info's
  // resolution, the call has more than kMaxArguments arguments or an argument more than
  // two values, or outside an episode.
  void add_step(const pysc2::Observation& seen, const pysc2::FunctionCall& call, float reward);
  // `score` as the runner summed it; game_loops the episode lasted.
  void end_episode(double score, std::int64_t game_loops);
  // Closes the arrays and writes index.json. An episode still open is ended with the sum of
  // its rewards. Throws DatasetError on I/O errors.
  void finish();

  std::int64_t steps() const { return steps_; }
  const std::vector<RecordedEpisode>& episodes() const { return episodes_; }
  const std::filesystem::path& folder() const { return folder_; }

 private:
  std::filesystem::path folder_;
  DatasetInfo info_;
  std::unique_ptr<NpyFileWriter> screen_, minimap_, functions_, arguments_, rewards_, available_, game_loops_;
  std::vector<RecordedEpisode> episodes_;
  std::optional<RecordedEpisode> open_episode_;
  double open_reward_sum_ = 0;
  std::int64_t steps_ = 0;
  bool finished_ = false;
  std::vector<std::int32_t> row_;  // reused buffer for one step's layers
};

}  // namespace sc2::agents::dataset
