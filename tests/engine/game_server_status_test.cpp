// GameServer protocol behaviour: status machine, ids, ping, malformed bytes, create/join errors.
#include <map>

#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

api::Request request_of(void (*fill)(api::Request&)) {
  api::Request r;
  fill(r);
  return r;
}

}  // namespace

TEST_CASE("ping answers the 4.10 version facts in any status and echoes the id") {
  GameServer server;
  api::Request r;
  r.mutable_ping();
  auto response = call(server, r, 42);
  CHECK(response.status() == api::launched);
  CHECK(response.error_size() == 0);
  CHECK(response.ping().game_version() == "4.10.0.75689");
  CHECK(response.ping().data_version() == "B89B5D6FA7CBF6452E721311BFBC6CB2");
  CHECK(response.ping().data_build() == 75689);
  CHECK(response.ping().base_build() == 75689);
}

TEST_CASE("a request without id gets id 0 written explicitly") {
  GameServer server;
  api::Request r;
  r.mutable_ping();
  const auto bytes = server.handle_bytes(r.SerializeAsString());
  api::Response response;
  REQUIRE(response.ParseFromString(bytes));
  CHECK(response.has_id());
  CHECK(response.id() == 0);
  CHECK(response.has_status());
}

TEST_CASE("malformed bytes give an error response with the status, and the server keeps working") {
  GameServer server;
  start_game(server);
  const std::string garbage("\xff\xff\xff\xff\x0f\x08", 6);
  api::Response bad;
  REQUIRE(bad.ParseFromString(server.handle_bytes(garbage)));
  CHECK(bad.error_size() == 1);
  CHECK(bad.status() == api::in_game);
  CHECK(bad.response_case() == api::Response::RESPONSE_NOT_SET);

  api::Response empty;
  REQUIRE(empty.ParseFromString(server.handle_bytes("")));  // no request member at all
  CHECK(empty.error_size() == 1);
  CHECK(empty.status() == api::in_game);

  auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 0);
}

TEST_CASE("requests invalid in the current status get only an error and leave the status unchanged") {
  GameServer server;
  struct Case {
    const char* name;
    api::Request request;
  };
  const std::vector<Case> launched_invalid = {
      {"game_info", request_of([](api::Request& r) { r.mutable_game_info(); })},
      {"observation", request_of([](api::Request& r) { r.mutable_observation(); })},
      {"step", request_of([](api::Request& r) { r.mutable_step()->set_count(1); })},
      {"action", request_of([](api::Request& r) { r.mutable_action(); })},
      {"restart_game", request_of([](api::Request& r) { r.mutable_restart_game(); })},
      {"leave_game", request_of([](api::Request& r) { r.mutable_leave_game(); })},
      {"data", request_of([](api::Request& r) { r.mutable_data(); })},
  };
  for (const auto& c : launched_invalid) {
    CAPTURE(c.name);
    auto response = call(server, c.request, 5);
    CHECK(response.error_size() == 1);
    CHECK(response.response_case() == api::Response::RESPONSE_NOT_SET);
    CHECK(response.status() == api::launched);
  }

  REQUIRE(call(server, create_request()).status() == api::init_game);
  auto second_create = call(server, create_request());
  CHECK(second_create.error_size() == 1);
  CHECK(second_create.status() == api::init_game);
  auto early_step = step(server, 1);
  CHECK(early_step.error_size() == 1);
  CHECK(early_step.status() == api::init_game);

  REQUIRE(call(server, join_request()).status() == api::in_game);
  auto second_join = call(server, join_request());
  CHECK(second_join.error_size() == 1);
  CHECK(second_join.status() == api::in_game);
  auto create_in_game = call(server, create_request());
  CHECK(create_in_game.error_size() == 1);
  CHECK(create_in_game.status() == api::in_game);

  // Still fully usable afterwards.
  CHECK(step(server, 8).step().simulation_loop() == 8);
  CHECK(observe(server).observation().game_loop() == 8);
}

TEST_CASE("unsupported requests get a clear error and keep the status") {
  GameServer server;
  start_game(server);
  api::Request query;
  query.mutable_query();
  auto response = call(server, query);
  REQUIRE(response.error_size() == 1);
  CHECK(response.error(0).find("query") != std::string::npos);
  CHECK(response.status() == api::in_game);

  api::Request replay;
  replay.mutable_start_replay();
  CHECK(call(server, replay).error_size() == 1);
  CHECK(server.status() == api::in_game);
}

TEST_CASE("create_game errors: unknown map, missing map, no participant") {
  GameServer server;
  auto unknown = call(server, create_request(1, "mini_games/NoSuchMap.SC2Map"));
  REQUIRE(unknown.create_game().has_error());
  CHECK(unknown.create_game().error() == api::ResponseCreateGame::InvalidMapPath);
  // The message lists every mini-game sc2lite plays, each as the map path a client would send.
  const std::string& details = unknown.create_game().error_details();
  for (const char* name : {"MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings", "DefeatRoaches",
                           "DefeatZerglingsAndBanelings", "CollectMineralsAndGas", "BuildMarines"}) {
    CAPTURE(name);
    CHECK(details.find("mini_games/" + std::string(name) + ".SC2Map") != std::string::npos);
  }
  CHECK(details.find("not implemented") == std::string::npos);
  CHECK(unknown.status() == api::launched);

  api::Request missing;
  missing.mutable_create_game()->add_player_setup()->set_type(api::Participant);
  auto no_map = call(server, missing);
  CHECK(no_map.create_game().error() == api::ResponseCreateGame::MissingMap);
  CHECK(no_map.status() == api::launched);

  auto no_players = create_request();
  no_players.mutable_create_game()->clear_player_setup();
  CHECK(call(server, no_players).create_game().error() == api::ResponseCreateGame::MissingPlayerSetup);

  auto two = create_request();
  two.mutable_create_game()->add_player_setup()->set_type(api::Participant);
  CHECK(call(server, two).create_game().error() == api::ResponseCreateGame::MultiplayerUnsupported);
  CHECK(server.status() == api::launched);
}

TEST_CASE("create_game accepts any map bytes, the map is picked by basename, with or without PySC2's Computer") {
  auto r = create_request(3, "some/where/MoveToBeacon.SC2Map");
  r.mutable_create_game()->mutable_local_map()->set_map_data(std::string("\0\1\2", 3));
  auto with_bot = r;  // PySC2's play adds a Computer whatever the map
  auto* bot = with_bot.mutable_create_game()->add_player_setup();
  bot->set_type(api::Computer);
  bot->set_race(api::Random);
  bot->set_difficulty(api::VeryEasy);
  for (const auto& request : {r, with_bot}) {
    GameServer server;
    auto response = call(server, request);
    CHECK_FALSE(response.create_game().has_error());
    CHECK(response.status() == api::init_game);
  }
}

TEST_CASE("join_game without options gives MissingOptions and stays in init_game") {
  GameServer server;
  REQUIRE(call(server, create_request()).status() == api::init_game);
  api::Request join;
  join.mutable_join_game()->set_race(api::Terran);
  auto response = call(server, join);
  REQUIRE(response.join_game().has_error());
  CHECK(response.join_game().error() == api::ResponseJoinGame::MissingOptions);
  CHECK(response.status() == api::init_game);

  auto bad = join_request();
  bad.mutable_join_game()->mutable_options()->mutable_feature_layer()->mutable_resolution()->set_x(0);
  auto bad_response = call(server, bad);
  CHECK(bad_response.join_game().error() == api::ResponseJoinGame::FeatureUnsupported);
  CHECK(bad_response.status() == api::init_game);

  auto good = call(server, join_request());
  CHECK(good.join_game().player_id() == 1);
  CHECK(good.status() == api::in_game);
}

TEST_CASE("join_game in launched (no game created) is a typed error") {
  GameServer server;
  auto response = call(server, join_request());
  CHECK(response.join_game().has_error());
  CHECK(response.status() == api::launched);
}

TEST_CASE("game_info echoes the options and describes the map") {
  GameServer server;
  Interface i;
  i.screen_w = 84;
  i.screen_h = 84;
  i.minimap_w = 64;
  i.minimap_h = 64;
  i.width = 24.0f;
  start_game(server, 7, i);
  api::Request r;
  r.mutable_game_info();
  auto response = call(server, r);
  REQUIRE(response.has_game_info());
  const auto& info = response.game_info();
  CHECK(info.local_map_path() == kBeaconMap);
  CHECK(info.map_name() == "MoveToBeacon");
  REQUIRE(info.player_info_size() >= 1);
  CHECK(info.player_info(0).player_id() == 1);
  CHECK(info.player_info(0).type() == api::Participant);
  CHECK(info.player_info(0).race_requested() == api::Terran);
  CHECK(info.player_info(0).race_actual() == api::Terran);

  const api::Request join = join_request(i);
  CHECK(info.options().SerializeAsString() == join.join_game().options().SerializeAsString());

  const auto& start = info.start_raw();
  const int w = start.map_size().x(), h = start.map_size().y();
  CHECK(w == 64);
  CHECK(h == 64);
  CHECK(start.pathing_grid().bits_per_pixel() == 1);
  CHECK(start.pathing_grid().data().size() == static_cast<std::size_t>((w * h + 7) / 8));
  CHECK(start.placement_grid().bits_per_pixel() == 1);
  CHECK(start.placement_grid().data().size() == static_cast<std::size_t>((w * h + 7) / 8));
  CHECK(start.terrain_height().bits_per_pixel() == 8);
  CHECK(start.terrain_height().data().size() == static_cast<std::size_t>(w * h));
  const auto& area = start.playable_area();
  CHECK(area.p1().x() - area.p0().x() > 0);
  CHECK(area.p1().y() - area.p0().y() > 0);
  // Pathable exactly inside the playable area (map space, row 0 = bottom).
  const auto path = decode(start.pathing_grid());
  CHECK(path[static_cast<std::size_t>(area.p0().y()) * w + area.p0().x()] == 1);
  CHECK(path[0] == 0);
}

TEST_CASE("game_info with raw_crop_to_playable_area describes the cropped area") {
  GameServer server;
  Interface i;
  i.raw_crop = true;
  start_game(server, 7, i);
  api::Request r;
  r.mutable_game_info();
  const auto start = call(server, r).game_info().start_raw();
  CHECK(start.playable_area().p0().x() == 0);
  CHECK(start.playable_area().p0().y() == 0);
  CHECK(start.map_size().x() == start.playable_area().p1().x());
  CHECK(start.map_size().y() == start.playable_area().p1().y());
  const auto path = decode(start.pathing_grid());
  for (auto v : path) CHECK(v == 1);
}

TEST_CASE("data lists the Marine, the beacon and the move/attack abilities with their remaps") {
  GameServer server;
  start_game(server);
  api::Request r;
  auto* d = r.mutable_data();
  d->set_ability_id(true);
  d->set_unit_type_id(true);
  auto response = call(server, r);
  REQUIRE(response.error_size() == 0);
  const auto& data = response.data();
  bool marine = false, beacon = false;
  for (const auto& u : data.units()) {
    if (u.unit_id() == kMarine) {
      marine = true;
      CHECK(u.name() == "Marine");
      CHECK(u.movement_speed() == doctest::Approx(2.25));
    }
    if (u.unit_id() == kBeacon) beacon = true;
  }
  CHECK(marine);
  CHECK(beacon);
  std::map<std::uint32_t, const api::AbilityData*> abilities;
  for (const auto& a : data.abilities()) abilities[a.ability_id()] = &a;
  for (std::uint32_t id : {1u, 4u, 16u, 17u, 18u, 23u, 3665u, 3674u, 3793u, 3794u, 3795u}) {
    CAPTURE(id);
    REQUIRE(abilities.count(id) == 1);
    CHECK(abilities[id]->available());
    CHECK_FALSE(abilities[id]->friendly_name().empty());
  }
  CHECK(abilities[16]->remaps_to_ability_id() == 3794);
  CHECK(abilities[23]->remaps_to_ability_id() == 3674);
  CHECK(abilities[4]->remaps_to_ability_id() == 3665);
  CHECK(abilities[16]->hotkey() == "M");
}

TEST_CASE("available_maps lists the seven mini-games then the three melee maps, save_replay returns bytes, quit ends in status quit") {
  GameServer server;
  api::Request maps;
  maps.mutable_available_maps();
  auto listed = call(server, maps).available_maps();
  CHECK(listed.local_map_paths_size() == 7 + 3);
  CHECK(listed.local_map_paths(0) == kBeaconMap);
  CHECK(listed.local_map_paths(7) == "Melee/Flat32.SC2Map");

  start_game(server);
  api::Request save;
  save.mutable_save_replay();
  CHECK_FALSE(call(server, save).save_replay().data().empty());

  api::Request leave;
  leave.mutable_leave_game();
  CHECK(call(server, leave).status() == api::launched);

  api::Request quit;
  quit.mutable_quit();
  auto bye = call(server, quit, 999999999);
  CHECK(bye.status() == api::quit);
  CHECK(bye.has_quit());
  CHECK(server.quit_requested());
  auto after = call(server, create_request());
  CHECK(after.error_size() == 1);
  CHECK(after.status() == api::quit);
}
