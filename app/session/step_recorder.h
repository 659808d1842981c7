#pragma once
// StepRecorder: records the steps played into a dataset folder (agents/dataset/FORMAT.md):
// each step's observation seen, the one call sent and the reward that followed, in the
// episodes the game played. A failure stops the recording but keeps what was recorded (the
// index is written when it still can be). What happens is told through `notify` (for the
// person's log) and status().
//
// Game thread only (not thread-safe): the Session copies status() into its snapshot.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "agents/dataset/dataset_writer.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

struct RecordingStatus {
  bool recording = false;
  std::string folder;  // being (or last) recorded, or the one that could not be
  std::int64_t steps = 0;
  std::size_t episodes = 0;  // finished episodes in the recording
  std::string error;         // why recording could not start or stopped; empty when fine
};

class StepRecorder {
 public:
  using Notify = std::function<void(std::string)>;

  explicit StepRecorder(Notify notify);
  ~StepRecorder();  // an unfinished recording stays unfinished (no index.json): close() first

  // Finishes any recording, then records into `folder` (new or empty). When it cannot, the
  // status says why and nothing records.
  void open(const std::filesystem::path& folder, const agents::dataset::DatasetInfo& info);
  // One step: the observation the call was chosen on, the call sent, the TimeStep that
  // followed (its reward; its end ends the recorded episode).
  void record(const pysc2::Observation& seen, const pysc2::FunctionCall& call, const pysc2::TimeStep& after);
  // The game's episode ended at `game_loop` without a last step (a restart).
  void end_episode(std::uint32_t game_loop);
  // Finishes the recording (index.json); an episode still open ends at the last step
  // recorded. Nothing when not recording.
  void close();

  bool recording() const { return writer_ != nullptr; }
  const RecordingStatus& status() const { return status_; }

 private:
  void end_open_episode(std::uint32_t game_loop);  // throws what the writer throws
  void failed(const std::string& error);

  Notify notify_;
  std::unique_ptr<agents::dataset::DatasetWriter> writer_;
  RecordingStatus status_;
  bool episode_open_ = false;
  double episode_reward_ = 0;
  std::uint32_t episode_first_loop_ = 0;
  std::uint32_t last_loop_ = 0;  // game loop after the last step recorded
};

}  // namespace sc2::app
