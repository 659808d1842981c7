// Map files through the server (issue 34 item 3): create_game runs the archive a client sends
// as local_map.map_data, or the map_path under the maps folder; available_maps lists the files
// beside the built-in maps; game_info describes the file's map; a map that cannot be played is
// refused naming the file and why, and the server keeps serving.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <unistd.h>

#include "tests/engine/engine_test_util.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
namespace scripted_test = sc2::engine::scripted::test;

namespace {

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

api::Request create_with(const std::string& path, const std::string& data, bool computer = false) {
  api::Request r = create_request(7, path);
  r.mutable_create_game()->mutable_local_map()->set_map_data(data);
  if (computer) {
    auto* bot = r.mutable_create_game()->add_player_setup();
    bot->set_type(api::Computer);
    bot->set_race(api::Terran);
    bot->set_difficulty(api::VeryHard);
  }
  return r;
}

api::ResponseGameInfo game_info(GameServer& server) {
  api::Request r;
  r.mutable_game_info();
  return call(server, r).game_info();
}

std::size_t units_of(const api::ResponseObservation& obs, std::int32_t owner) {
  std::size_t n = 0;
  for (const auto& u : obs.observation().raw_data().units()) n += u.owner() == owner ? 1 : 0;
  return n;
}

// The SMAC maps' folder's parent: its map paths are "SMAC_Maps/<name>.SC2Map", as SMAC sends them.
std::filesystem::path smac_maps_dir() { return sc2::test::shared_dir() / scripted_test::kSmacMaps / ".."; }

}  // namespace

TEST_CASE("scripted server: MoveToBeacon's archive bytes play the file: its game_info, score, end at loop 1920") {
  const auto path = scripted_test::map_file(scripted_test::kMiniGames, "MoveToBeacon");
  if (!path) return;
  GameServer server;
  const auto created = call(server, create_with(kBeaconMap, file_bytes(*path)));
  REQUIRE_FALSE(created.create_game().has_error());
  REQUIRE(call(server, join_request()).status() == api::in_game);
  const auto info = game_info(server);
  CHECK(info.local_map_path() == kBeaconMap);
  CHECK(info.start_raw().map_size().x() == 64);
  CHECK(info.start_raw().playable_area().p0().x() == 22);
  CHECK(info.start_raw().playable_area().p1().y() == 36);
  CHECK(info.start_raw().start_locations_size() == 0);  // its one StartLoc is the player's own
  CHECK(pixel(info.start_raw().terrain_height(), 30, 30) == 191);  // the file's ground, 7.996 (the built-in says 128)
  const auto obs = observe(server);
  CHECK(obs.observation().score().score() == 0);
  CHECK(find_unit(obs, kBeacon) != nullptr);
  for (int i = 0; i < 300 && step(server, 8).status() == api::in_game; ++i) {
  }
  const auto last = observe(server);
  CHECK(last.observation().game_loop() == 1920);
  REQUIRE(last.player_result_size() == 1);
  CHECK(last.player_result(0).result() == api::Victory);
}

TEST_CASE("scripted server: SMAC's map path under the maps folder, with a Computer: armies, kill_unit, respawn") {
  const auto path = scripted_test::map_file(scripted_test::kSmacMaps, "3m");
  if (!path) return;
  ServerOptions options;
  options.maps_dir = smac_maps_dir();
  GameServer server(options);
  const auto created = call(server, create_with("SMAC_Maps/3m.SC2Map", "", true));
  REQUIRE_FALSE(created.create_game().has_error());
  REQUIRE(call(server, join_request()).status() == api::in_game);
  const auto info = game_info(server);
  CHECK(info.start_raw().map_size().x() == 32);
  CHECK(info.start_raw().playable_area().p1().x() == 32);
  step(server, 1);
  auto obs = observe(server);
  CHECK(units_of(obs, 1) == 3);
  CHECK(units_of(obs, 2) == 3);
  api::Request kill;
  auto* tags = kill.mutable_debug()->add_debug()->mutable_kill_unit();
  for (const auto& u : obs.observation().raw_data().units()) tags->add_tag(u.tag());
  REQUIRE(call(server, kill).error_size() == 0);
  step(server, 2);
  obs = observe(server);
  CHECK(units_of(obs, 1) == 3);
  CHECK(units_of(obs, 2) == 3);
  std::set<std::uint64_t> old_tags(tags->tag().begin(), tags->tag().end());
  for (const auto& u : obs.observation().raw_data().units()) CHECK_FALSE(old_tags.contains(u.tag()));
  CHECK(obs.player_result_size() == 0);
}

TEST_CASE("scripted server: RequestData lists a map's new unit types after the engine's own, with the map's values") {
  const auto path = scripted_test::map_file(scripted_test::kSmacMaps, "3m");
  if (!path) return;
  api::Request data;
  data.mutable_data()->set_unit_type_id(true);
  GameServer builtin;
  start_game(builtin, 1);
  const auto engine_only = call(builtin, data).data();

  ServerOptions options;
  options.maps_dir = smac_maps_dir();
  GameServer server(options);
  REQUIRE_FALSE(call(server, create_with("SMAC_Maps/3m.SC2Map", "", true)).create_game().has_error());
  REQUIRE(call(server, join_request()).status() == api::in_game);
  const auto listed = call(server, data).data();
  REQUIRE(listed.units_size() == engine_only.units_size() + 1);  // 3m defines one new type
  std::uint32_t largest_engine_id = 0;
  for (const auto& unit : engine_only.units()) largest_engine_id = std::max(largest_engine_id, unit.unit_id());
  const auto& marine_rl = listed.units(listed.units_size() - 1);
  CHECK(marine_rl.name() == "Marine_RL");
  CHECK(marine_rl.unit_id() == largest_engine_id + 1);
  CHECK(marine_rl.sight_range() == doctest::Approx(9.0f));    // the map's Sight
  CHECK(marine_rl.movement_speed() == doctest::Approx(2.25f));  // the map's Speed
  CHECK(marine_rl.food_required() == doctest::Approx(0.0f));    // no Food in its entry
  // Its units are reported with that id.
  step(server, 1);
  std::size_t of_new_type = 0;
  const auto after = observe(server);  // kept: a range-for over a temporary's member would dangle
  for (const auto& u : after.observation().raw_data().units()) of_new_type += u.unit_type() == marine_rl.unit_id();
  CHECK(of_new_type == 3);
}

TEST_CASE("scripted server: available_maps lists the maps folder's files beside the built-ins") {
  const auto path = scripted_test::map_file(scripted_test::kSmacMaps, "3m");
  if (!path) return;
  ServerOptions options;
  options.maps_dir = smac_maps_dir();
  GameServer server(options);
  api::Request r;
  r.mutable_available_maps();
  const auto maps = call(server, r).available_maps();
  const std::vector<std::string> listed(maps.local_map_paths().begin(), maps.local_map_paths().end());
  CHECK(std::find(listed.begin(), listed.end(), kBeaconMap) != listed.end());
  CHECK(std::find(listed.begin(), listed.end(), "SMAC_Maps/3m.SC2Map") != listed.end());
  CHECK(std::find(listed.begin(), listed.end(), "SMAC_Maps/27m_vs_30m.SC2Map") != listed.end());
}

TEST_CASE("scripted server: a map that cannot be played is refused naming it and why, and the server goes on") {
  const auto path = scripted_test::map_file(scripted_test::kSmacMaps, "2s3z");
  if (!path) return;
  ServerOptions options;
  options.maps_dir = smac_maps_dir();
  GameServer server(options);
  const std::string bytes = file_bytes(*path);
  // 2s3z with its Stalker_RL standing for a unit sc2lite does not have.
  mapfile::MapFiles unknown_unit = mapfile::read_archive_file(*path);
  std::string unit_data = unknown_unit.require("Base.SC2Data/GameData/UnitData.xml");
  for (std::size_t at = unit_data.find("\"Stalker\""); at != std::string::npos; at = unit_data.find("\"Stalker\"", at)) {
    unit_data.replace(at, 9, "\"Tempest\"");
  }
  unknown_unit.put("Base.SC2Data/GameData/UnitData.xml", unit_data);
  const struct {
    api::Request request;
    std::string says;
  } cases[] = {
      {create_with("Custom/2s3z.SC2Map", mapfile::archive_bytes(unknown_unit)), "unit type 'Stalker_RL'"},
      {create_with("Custom/Broken.SC2Map", bytes.substr(0, bytes.size() / 3)), "Custom/Broken.SC2Map"},
      {create_with("../secret/3m.SC2Map", ""), "relative to the maps folder"},
      {create_with("SMAC_Maps/Nowhere.SC2Map", ""), "unknown map 'SMAC_Maps/Nowhere.SC2Map'"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.says);
    const auto created = call(server, c.request);
    REQUIRE(created.create_game().has_error());
    CHECK(created.create_game().error_details().find(c.says) != std::string::npos);
    CHECK(created.status() == api::launched);
  }
  // The server goes on: a playable map after the refused ones.
  const auto created = call(server, create_with("SMAC_Maps/8m.SC2Map", "", true));
  CHECK_FALSE(created.create_game().has_error());
  CHECK(call(server, join_request()).status() == api::in_game);
}

TEST_CASE("scripted server: sc2lite --install-layout keeps a real map file where it would write a placeholder") {
  const auto real = scripted_test::map_file(scripted_test::kMiniGames, "MoveToBeacon");
  const std::filesystem::path binary = std::filesystem::path(SC2_BIN_DIR) / "sc2lite";
  if (!real) return;
  if (!std::filesystem::exists(binary)) {
    MESSAGE("skipped: " << binary.string() << " is not built (build target sc2lite)");
    return;
  }
  const std::filesystem::path root =
      std::filesystem::temp_directory_path() / ("sc2lite-scripted-layout-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  const std::filesystem::path kept = root / "Maps" / "mini_games" / "MoveToBeacon.SC2Map";
  std::filesystem::create_directories(kept.parent_path());
  std::filesystem::copy_file(*real, kept);
  const std::string command = "'" + binary.string() + "' --install-layout '" + root.string() + "' > /dev/null";
  REQUIRE(std::system(command.c_str()) == 0);
  CHECK(file_bytes(kept) == file_bytes(*real));  // the real map is kept
  CHECK(file_bytes(root / "Maps" / "mini_games" / "DefeatRoaches.SC2Map").rfind("sc2lite map placeholder: ", 0) == 0);
  std::filesystem::remove_all(root);
}
