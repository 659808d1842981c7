// A map chosen by the path of a file on this computer (client/local_map_file.h): its bytes go
// to the game as local_map.map_data, named as the real game would name it; folders, missing
// and unreadable paths are refused saying why; and through the engine the file's own map plays.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>

#include "client/controller.h"
#include "client/local_map_file.h"
#include "client/pysc2/env.h"
#include "tests/client/engine_channel.h"
#include "tests/shared_dir.h"

namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path root = fs::temp_directory_path() / ("sc2-local-map-" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~TempDir() { fs::remove_all(root); }
  fs::path write(const std::string& relative, const std::string& bytes) const {
    const fs::path path = root / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
};

std::string error_of(std::string_view choice) {
  try {
    sc2::read_local_map_file(choice);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return {};
}

}  // namespace

TEST_CASE("a bare map name or a path that is not here is left to the game's Maps folder") {
  CHECK_FALSE(sc2::read_local_map_file("MoveToBeacon").has_value());
  CHECK_FALSE(sc2::read_local_map_file("mini_games/NoSuchMap.SC2Map").has_value());
  CHECK_FALSE(sc2::read_local_map_file("/no/such/folder/X.SC2Map").has_value());
}

TEST_CASE("a map file here is read whole and named by its path after a Maps folder, else by its file name") {
  TempDir dir;
  const std::string bytes("MPQ\x1a\0binary\xff", 12);
  const fs::path loose = dir.write("mine/Arena.SC2Map", bytes);
  const auto read = sc2::read_local_map_file(loose.string());
  REQUIRE(read.has_value());
  CHECK(read->bytes == bytes);
  CHECK(read->map_path == "Arena.SC2Map");

  const fs::path installed = dir.write("StarCraftII/Maps/mini_games/Beacon2.SC2Map", "x");
  const auto under_maps = sc2::read_local_map_file(installed.string());
  REQUIRE(under_maps.has_value());
  CHECK(under_maps->map_path == "mini_games/Beacon2.SC2Map");
  CHECK(sc2::local_map_file_refusal(installed.string()).empty());
}

TEST_CASE("a map folder, a missing file and a file that is no .SC2Map are refused saying why") {
  TempDir dir;
  fs::create_directories(dir.root / "Unpacked.SC2Map");
  const std::string folder = (dir.root / "Unpacked.SC2Map").string();
  CHECK(error_of(folder).find(folder + " is a map folder") == 0);
  CHECK(sc2::local_map_file_refusal(folder).find("map folder") != std::string::npos);
  CHECK(sc2::local_map_file_refusal((dir.root / "Gone.SC2Map").string()).find("does not exist") != std::string::npos);
  const fs::path text = dir.write("notes.txt", "hello");
  CHECK(sc2::local_map_file_refusal(text.string()).find("is not a .SC2Map file") != std::string::npos);
  CHECK(sc2::local_map_file_refusal("") == "no map file given");
}

TEST_CASE("Env given a map file here plays that file's own map on the engine") {
  const fs::path smac_3m = sc2::test::shared_dir() / "clients/smac/smac/env/starcraft2/maps/SMAC_Maps/3m.SC2Map";
  if (!sc2::test::have_shared("clients/smac/smac/env/starcraft2/maps/SMAC_Maps/3m.SC2Map")) return;
  std::ifstream file(smac_3m, std::ios::binary);
  const std::string head(std::istreambuf_iterator<char>(file), {});
  if (head.compare(0, 3, "MPQ") != 0) {
    MESSAGE("skipped: " << smac_3m.string() << " is not a map archive; restore ../shared/clients");
    return;
  }
  auto channel = std::make_unique<sc2::test::EngineChannel>();
  sc2::Controller controller(std::move(channel));
  sc2::pysc2::EnvOptions options;
  options.map = smac_3m.string();  // no built-in map has this name: only the file can answer
  sc2::pysc2::Env env(controller, options);
  const auto first = env.reset();
  CHECK(first->first());
  CHECK(env.game_info().map_name() == "3m");
  CHECK(env.game_info().local_map_path() == "3m.SC2Map");
  CHECK(env.game_info().start_raw().map_size().x() == 32);
}

TEST_CASE("Env refuses a map folder before it sends anything") {
  TempDir dir;
  fs::create_directories(dir.root / "Unpacked.SC2Map");
  auto channel = std::make_unique<sc2::test::EngineChannel>();
  sc2::Controller controller(std::move(channel));
  sc2::pysc2::EnvOptions options;
  options.map = (dir.root / "Unpacked.SC2Map").string();
  CHECK_THROWS_WITH_AS(sc2::pysc2::Env(controller, options), doctest::Contains("is a map folder"), std::runtime_error);
}
