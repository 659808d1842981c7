#pragma once
// For targets whose parser reads a file: a folder of this process's own (in /dev/shm when
// there is one, so writing each input costs no disk I/O) and a way to write an input there.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace sc2::fuzz {

// Removed again when the process exits normally.
class OwnTempFolder {
 public:
  OwnTempFolder() {
    const std::filesystem::path shm = "/dev/shm";
    const auto base = std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path();
    path_ = base / ("sc2-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path_);
  }
  ~OwnTempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline const std::filesystem::path& own_temp_folder() {
  static const OwnTempFolder folder;
  return folder.path();
}

inline void write_input(const std::filesystem::path& file, const std::uint8_t* data, std::size_t size) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

}  // namespace sc2::fuzz
