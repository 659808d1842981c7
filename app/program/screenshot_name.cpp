#include "app/program/screenshot_name.h"

#include <string>
#include <system_error>

namespace sc2::app {

std::filesystem::path next_screenshot_path(const std::filesystem::path& dir, std::time_t now) {
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "sc2studio-%Y%m%d-%H%M%S", &local);
  std::error_code ignored;
  std::filesystem::path path = dir / (std::string(stamp) + ".png");
  for (int n = 2; std::filesystem::exists(path, ignored); ++n) {
    path = dir / (std::string(stamp) + "-" + std::to_string(n) + ".png");
  }
  return path;
}

}  // namespace sc2::app
