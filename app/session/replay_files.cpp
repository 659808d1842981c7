#include "app/session/replay_files.h"

#include "agents/atomic_file.h"

namespace sc2::app {

std::filesystem::path next_replay_path(const std::filesystem::path& folder, const std::string& map, std::time_t now) {
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  std::filesystem::path file = folder / (map + "-" + stamp + ".SC2Replay");
  for (int n = 2; std::filesystem::exists(file); ++n) {
    file = folder / (map + "-" + stamp + "-" + std::to_string(n) + ".SC2Replay");
  }
  return file;
}

std::filesystem::path save_replay_file(const std::filesystem::path& folder, const std::string& map,
                                       std::string_view replay, std::time_t now) {
  std::filesystem::create_directories(folder);
  const std::filesystem::path file = next_replay_path(folder, map, now);
  agents::write_file_atomically(file, replay);
  return file;
}

}  // namespace sc2::app
