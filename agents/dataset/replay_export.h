#pragma once
// export_replay: plays a replay back on a game (RequestReplayInfo, RequestStartReplay, then
// step_mul loops at a time) and writes it as a dataset (agents/dataset/FORMAT.md): each row is
// the observation at a step and the FunctionCall the player made on it, read back from the
// next observation's `actions` (the game echoes the player's actions; PySC2's reverse mapping
// turns them into FunctionCalls). Used by `sc2agent --replay_to_dataset REPLAY OUT_DIR`.
#include <cstdint>
#include <filesystem>
#include <string>

#include "client/controller.h"

namespace sc2::agents::dataset {

struct ReplayExportOptions {
  std::filesystem::path replay;  // the replay file
  std::filesystem::path folder;  // the dataset folder to write (new or empty)
  // The recording's step_mul: rows are taken every step_mul loops, so with the player's own
  // step_mul each row holds exactly the call made on that observation.
  int step_mul = 8;
  int feature_screen_size = 64;
  int feature_minimap_size = 64;
};

struct ReplayExportSummary {
  std::string map;
  std::int64_t steps = 0;           // rows written
  std::uint32_t game_loops = 0;     // the replay's length
  double score = 0;                 // summed reward
  std::int64_t calls = 0;           // rows whose call is not no_op
  std::int64_t dropped_calls = 0;   // calls beyond the first of a step (a row holds one call)
};

// Throws std::runtime_error (what was asked and what went wrong: an unreadable file, the
// game's refusal of the replay, a folder that is not empty, ...).
ReplayExportSummary export_replay(Controller& controller, const ReplayExportOptions& options);

}  // namespace sc2::agents::dataset
