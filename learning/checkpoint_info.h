#pragma once
// What a checkpoint says about itself (no torch here): the network's spec, the map it was
// trained on and how far training got. The programs check it against the game they are about
// to play before anything starts.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "learning/network_spec.h"

namespace sc2::learning {

// A checkpoint that cannot be used: missing, damaged, truncated, not ours, or made for
// another game. The message names the file (or both sides) and what is wrong.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CheckpointInfo {
  NetworkSpec spec;
  std::string map;
  std::int64_t steps = 0;     // agent steps trained
  std::int64_t episodes = 0;  // episodes finished in training
  double mean_score = 0;      // mean score of the last episodes when saved
  std::string created;        // UTC time of saving, ISO 8601 (save_checkpoint fills it when empty)
  // The dataset a policy was cloned from (sc2train --demonstrations); empty when reinforcement
  // learning wrote it. Optional in the JSON (older checkpoints have none).
  std::string demonstrations;
  // Game loops per agent step the policy was trained with (a policy acts worse at another);
  // 0 = not recorded (older checkpoints, cloned policies). Optional in the JSON.
  int step_mul = 0;
};

// The metadata as stored in a checkpoint, with a format name and version so that a reader can
// tell our checkpoints from other files.
nlohmann::json to_json(const CheckpointInfo& info);
// Throws CheckpointError naming the missing or bad field (or a foreign format / newer version).
CheckpointInfo checkpoint_info_from_json(const nlohmann::json& json);

// Throws CheckpointError when the checkpoint was made for another map or other feature-layer
// resolutions, naming both: "checkpoint is for MoveToBeacon at 32x32, this game is
// DefeatRoaches at 64x64".
void check_checkpoint_fits(const CheckpointInfo& info, std::string_view map, int screen, int minimap);

// "2026-12-03T17:40:00Z"
std::string utc_timestamp_now();

}  // namespace sc2::learning
