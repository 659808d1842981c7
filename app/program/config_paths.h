#pragma once
// Where sc2studio keeps per-user files: $XDG_CONFIG_HOME/sc2studio, else
// $HOME/.config/sc2studio. Pure functions of the environment values given.
#include <filesystem>
#include <optional>

namespace sc2::app {

// nullopt when neither variable is set to an absolute path.
std::optional<std::filesystem::path> config_dir(const char* xdg_config_home, const char* home);
// The same, reading the process environment.
std::optional<std::filesystem::path> config_dir_from_environment();

// Where sc2studio writes user data (replays): $XDG_DATA_HOME/sc2studio, else
// $HOME/.local/share/sc2studio; nullopt when neither is an absolute path.
std::optional<std::filesystem::path> data_dir(const char* xdg_data_home, const char* home);
std::optional<std::filesystem::path> data_dir_from_environment();

}  // namespace sc2::app
