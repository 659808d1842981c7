#include "app/program/video_frames.h"

#include <cstdio>

namespace sc2::app {

std::string prepare_video_folder(const std::filesystem::path& folder) {
  std::error_code error;
  if (std::filesystem::exists(folder, error) && !std::filesystem::is_directory(folder, error)) {
    return "--video " + folder.string() + " is a file, not a folder";
  }
  std::filesystem::create_directories(folder, error);
  if (error) return "cannot create the video folder " + folder.string() + ": " + error.message();
  if (!std::filesystem::is_empty(folder, error)) {
    return "the video folder " + folder.string() + " already holds files; choose a new or empty folder";
  }
  return error ? "cannot read the video folder " + folder.string() + ": " + error.message() : std::string();
}

std::filesystem::path video_frame_path(const std::filesystem::path& folder, int number) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%06d.png", number);
  return folder / name;
}

}  // namespace sc2::app
