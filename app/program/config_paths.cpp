#include "app/program/config_paths.h"

#include <cstdlib>

namespace sc2::app {

std::optional<std::filesystem::path> config_dir(const char* xdg_config_home, const char* home) {
  // The XDG spec says relative values are invalid and must be ignored.
  if (xdg_config_home && *xdg_config_home && std::filesystem::path(xdg_config_home).is_absolute()) {
    return std::filesystem::path(xdg_config_home) / "sc2studio";
  }
  if (home && *home && std::filesystem::path(home).is_absolute()) {
    return std::filesystem::path(home) / ".config" / "sc2studio";
  }
  return std::nullopt;
}

std::optional<std::filesystem::path> config_dir_from_environment() {
  return config_dir(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
}

std::optional<std::filesystem::path> data_dir(const char* xdg_data_home, const char* home) {
  if (xdg_data_home && *xdg_data_home && std::filesystem::path(xdg_data_home).is_absolute()) {
    return std::filesystem::path(xdg_data_home) / "sc2studio";
  }
  if (home && *home && std::filesystem::path(home).is_absolute()) {
    return std::filesystem::path(home) / ".local" / "share" / "sc2studio";
  }
  return std::nullopt;
}

std::optional<std::filesystem::path> data_dir_from_environment() {
  return data_dir(std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
}

}  // namespace sc2::app
