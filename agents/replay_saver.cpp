#include "agents/replay_saver.h"

#include <stdexcept>
#include <system_error>

#include "agents/atomic_file.h"
#include "client/map_paths.h"

namespace sc2::agents {

void prepare_replay_folder(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error || !std::filesystem::is_directory(folder)) {
    throw std::runtime_error("cannot use replay folder " + folder.string() + ": " +
                             (error ? error.message() : "not a folder"));
  }
}

std::filesystem::path save_episode_replay(Controller& controller, const std::filesystem::path& folder,
                                          const std::string& map, std::uint64_t seed, int episode) {
  const std::string bytes = controller.save_replay().data();
  // By the map's name: a map path (a folder, a file's absolute path) would leave `folder`.
  const auto file = folder / (map_name_from_path(map) + "_seed" + std::to_string(seed) + "_episode" + std::to_string(episode) +
                              ".SC2Replay");
  try {
    write_file_atomically(file, bytes);  // a full disk leaves no truncated replay behind
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(std::string("replay not saved: ") + error.what());
  }
  return file;
}

void keep_episode_replay(Controller& controller, const std::filesystem::path& folder, const std::string& map,
                         std::uint64_t seed, int episode, std::vector<std::string>& problems) {
  try {
    save_episode_replay(controller, folder, map, seed, episode);
  } catch (const ControllerError&) {
    throw;  // the game is gone: nothing goes on
  } catch (const std::runtime_error& error) {
    problems.push_back("episode " + std::to_string(episode) + ": " + error.what());
  }
}

}  // namespace sc2::agents
