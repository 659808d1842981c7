#pragma once
// Saves the replay of each finished episode (RequestSaveReplay) into a folder, for
// sc2agent --save_replay DIR.
#include <filesystem>
#include <string>
#include <vector>

#include "client/controller.h"

namespace sc2::agents {

// Creates `folder` when missing; throws std::runtime_error naming it when it cannot be used.
void prepare_replay_folder(const std::filesystem::path& folder);

// Asks the game for the replay of the episode that just ended and writes it as
// <folder>/<map>_seed<seed>_episode<N>.SC2Replay. Returns the file written; throws
// std::runtime_error naming the file when it cannot be written (nothing is left under that
// name then: the file is written under a temporary name and renamed once complete).
std::filesystem::path save_episode_replay(Controller& controller, const std::filesystem::path& folder,
                                          const std::string& map, std::uint64_t seed, int episode);

// save_episode_replay for a run: a file that cannot be written becomes a line in `problems`
// ("episode N: ...") and the run goes on; a game that is gone (ControllerError) is thrown.
void keep_episode_replay(Controller& controller, const std::filesystem::path& folder, const std::string& map,
                         std::uint64_t seed, int episode, std::vector<std::string>& problems);

}  // namespace sc2::agents
