#pragma once
// Helpers for the tests that run the real sc2studio offscreen against sc2lite: whether the
// programs are built, the command line with a private config/data dir, and pixel counts
// in the screenshot.
#include <doctest/doctest.h>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/app/app_test_support.h"

namespace sc2::test {

inline const std::filesystem::path kBinDir = SC2_BIN_DIR;

// True when sc2studio and sc2lite are built; otherwise says why the test is skipped.
inline bool have_programs() {
  if (std::filesystem::exists(kBinDir / "sc2studio") && std::filesystem::exists(kBinDir / "sc2lite")) return true;
  MESSAGE("skipped: sc2studio or sc2lite is not built in " << kBinDir.string());
  return false;
}

// sc2studio under SDL's offscreen driver, run in `dir` with its own config and data folders.
inline std::string studio(const TempDir& dir, const std::string& flags) {
  return "cd '" + dir.path().string() + "' && SDL_VIDEODRIVER=offscreen XDG_CONFIG_HOME='" + dir.path().string() +
         "/config' XDG_DATA_HOME='" + dir.path().string() + "/data' timeout 90 '" +
         (kBinDir / "sc2studio").string() + "' " + flags;
}

// sc2studio (`flags` as for studio()) playing `script_text` as its --script and writing its
// --action_log to action_log_file(dir).
inline std::filesystem::path action_log_file(const TempDir& dir) { return dir.path() / "actions.json"; }
inline CommandResult run_script(const TempDir& dir, const std::string& script_text, const std::string& flags) {
  const auto script = dir.path() / "script.txt";
  std::ofstream(script) << script_text;
  return run_command(studio(dir, flags + " --script '" + script.string() + "' --action_log '" +
                                     action_log_file(dir).string() + "'"));
}

// Pixels of the PNG within `tolerance` of (r, g, b) on every channel; -1 if it cannot be read.
inline int count_color(const std::filesystem::path& png, int r, int g, int b, int tolerance = 0) {
  int width = 0, height = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &width, &height, &channels, 3);
  if (!data) return -1;
  int count = 0;
  for (int i = 0; i < width * height; ++i) {
    const unsigned char* p = data + 3 * i;
    if (std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance) ++count;
  }
  stbi_image_free(data);
  return count;
}

// The JSON file sc2studio wrote (--action_log); fails the test when it is missing.
inline nlohmann::json read_json(const std::filesystem::path& file) {
  std::ifstream in(file);
  REQUIRE(in);
  return nlohmann::json::parse(in);
}

}  // namespace sc2::test
