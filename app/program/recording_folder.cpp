#include "app/program/recording_folder.h"

#include <string>
#include <system_error>

namespace sc2::app {

namespace {
bool usable(const std::filesystem::path& folder) {
  std::error_code error;
  if (!std::filesystem::exists(folder, error)) return !error;
  return std::filesystem::is_directory(folder, error) && std::filesystem::is_empty(folder, error) && !error;
}
}  // namespace

std::filesystem::path next_recording_folder(const std::filesystem::path& base) {
  if (usable(base)) return base;
  std::filesystem::path trimmed = base;
  if (!trimmed.has_filename()) trimmed = trimmed.parent_path();  // "dir/" -> "dir"
  for (int n = 2; n < 10000; ++n) {
    std::filesystem::path candidate = trimmed;
    candidate += "-" + std::to_string(n);
    if (usable(candidate)) return candidate;
  }
  return base;  // the writer reports why it is not usable
}

}  // namespace sc2::app
