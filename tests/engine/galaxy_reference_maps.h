#pragma once
// The 30 reference map scripts (PySC2's 7 mini-games, SMAC's 23 maps) for the galaxy tests,
// read from ../shared/clients (never copied into the repository), and a run of one over the
// fake world (galaxy_fake_world.h).
//
// Each .SC2Map is unpacked with Debian's `smpq -x` (the galaxy library reads no archives; the
// map reader in engine/mapfile does). A test skips with a message when the shared folder or
// smpq is absent, or when a map file there is not an MPQ archive (e.g. a placeholder written
// over it): the message names the file.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/galaxy/bytecode_compiler.h"
#include "engine/galaxy/galaxy.h"
#include "tests/engine/galaxy_fake_world.h"
#include "tests/shared_dir.h"

namespace sc2::galaxy::test {

inline constexpr const char* kMiniGames = "clients/pysc2/pysc2/maps/mini_games";
inline constexpr const char* kSmacMaps = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps";

// The .SC2Map files of one folder under shared/, sorted.
inline std::vector<std::filesystem::path> reference_maps(const char* relative_folder) {
  std::vector<std::filesystem::path> maps;
  for (const auto& entry : std::filesystem::directory_iterator(sc2::test::shared_dir() / relative_folder)) {
    if (entry.path().extension() == ".SC2Map") maps.push_back(entry.path());
  }
  std::sort(maps.begin(), maps.end());
  return maps;
}

inline std::filesystem::path mini_game_map(std::string_view name) {
  return sc2::test::shared_dir() / kMiniGames / (std::string(name) + ".SC2Map");
}

inline bool is_mpq_archive(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  char magic[3] = {};
  in.read(magic, 3);
  return in.good() && magic[0] == 'M' && magic[1] == 'P' && magic[2] == 'Q';
}

// True when the 30 maps can be read; otherwise prints why the test is skipped.
inline bool have_reference_maps() {
  if (!sc2::test::have_shared(kMiniGames) || !sc2::test::have_shared(kSmacMaps)) return false;
  if (std::system("command -v smpq >/dev/null 2>&1") != 0) {
    MESSAGE("skipped: smpq is not installed (apt-get install smpq), so the .SC2Map archives cannot be unpacked");
    return false;
  }
  for (const char* folder : {kMiniGames, kSmacMaps}) {
    for (const std::filesystem::path& map : reference_maps(folder)) {
      if (is_mpq_archive(map)) continue;
      MESSAGE("skipped: " << map.string() << " is not an MPQ archive (a placeholder written over the real map?)");
      return false;
    }
  }
  return true;
}

// MapScript.galaxy of one archive, unpacked once per test run.
inline const std::string& reference_script(const std::filesystem::path& archive) {
  namespace fs = std::filesystem;
  static std::map<fs::path, std::string> scripts;
  if (const auto it = scripts.find(archive); it != scripts.end()) return it->second;
  const fs::path folder = fs::temp_directory_path() / ("sc2_galaxy_maps_" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string command =
      "cd '" + folder.string() + "' && smpq -x '" + fs::absolute(archive).string() + "' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream in(folder / "MapScript.galaxy", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  fs::remove_all(folder);
  INFO("smpq status " << status << " for " << archive.string());
  REQUIRE(in.good());
  return scripts.emplace(archive, text.str()).first->second;
}

// One map's script compiled and running over a fake world.
struct MapRun {
  explicit MapRun(const std::string& script, std::int32_t player_type = 1, RuntimeLimits limits = {}) {
    compiled = compile("MapScript.galaxy", script);
    INFO(compiled.error_text());
    REQUIRE(compiled.ok());
    runtime = std::make_unique<Runtime>(compile_bytecode(*compiled.program), world, limits);
    world.player_type = player_type;
    world.register_natives(runtime->natives());
  }
  std::string errors() const {
    std::string text;
    for (const std::string& error : runtime->errors()) text += error + "\n";
    return text;
  }
  const FunctionRunStats& stats(std::string_view function) const {
    const std::int32_t index = compiled.program->find_function(function);
    REQUIRE(index >= 0);
    return runtime->run_stats(index);
  }
  FakeWorld::Unit& unit_global(std::string_view name) {
    FakeWorld::Unit* unit = world.unit(runtime->global(name).as_handle());
    REQUIRE(unit != nullptr);
    return *unit;
  }
  // Kills `units` in the world, then reports each death, as the game does after a loop.
  void kill(const std::vector<Handle>& units) {
    for (const Handle unit : units) world.kill(unit);
    for (const Handle unit : units) CHECK(runtime->fire_unit_died(unit));
  }

  CompileResult compiled;
  FakeWorld world;
  std::unique_ptr<Runtime> runtime;
};

inline double distance(const FakeWorld::Unit& a, const FakeWorld::Unit& b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace sc2::galaxy::test
