#include "agents/replay_saver.h"

#include <fstream>
#include <stdexcept>
#include <system_error>

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
  const auto file = folder / (map + "_seed" + std::to_string(seed) + "_episode" + std::to_string(episode) +
                              ".SC2Replay");
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write replay " + file.string());
  return file;
}

}  // namespace sc2::agents
