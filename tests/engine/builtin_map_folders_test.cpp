// The built-in maps as map folders of our own (issue 35, engine/scripted/builtin_maps.h): every
// folder the build carries loads as any map file does; the registry lists and plays them; the
// folders' binary files are what sc2lite --new-map writes; an episode lasts the map's time
// limit.
#include <doctest/doctest.h>

#include <map>

#include "engine/mapfile/file_names.h"
#include "engine/mapfile/new_map.h"
#include "engine/maps/melee_registry.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/scripted/builtin_maps.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
namespace mf = sc2::engine::mapfile;

namespace {

mf::NewMapOptions new_map(std::uint32_t width, std::uint32_t height, mf::CameraBounds camera = {}) {
  mf::NewMapOptions options;
  options.width = width;
  options.height = height;
  options.camera = camera;
  return options;
}

}  // namespace

TEST_CASE("built-in maps: every map folder the build carries loads, under its own name") {
  const std::vector<std::string_view> paths = builtin_map_paths();
  REQUIRE_FALSE(paths.empty());
  for (const std::string_view path : paths) {
    CAPTURE(path);
    const auto factory = builtin_map_factory(path);
    REQUIRE(factory != nullptr);
    CHECK(factory->data().map.name == map_name_from_path(path));
    CHECK(builtin_map_factory(map_name_from_path(path)) == factory);  // loaded once, by name or path
  }
  CHECK(builtin_map_factory("NoSuchMap") == nullptr);
  CHECK_FALSE(builtin_map_files("mini_games/NoSuchMap.SC2Map").has_value());
}

TEST_CASE("built-in maps: the registry lists every folder, mini-games first in PySC2's order, and each plays it") {
  // assets/maps/order.txt: PySC2's order of the mini-games, then the melee maps.
  const std::vector<std::string_view> expected = {
      "mini_games/MoveToBeacon.SC2Map", "mini_games/CollectMineralShards.SC2Map",
      "mini_games/FindAndDefeatZerglings.SC2Map", "mini_games/DefeatRoaches.SC2Map",
      "mini_games/DefeatZerglingsAndBanelings.SC2Map", "mini_games/CollectMineralsAndGas.SC2Map",
      "mini_games/BuildMarines.SC2Map", "Melee/Flat32.SC2Map", "Melee/Flat64.SC2Map", "Melee/Simple64.SC2Map"};
  CHECK(builtin_map_paths() == expected);
  std::vector<std::string_view> listed;
  for (const auto& list : {mini_games(), melee_maps()}) {
    for (const MiniGameEntry& entry : list) listed.push_back(entry.path);
  }
  CHECK(listed == expected);
  for (const auto& list : {mini_games(), melee_maps()}) {
    for (const MiniGameEntry& entry : list) {
      CAPTURE(entry.name);
      CHECK(find_builtin_map(entry.name) == std::optional<std::string_view>(entry.path));
      CHECK(find_map(entry.name) == &entry);
      CHECK(map_path_of(entry) == entry.path);
      const std::unique_ptr<MiniGame> game = entry.make();
      CHECK(dynamic_cast<ScriptedMap*>(game.get()) != nullptr);
      CHECK(game->name() == entry.name);
      // A map under Melee/ is a two-player melee map (its script calls the melee natives).
      CHECK(is_melee_map(&entry) == entry.path.starts_with("Melee/"));
      CHECK(game->players() == (is_melee_map(&entry) ? 2 : 1));
    }
  }
  CHECK(find_map("NoSuchMap") == nullptr);
  CHECK(find_mini_game("Flat64") == nullptr);
  CHECK(find_melee_map("MoveToBeacon") == nullptr);
}

TEST_CASE("built-in maps: a mini-game folder's MapInfo and terrain are what sc2lite --new-map writes") {
  // The mini-games' maps are 64x64 with the camera bounds (10,8)-(54,44) (the real files, spec
  // sc2-map-files.md §3.1).
  const mf::MapFiles made = mf::new_map_files(new_map(64, 64, {10, 8, 54, 44}));
  for (const MiniGameEntry& entry : mini_games()) {
    CAPTURE(entry.name);
    const std::optional<mf::MapFiles> files = builtin_map_files(entry.name);
    REQUIRE(files.has_value());
    for (const std::string_view name : {mf::file_names::kMapInfo, mf::file_names::kSyncHeightMap,
                                        mf::file_names::kCellFlags, mf::file_names::kSyncCliffLevel}) {
      CAPTURE(name);
      REQUIRE(files->find(name) != nullptr);
      CHECK(*files->find(name) == made.require(name));
    }
  }
}

TEST_CASE("built-in maps: an episode nobody plays lasts the map's time limit, or ends sooner in a fight") {
  // The real files' episode timers (spec sc2-map-files.md §3.1), 16 game loops a second.
  const std::map<std::string_view, std::uint32_t> seconds = {
      {"MoveToBeacon", 120}, {"CollectMineralShards", 120}, {"FindAndDefeatZerglings", 180}, {"DefeatRoaches", 120},
      {"DefeatZerglingsAndBanelings", 120}, {"CollectMineralsAndGas", 420}, {"BuildMarines", 900}};
  REQUIRE(mini_games().size() == seconds.size());
  for (const MiniGameEntry& entry : mini_games()) {
    CAPTURE(entry.name);
    const std::uint32_t limit = seconds.at(entry.name) * 16;
    const auto factory = builtin_map_factory(entry.name);
    REQUIRE(factory != nullptr);
    test::Episode episode(*factory, 7);
    episode.step(limit + 64);
    REQUIRE(episode.result.has_value());
    // Maps where nothing fights unless ordered end exactly at the limit, in Victory.
    const bool quiet = entry.name == "MoveToBeacon" || entry.name == "CollectMineralShards" ||
                       entry.name == "CollectMineralsAndGas" || entry.name == "BuildMarines";
    if (quiet) {
      CHECK(episode.world.game_loop() == limit);
      CHECK(*episode.result == GameResult::Victory);
    } else {
      CHECK(episode.world.game_loop() <= limit);
    }
  }
}

TEST_CASE("sc2lite --new-map's starter map plays: a Marine at the start point, a 60-second episode in Victory") {
  const mf::MapFiles files = mf::new_map_files(new_map(32, 24));
  const auto factory = ScriptedMapFactory::load(mf::map_data_from_files(files, "Starter"), "Starter");
  test::Episode episode(*factory, 1);
  const Unit* marine = episode.only("Marine");
  CHECK(marine->owner == 1);
  CHECK(marine->pos.x == doctest::Approx(16.0f).epsilon(0.05));
  CHECK(marine->pos.y == doctest::Approx(12.0f).epsilon(0.05));
  CHECK_FALSE(episode.step(60 * 16 - 1));
  CHECK(episode.step(1));
  CHECK(*episode.result == GameResult::Victory);
  CHECK(episode.world.game_loop() == 60u * 16u);
}

TEST_CASE("sc2lite --new-map refuses sizes and camera bounds that cannot be a map, saying why") {
  CHECK_THROWS_WITH_AS(mf::new_map_files(new_map(8, 64)), doctest::Contains("16 to 256 cells, got 8"), mf::MapError);
  CHECK_THROWS_WITH_AS(mf::new_map_files(new_map(64, 300)), doctest::Contains("got 300"), mf::MapError);
  CHECK_THROWS_WITH_AS(mf::new_map_files(new_map(64, 64, {10, 10, 10, 20})), doctest::Contains("camera bounds"), mf::MapError);
  CHECK_THROWS_WITH_AS(mf::new_map_files(new_map(64, 64, {0, 0, 65, 20})), doctest::Contains("camera bounds"), mf::MapError);
  // The default camera: the map but a 4-cell border.
  CHECK(mf::new_map_camera(new_map(40, 30)) == mf::CameraBounds{4, 4, 36, 26});
}
