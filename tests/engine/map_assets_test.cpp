// The mini-games' layout data in assets/maps/*.json: every map's file parses and gives
// the layout the maps are meant to have (single-screen maps fit one 24-wide camera,
// FindAndDefeatZerglings does not), the compiled-in text is the file in the tree, and a
// broken file fails with a message naming the file and the problem.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "engine/maps/economy_base.h"
#include "engine/maps/map_assets.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/maps/single_screen.h"

using namespace sc2::engine;

namespace {

constexpr int kCameraWidth = 24;  // PySC2's default camera width, in world units

// The message of the MapAssetError `parse` throws ("" when it throws none).
template <class Parse>
std::string error_of(Parse parse) {
  try {
    parse();
  } catch (const MapAssetError& e) {
    return e.what();
  }
  return "";
}

std::optional<std::string_view> no_shared_files(std::string_view) { return std::nullopt; }

std::string map_error(std::string_view text) {
  return error_of([&] { parse_map_asset("broken.json", text, &embedded_map_asset_text); });
}

// A mini-game file: the keys every one needs, then `rest` (",\n"-joined by the caller).
std::string mini_game(std::string_view rest) {
  std::string text = R"({"kind": "mini_game", "map": "X", "rules": "make_x", "order": 9, "time_limit_loops": 100,
                         "description": "A test map.")";
  if (!rest.empty()) text.append(", ").append(rest);
  return text + "}";
}

std::string layout_error(std::string_view text) {
  return error_of([&] { parse_layout_asset("broken.json", text); });
}

constexpr std::string_view kGoodLayout =
    R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 20, "y0": 20, "x1": 44, "y1": 44},
        "ground_height": 128, "border_height": 96})";

}  // namespace

TEST_CASE("every mini-game has a map asset that parses and names its map") {
  for (const MiniGameEntry& entry : mini_games()) {
    CAPTURE(entry.name);
    const MapAsset& asset = map_asset(entry.name);
    CHECK(asset.name == entry.name);
    REQUIRE(static_cast<bool>(entry.make));
    // The game's layout is the asset's.
    const MapLayout layout = entry.make()->layout();
    CHECK(layout.width == asset.layout.width);
    CHECK(layout.height == asset.layout.height);
    CHECK(layout.playable.x0 == asset.layout.playable.x0);
    CHECK(layout.playable.x1 == asset.layout.playable.x1);
    CHECK(layout.playable.y0 == asset.layout.playable.y0);
    CHECK(layout.playable.y1 == asset.layout.playable.y1);
  }
}

TEST_CASE("the single-screen maps use the real maps' arena: region 1, MapInfo's camera bounds, the script's pan") {
  const LayoutSpec& screen = single_screen_asset();
  CHECK(screen.width == 64);
  CHECK(screen.height == 64);
  // Real maps: region 1 "Playable Space" = rect 22,20-44,36 (22x16), centre (33,28).
  CHECK(screen.playable.x0 == 22);
  CHECK(screen.playable.y0 == 20);
  CHECK(screen.playable.x1 == 44);
  CHECK(screen.playable.y1 == 36);
  CHECK(screen.centre() == Vec2{33.0f, 28.0f});
  // MapInfo's camera bounds (10,8)-(54,44); the scripts pan to 3 south of the centre and lock.
  CHECK(screen.camera_bounds.x0 == 10);
  CHECK(screen.camera_bounds.y0 == 8);
  CHECK(screen.camera_bounds.x1 == 54);
  CHECK(screen.camera_bounds.y1 == 44);
  REQUIRE(screen.camera_start.has_value());
  CHECK(*screen.camera_start == Vec2{33.0f, 25.0f});
  CHECK(screen.camera_locked);
  // At PySC2's camera width the view from there holds the whole arena.
  const float half = kCameraWidth / 2.0f;
  CHECK(screen.camera_start->x - half <= screen.playable.x0);
  CHECK(screen.camera_start->x + half >= screen.playable.x1);
  CHECK(screen.camera_start->y - half <= screen.playable.y0);
  CHECK(screen.camera_start->y + half >= screen.playable.y1);
  CHECK(screen.ground_height == 128);
  CHECK(screen.border_height == 96);
  // Flat ground inside, an unpathable border outside.
  const MapLayout layout = single_screen::layout();
  CHECK(layout.terrain_height[layout.cell(33, 28)] == 128);
  CHECK(layout.pathable[layout.cell(33, 28)] == 1);
  CHECK(layout.terrain_height[layout.cell(5, 5)] == 96);
  CHECK(layout.pathable[layout.cell(21, 28)] == 0);
  CHECK(layout.pathable[layout.cell(33, 36)] == 0);
  CHECK(layout.camera_locked);
  REQUIRE(layout.camera_start.has_value());

  for (const char* name : {"MoveToBeacon", "CollectMineralShards", "DefeatRoaches", "DefeatZerglingsAndBanelings"}) {
    CAPTURE(name);
    const MapAsset& asset = map_asset(name);
    CHECK(asset.shared_layout == "SingleScreen");
    CHECK(asset.layout.playable.width() == 22);
    CHECK(asset.layout.playable.height() == 16);
  }
}

TEST_CASE("a layout's camera: bounds inside the map, a start inside the bounds, locked true or false") {
  const auto problem = [](const std::string& camera) {
    return error_of([&] {
      parse_layout_asset("L.json", R"({"kind": "layout", "width": 64, "height": 64,
        "playable": {"x0": 22, "y0": 20, "x1": 44, "y1": 36}, "ground_height": 128, "border_height": 96,
        "camera": )" + camera + "}");
    });
  };
  CHECK(problem(R"({"bounds": {"x0": 10, "y0": 8, "x1": 54, "y1": 44}, "start": [33, 25], "locked": true})").empty());
  CHECK(problem(R"({"bounds": {"x0": 10, "y0": 8, "x1": 70, "y1": 44}, "start": [33, 25], "locked": true})")
            .find("L.json: camera.bounds rect (10,8)-(70,44) lies outside the 64x64 map") == 0);
  CHECK(problem(R"({"bounds": {"x0": 10, "y0": 8, "x1": 54, "y1": 44}, "start": [60, 25], "locked": true})")
            .find("camera start (60, 25) lies outside the camera bounds (10,8)-(54,44)") != std::string::npos);
  CHECK(problem(R"({"bounds": {"x0": 10, "y0": 8, "x1": 54, "y1": 44}, "start": [33, 25], "locked": 1})")
            .find("\"camera.locked\" must be true or false") != std::string::npos);
  CHECK(problem(R"({"bounds": {"x0": 10, "y0": 8, "x1": 54, "y1": 44}, "start": [33, 25], "locked": true, "zoom": 2})")
            .find("unknown key \"camera.zoom\"") != std::string::npos);
}

TEST_CASE("FindAndDefeatZerglings is larger than one screen with three Marines on its centre") {
  const MapAsset& asset = map_asset("FindAndDefeatZerglings");
  CHECK(asset.shared_layout.empty());
  // Real map: region 1 = (10,12)-(54,44), 44x32, centre (32,28).
  CHECK(asset.layout.playable.width() == 44);
  CHECK(asset.layout.playable.height() == 32);
  CHECK(asset.layout.playable.width() > kCameraWidth);
  CHECK(asset.layout.playable.height() > kCameraWidth);
  CHECK(asset.layout.centre() == Vec2{32.0f, 28.0f});
  REQUIRE(asset.marine_spots.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    // Real map: distance 1 from the centre at 210, 330 and 90 degrees: a triangle of side sqrt(3).
    CHECK(distance(asset.marine_spots[i], asset.layout.centre()) == doctest::Approx(1.0f).epsilon(1e-4));
    const float apart = distance(asset.marine_spots[i], asset.marine_spots[(i + 1) % 3]);
    CHECK(apart == doctest::Approx(std::sqrt(3.0f)).epsilon(1e-4));
  }
  CHECK(asset.marine_spots[2] == Vec2{32.0f, 29.0f});  // the one at 90 degrees
}

TEST_CASE("the combat maps spawn the armies in the real maps' regions 4 and 5") {
  for (const char* name : {"DefeatRoaches", "DefeatZerglingsAndBanelings"}) {
    CAPTURE(name);
    const MapAsset& asset = map_asset(name);
    REQUIRE(asset.spawn_regions.has_value());
    const RegionRect& left = asset.spawn_regions->left;  // "Spawn Region Left"
    CHECK(left.x0 == 23.9748f);
    CHECK(left.y0 == 25.0637f);
    CHECK(left.x1 == 27.9787f);
    CHECK(left.y1 == 31.0483f);
    const RegionRect& right = asset.spawn_regions->right;  // "Spawn Region Right"
    CHECK(right.x0 == 38.0207f);
    CHECK(right.y0 == 25.0427f);
    CHECK(right.x1 == 42.0351f);
    CHECK(right.y1 == 31.0773f);
    CHECK_FALSE(asset.economy_base.has_value());
  }
}

TEST_CASE("the economy maps' layout is their real region 1, camera bounds and start") {
  for (const char* name : {"CollectMineralsAndGas", "BuildMarines"}) {
    CAPTURE(name);
    const MapAsset& asset = map_asset(name);
    CHECK(asset.shared_layout == "EconomyScreen");
    const LayoutSpec& layout = asset.layout;
    CHECK(layout.width == 64);
    CHECK(layout.height == 64);
    // Region 1 "Playable Space": rect 19.9362,18.998-45.936,36.998, to whole cells.
    CHECK(layout.playable.x0 == 20);
    CHECK(layout.playable.y0 == 19);
    CHECK(layout.playable.x1 == 46);
    CHECK(layout.playable.y1 == 37);
    // MapInfo camera bounds; the scripts pan to region 1's centre minus 3 in y, and lock.
    CHECK(layout.camera_bounds.x0 == 10);
    CHECK(layout.camera_bounds.y0 == 8);
    CHECK(layout.camera_bounds.x1 == 54);
    CHECK(layout.camera_bounds.y1 == 44);
    REQUIRE(layout.camera_start.has_value());
    CHECK(layout.camera_start->x == doctest::Approx((19.9362 + 45.936) / 2).epsilon(1e-5));
    CHECK(layout.camera_start->y == doctest::Approx((18.998 + 36.998) / 2 - 3.0).epsilon(1e-5));
    CHECK(layout.camera_locked);
  }
  const MapLayout built = economy_base::layout();
  CHECK(built.playable.x0 == 20);
  CHECK(built.playable.y1 == 37);
}

TEST_CASE("the economy base is the real maps' Objects: the Command Center point, two mineral lines, four geysers") {
  const EconomyBaseSpec& base = economy_base_asset();
  CHECK(base.command_center == Vec2{29.8251f, 28.0083f});  // ObjectPoint "Command Center"
  CHECK(economy_base::kCommandCenter == Vec2{29.5f, 28.5f});  // a 5x5 on the placement grid
  const std::vector<Vec2> west{{23, 28.5f}, {24, 29.5f}, {23, 26.5f}, {25, 22.5f},
                               {25, 32.5f}, {24, 23.5f}, {24, 31.5f}, {24, 25.5f}};
  const std::vector<Vec2> east{{41, 22.5f}, {42, 25.5f}, {42, 23.5f}, {41, 32.5f},
                               {43, 26.5f}, {43, 28.5f}, {42, 29.5f}, {42, 31.5f}};
  CHECK(base.west_mineral_line == west);
  CHECK(base.east_mineral_line == east);
  for (Vec2 f : west) {
    CHECK(distance(f, economy_base::kCommandCenter) >= 5.5f);
    CHECK(distance(f, economy_base::kCommandCenter) <= 7.6f);
  }
  for (Vec2 f : east) {  // a long-distance line
    CHECK(distance(f, economy_base::kCommandCenter) >= 12.1f);
    CHECK(distance(f, economy_base::kCommandCenter) <= 13.7f);
  }
  CHECK(base.geysers == std::vector<Vec2>{{39.5f, 20.5f}, {26.5f, 34.5f}, {39.5f, 34.5f}, {26.5f, 20.5f}});
  // The scripts' 12 SCVs: columns 4.5 and 3.5 from the point, rows 2.5 down to -2.5, in pairs.
  REQUIRE(base.worker_offsets.size() == 12);
  for (std::size_t i = 0; i < 12; ++i) {
    CAPTURE(i);
    CHECK(base.worker_offsets[i] == Vec2{i % 2 == 0 ? 4.5f : 3.5f, 2.5f - static_cast<float>(i / 2)});
    const Vec2 east_spot = economy_base::worker_spots(economy_base::WorkerSide::East)[i];
    const Vec2 west_spot = economy_base::worker_spots(economy_base::WorkerSide::West)[i];
    CHECK(east_spot.x == doctest::Approx(base.command_center.x + base.worker_offsets[i].x));
    CHECK(west_spot.x == doctest::Approx(base.command_center.x - base.worker_offsets[i].x));
    CHECK(east_spot.y == west_spot.y);
    CHECK(east_spot.y == doctest::Approx(base.command_center.y + base.worker_offsets[i].y));
  }
  // Both economy maps name the shared base.
  for (const char* name : {"CollectMineralsAndGas", "BuildMarines"}) {
    CAPTURE(name);
    REQUIRE(map_asset(name).economy_base.has_value());
    CHECK(map_asset(name).economy_base->command_center == base.command_center);
  }
}

TEST_CASE("the compiled-in map assets are the files in assets/maps") {
  for (std::string_view stem : embedded_map_asset_stems()) {
    CAPTURE(stem);
    std::ifstream in(std::string(SC2_SOURCE_DIR) + "/" + map_asset_path(stem), std::ios::binary);
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str() == *embedded_map_asset_text(stem));
  }
  // And every file there is compiled in (the build's index lists them all).
  for (const auto& entry : std::filesystem::directory_iterator(std::string(SC2_SOURCE_DIR) + "/assets/maps")) {
    if (entry.path().extension() != ".json") continue;
    const std::string stem = entry.path().stem().string();
    CAPTURE(stem);
    CHECK(embedded_map_asset_text(stem).has_value());
  }
  CHECK_FALSE(embedded_map_asset_text("NoSuchMap").has_value());
  const std::string unknown = error_of([] { map_asset("NoSuchMap"); });
  CHECK(unknown.find("assets/maps/NoSuchMap.json") != std::string::npos);
}

TEST_CASE("a broken layout names the file and the problem") {
  CHECK(layout_error(kGoodLayout).empty());

  const std::string missing = layout_error(R"({"kind": "layout", "width": 64, "height": 64, "ground_height": 128, "border_height": 96})");
  CHECK(missing.find("broken.json") == 0);
  CHECK(missing.find("missing key \"playable\"") != std::string::npos);

  const std::string missing_inner = layout_error(
      R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 20, "y0": 20, "x1": 44},
          "ground_height": 128, "border_height": 96})");
  CHECK(missing_inner.find("missing key \"playable.y1\"") != std::string::npos);

  const std::string bad_type = layout_error(
      R"({"kind": "layout", "width": "64", "height": 64, "playable": {"x0": 20, "y0": 20, "x1": 44, "y1": 44},
          "ground_height": 128, "border_height": 96})");
  CHECK(bad_type.find("\"width\" must be an integer, got string") != std::string::npos);

  const std::string fraction = layout_error(
      R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 20.5, "y0": 20, "x1": 44, "y1": 44},
          "ground_height": 128, "border_height": 96})");
  CHECK(fraction.find("\"playable.x0\" must be an integer, got number") != std::string::npos);

  const std::string outside = layout_error(
      R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 20, "y0": 20, "x1": 70, "y1": 44},
          "ground_height": 128, "border_height": 96})");
  CHECK(outside.find("playable rect (20,20)-(70,44) lies outside the 64x64 map") != std::string::npos);

  const std::string empty = layout_error(
      R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 44, "y0": 20, "x1": 20, "y1": 44},
          "ground_height": 128, "border_height": 96})");
  CHECK(empty.find("is empty") != std::string::npos);

  const std::string byte = layout_error(
      R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 20, "y0": 20, "x1": 44, "y1": 44},
          "ground_height": 300, "border_height": 96})");
  CHECK(byte.find("\"ground_height\" must be 0..255, got 300") != std::string::npos);

  const std::string typo = layout_error(
      R"({"kind": "layout", "width": 64, "height": 64, "playable": {"x0": 20, "y0": 20, "x1": 44, "y1": 44},
          "ground_height": 128, "border_hieght": 96})");
  CHECK(typo.find("unknown key \"border_hieght\"") != std::string::npos);

  const std::string not_json = layout_error(R"({"kind": "layout", "width": 64,)");
  CHECK(not_json.find("broken.json: not valid JSON") == 0);
  CHECK(layout_error("[1, 2]").find("the top level must be a JSON object") != std::string::npos);
}

TEST_CASE("a broken map asset names the file and the problem") {
  CHECK(map_error(mini_game(R"("layout": "SingleScreen")")).empty());
  CHECK(map_error(R"({"kind": "mini_game", "layout": "SingleScreen"})").find("broken.json: missing key \"map\"") == 0);
  CHECK(map_error(R"({"kind": "mini_game", "map": 7, "layout": "SingleScreen"})").find("\"map\" must be a string, got number") !=
        std::string::npos);
  CHECK(map_error(mini_game(R"("layout": 3)")).find("\"layout\" must be a shared layout's name or a layout object") !=
        std::string::npos);

  // A named shared file that does not exist.
  const std::string unknown = map_error(mini_game(R"("layout": "Nowhere")"));
  CHECK(unknown.find("\"layout\" names \"Nowhere\", but there is no assets/maps/Nowhere.json") != std::string::npos);
  const std::string no_lookup =
      error_of([] { parse_map_asset("broken.json", mini_game(R"("layout": "SingleScreen")"), &no_shared_files); });
  CHECK(no_lookup.find("no assets/maps/SingleScreen.json") != std::string::npos);

  // An inline layout's problems are named with their path.
  const std::string inline_outside = map_error(
      mini_game(R"("layout": {"width": 32, "height": 32, "playable": {"x0": 8, "y0": 8, "x1": 56, "y1": 56},
                    "ground_height": 128, "border_height": 96})"));
  CHECK(inline_outside.find("playable rect (8,8)-(56,56) lies outside the 32x32 map") != std::string::npos);
  const std::string inline_missing = map_error(mini_game(R"("layout": {"width": 32})"));
  CHECK(inline_missing.find("missing key \"layout.height\"") != std::string::npos);

  // Spawn spots off the playable area.
  const std::string spot = map_error(mini_game(R"("layout": "SingleScreen", "marine_spots": [[32, 32], [50, 32]])"));
  CHECK(spot.find("marine_spots point (50, 32) lies outside the playable area (22,20)-(44,36)") != std::string::npos);
  const std::string pair = map_error(mini_game(R"("layout": "SingleScreen", "marine_spots": [[32, 32, 1]])"));
  CHECK(pair.find("\"marine_spots\" item 0 must be an [x, y] pair of numbers") != std::string::npos);
  const std::string regions = map_error(mini_game(
      R"("layout": "SingleScreen", "spawn_regions": {"left": {"x0": 28, "y0": 25, "x1": 24, "y1": 31},
                                                     "right": {"x0": 38, "y0": 25, "x1": 42, "y1": 31}})"));
  CHECK(regions.find("\"spawn_regions.left\" is empty (x0 < x1 and y0 < y1 needed)") != std::string::npos);
  const std::string region_outside = map_error(mini_game(
      R"("layout": "SingleScreen", "spawn_regions": {"left": {"x0": 24, "y0": 25, "x1": 28, "y1": 31},
                                                     "right": {"x0": 38, "y0": 25, "x1": 46, "y1": 31}})"));
  CHECK(region_outside.find("spawn_regions.right point (46, 31) lies outside the playable area") != std::string::npos);
  const std::string region_type = map_error(mini_game(
      R"("layout": "SingleScreen", "spawn_regions": {"left": {"x0": "24", "y0": 25, "x1": 28, "y1": 31}})"));
  CHECK(region_type.find("\"spawn_regions.left.x0\" must be a number, got string") != std::string::npos);
  const std::string region_missing =
      map_error(mini_game(R"("layout": "SingleScreen", "spawn_regions": {"left": {"x0": 24, "y0": 25, "x1": 28, "y1": 31}})"));
  CHECK(region_missing.find("missing key \"spawn_regions.right\"") != std::string::npos);

  // The economy base must fit the map's playable area (FindAndDefeatZerglings' is larger, fine;
  // a base on a smaller map is not).
  const std::string base = map_error(
      mini_game(R"("economy_base": "EconomyBase", "layout": {"width": 64, "height": 64,
                   "playable": {"x0": 24, "y0": 19, "x1": 46, "y1": 37}, "ground_height": 128, "border_height": 96})"));
  CHECK(base.find("economy base west_mineral_line of \"EconomyBase\" point (23, 28.5) lies outside") != std::string::npos);

  const std::string typo = map_error(mini_game(R"("layout": "SingleScreen", "marine_spot": [[32, 32]])"));
  CHECK(typo.find("unknown key \"marine_spot\"") != std::string::npos);

  const std::string base_file = error_of([] { parse_economy_base_asset("EconomyBase.json", R"({"kind": "economy_base", "command_center": [1]})"); });
  CHECK(base_file.find("EconomyBase.json: \"command_center\" must be an [x, y] pair of numbers") == 0);
}

TEST_CASE("the mini-game list is generated from the JSON files: all seven, in PySC2's order") {
  std::vector<std::string_view> names;
  for (const MiniGameEntry& entry : mini_games()) names.push_back(entry.name);
  CHECK(names == std::vector<std::string_view>{"MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings",
                                               "DefeatRoaches", "DefeatZerglingsAndBanelings", "CollectMineralsAndGas",
                                               "BuildMarines"});
  // Each file's "order" is its place; the shared files are no mini-games.
  for (std::size_t i = 0; i < names.size(); ++i) {
    CAPTURE(names[i]);
    CHECK(map_asset(names[i]).order == static_cast<int>(i + 1));
    CHECK(map_asset(names[i]).rules.starts_with("make_"));
    CHECK_FALSE(map_asset(names[i]).description.empty());
  }
  CHECK(find_mini_game("SingleScreen") == nullptr);
  CHECK(find_mini_game("EconomyBase") == nullptr);
  CHECK(error_of([] { map_asset("SingleScreen"); }).find("\"kind\" must be \"mini_game\"") != std::string::npos);
}

TEST_CASE("the JSON gives the real maps' time limits, where each map's folder ends its episodes") {
  // The folders' scripts end the episodes (builtin_map_folders_test: an episode nobody plays lasts
  // the JSON's limit); the JSON's limit is what the app's catalogue shows.
  // The real map files' episode timers (sc2-map-files.md §3.1): 120, 180, 420 and 900 game
  // seconds of c_timeGame, 16 game loops each (not 22.4: that is real time at Faster speed).
  constexpr std::uint32_t kLoopsPerGameSecond = 16;
  const std::map<std::string_view, std::uint32_t> real_limits = {
      {"MoveToBeacon", 120 * kLoopsPerGameSecond},
      {"CollectMineralShards", 120 * kLoopsPerGameSecond},
      {"FindAndDefeatZerglings", 180 * kLoopsPerGameSecond},
      {"DefeatRoaches", 120 * kLoopsPerGameSecond},
      {"DefeatZerglingsAndBanelings", 120 * kLoopsPerGameSecond},
      {"CollectMineralsAndGas", 420 * kLoopsPerGameSecond},
      {"BuildMarines", 900 * kLoopsPerGameSecond}};
  for (const MiniGameEntry& entry : mini_games()) {
    CAPTURE(entry.name);
    const std::uint32_t json_limit = map_asset(entry.name).time_limit_loops;
    REQUIRE(real_limits.count(entry.name) == 1);
    CHECK(json_limit == real_limits.at(entry.name));
  }
}

TEST_CASE("a missing or broken time limit, kind or description names the file and the problem") {
  const auto without = [](std::string_view key) {
    std::string text = mini_game(R"("layout": "SingleScreen")");
    std::string quoted_key = "\"";  // built by appending: "\"" + string trips GCC 12's -Wrestrict
    quoted_key.append(key).push_back('"');
    const auto at = text.find(quoted_key);
    REQUIRE(at != std::string::npos);
    const auto end = text.find_first_of(",}", text.find(':', at));
    text.erase(at, end + 1 - at);
    return text;
  };
  const std::string missing = map_error(without("time_limit_loops"));
  CHECK(missing.find("broken.json: missing key \"time_limit_loops\"") == 0);
  const auto with_limit = [](std::string_view limit) {
    return map_error(R"({"kind": "mini_game", "map": "X", "rules": "make_x", "order": 1, "description": "d",
                         "layout": "SingleScreen", "time_limit_loops": )" + std::string(limit) + "}");
  };
  CHECK(with_limit("2688").empty());
  CHECK(with_limit("\"120 s\"").find("broken.json: \"time_limit_loops\" must be an integer, got string") == 0);
  CHECK(with_limit("2688.5").find("\"time_limit_loops\" must be an integer, got number") != std::string::npos);
  CHECK(with_limit("0").find("\"time_limit_loops\" must be 1..1073741824, got 0") != std::string::npos);
  CHECK(with_limit("-5").find("\"time_limit_loops\" must be 1..1073741824, got -5") != std::string::npos);
  CHECK(with_limit("99999999999").find("must be 1..1073741824") != std::string::npos);

  CHECK(map_error(without("description")).find("missing key \"description\"") != std::string::npos);
  CHECK(map_error(without("order")).find("missing key \"order\"") != std::string::npos);
  CHECK(map_error(without("rules")).find("missing key \"rules\"") != std::string::npos);
  CHECK(map_error(without("kind")).find("missing key \"kind\"") != std::string::npos);
  CHECK(map_error(R"({"kind": "mini_game", "map": "X", "rules": "make_x", "order": 1, "time_limit_loops": 9,
                      "description": "", "layout": "SingleScreen"})")
            .find("\"description\" must be one non-empty line") != std::string::npos);
  // A shared file used as something it is not.
  const std::string layout_kind = layout_error(R"({"kind": "economy_base", "width": 64})");
  CHECK(layout_kind.find("broken.json: \"kind\" must be \"layout\" (the file is read as one), got \"economy_base\"") ==
        0);
  const std::string base_as_layout = map_error(mini_game(R"("layout": "EconomyBase")"));
  CHECK(base_as_layout.find("assets/maps/EconomyBase.json: \"kind\" must be \"layout\"") != std::string::npos);
}
