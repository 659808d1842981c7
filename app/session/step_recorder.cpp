#include "app/session/step_recorder.h"

#include <exception>

namespace sc2::app {

StepRecorder::StepRecorder(Notify notify) : notify_(std::move(notify)) {}

StepRecorder::~StepRecorder() = default;

void StepRecorder::open(const std::filesystem::path& folder, const agents::dataset::DatasetInfo& info) {
  close();
  status_.folder = folder.string();
  try {
    writer_ = std::make_unique<agents::dataset::DatasetWriter>(folder, info);
  } catch (const std::exception& error) {
    status_.recording = false;
    status_.error = "cannot record into " + folder.string() + ": " + error.what();
    notify_(status_.error);
    return;
  }
  episode_open_ = false;
  status_.recording = true;
  status_.steps = 0;
  status_.episodes = 0;
  status_.error.clear();
  notify_("recording the steps into " + folder.string());
}

void StepRecorder::record(const pysc2::Observation& seen, const pysc2::FunctionCall& call,
                          const pysc2::TimeStep& after) {
  if (!writer_) return;
  try {
    if (!episode_open_) {
      writer_->begin_episode();
      episode_open_ = true;
      episode_reward_ = 0;
      episode_first_loop_ = seen.game_loop;
    }
    writer_->add_step(seen, call, after.reward);
    episode_reward_ += after.reward;
    last_loop_ = after.observation.game_loop;
    if (after.last()) end_open_episode(after.observation.game_loop);
    status_.steps = writer_->steps();
  } catch (const std::exception& error) {
    failed(std::string("recording stopped: ") + error.what());
  }
}

void StepRecorder::end_episode(std::uint32_t game_loop) {
  try {
    end_open_episode(game_loop);
  } catch (const std::exception& error) {
    failed(std::string("recording stopped: ") + error.what());
  }
}

void StepRecorder::close() {
  if (!writer_) return;
  try {
    end_open_episode(last_loop_);
    writer_->finish();
  } catch (const std::exception& error) {
    failed(std::string("finishing the recording failed: ") + error.what());
    return;
  }
  const std::string summary = "recording finished: " + std::to_string(writer_->steps()) + " steps, " +
                              std::to_string(writer_->episodes().size()) + " episodes in " +
                              writer_->folder().string();
  writer_.reset();
  episode_open_ = false;
  status_.recording = false;
  notify_(summary);
}

void StepRecorder::end_open_episode(std::uint32_t game_loop) {
  if (!writer_ || !episode_open_) return;
  episode_open_ = false;
  writer_->end_episode(episode_reward_, static_cast<std::int64_t>(game_loop) - episode_first_loop_);
  status_.episodes = writer_->episodes().size();
}

// Keeps what was recorded: the writer is finished (index.json for the complete rows) when it
// still can be, then dropped.
void StepRecorder::failed(const std::string& error) {
  if (writer_) {
    try {
      writer_->finish();
    } catch (const std::exception&) {
      // The folder stays an unfinished recording (no index.json); the error says why.
    }
  }
  writer_.reset();
  episode_open_ = false;
  status_.recording = false;
  status_.error = error;
  notify_(error);
}

}  // namespace sc2::app
