// Melee maps through the server: the list of melee maps, their bases' symmetry, two-player setup
// validation, the start state a player observes, victory and defeat, debug kill_unit. Each map's
// own facts (layout, heights, start units, end rule) are tests/engine/melee_map_folders_test.cpp's.
#include <algorithm>
#include <cmath>
#include <map>

#include "engine/maps/melee_registry.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

api::Request melee_create(const std::string& map = "Melee/Flat64.SC2Map", int computers = 1,
                          api::Difficulty difficulty = api::VeryEasy) {
  api::Request r = create_request(7, map);
  for (int i = 0; i < computers; ++i) {
    auto* bot = r.mutable_create_game()->add_player_setup();
    bot->set_type(api::Computer);
    bot->set_race(api::Terran);
    bot->set_difficulty(difficulty);
  }
  return r;
}

void start_melee(GameServer& server, const std::string& map = "Melee/Flat64.SC2Map") {
  auto created = call(server, melee_create(map));
  REQUIRE_FALSE(created.create_game().has_error());
  Interface i;
  i.feature = false;
  auto joined = call(server, join_request(i));
  REQUIRE_FALSE(joined.join_game().has_error());
  REQUIRE(joined.status() == api::in_game);
}

std::map<std::uint32_t, int> count_own(const api::ResponseObservation& obs) {
  std::map<std::uint32_t, int> counts;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.alliance() == api::Self) ++counts[u.unit_type()];
  }
  return counts;
}

std::string create_error(GameServer& server, const api::Request& r) {
  auto response = call(server, r);
  CHECK(response.status() == api::launched);
  REQUIRE(response.create_game().has_error());
  return response.create_game().error_details();
}

}  // namespace

TEST_CASE("the melee maps are listed after the mini-games, under Melee/") {
  std::vector<std::string> names;
  for (const auto& entry : melee_maps()) names.emplace_back(entry.name);
  CHECK(names == std::vector<std::string>{"Flat32", "Flat64", "Simple64"});
  CHECK(find_map("Flat64") == find_melee_map("Flat64"));
  CHECK(is_melee_map(find_map("Simple64")));
  CHECK_FALSE(is_melee_map(find_map("MoveToBeacon")));
  CHECK(map_path_of(*find_map("Flat64")) == "Melee/Flat64.SC2Map");

  GameServer server;
  api::Request r;
  r.mutable_available_maps();
  const auto paths = call(server, r).available_maps().local_map_paths();
  CHECK(std::find(paths.begin(), paths.end(), "Melee/Simple64.SC2Map") != paths.end());
  CHECK(std::find(paths.begin(), paths.end(), "mini_games/MoveToBeacon.SC2Map") != paths.end());
}

TEST_CASE("every melee map's bases are point mirrors that stand on the map") {
  for (const auto& entry : melee_maps()) {
    CAPTURE(entry.name);
    const std::unique_ptr<MiniGame> game = entry.make();
    const MapLayout map = game->layout();
    REQUIRE(game->enemy_start_locations(1).size() == 1);
    REQUIRE(game->enemy_start_locations(2).size() == 1);
    const Vec2 a = game->enemy_start_locations(2)[0];  // player 1's start
    const Vec2 b = game->enemy_start_locations(1)[0];  // player 2's
    CHECK(a.x + b.x == doctest::Approx(map.width));
    CHECK(a.y + b.y == doctest::Approx(map.height));
    CHECK(distance(a, b) > 15.0f);

    // Every start unit stands on the playable area, on pathable ground, and has its mirror image
    // (the other player's, or a resource) at the opposite place.
    World world(map, 5);
    game->setup(world);
    const auto units = world.units();  // one list: units() makes a new one each call
    CHECK(units.size() == 2 * (1 + 12 + 8 + 2));
    for (const Unit* u : units) {
      CAPTURE(u->stats->name);
      CAPTURE(u->pos.x);
      CAPTURE(u->pos.y);
      const int cx = static_cast<int>(std::floor(u->pos.x)), cy = static_cast<int>(std::floor(u->pos.y));
      CHECK(map.playable.contains(cx, cy));
      CHECK(map.pathable[map.cell(cx, cy)] == 1);
      const int mirror_owner = u->owner == 1 || u->owner == 2 ? 3 - u->owner : u->owner;  // resources: their own
      const Vec2 mirror{map.width - u->pos.x, map.height - u->pos.y};
      const bool mirrored = std::any_of(units.begin(), units.end(), [&](const Unit* v) {
        return v->type() == u->type() && v->owner == mirror_owner && distance(v->pos, mirror) < 0.01f;
      });
      CHECK(mirrored);
    }
  }
}

TEST_CASE("two-player setups: unknown map, three players, two Computers on a mini-game, bad race or level") {
  GameServer server;
  CHECK(create_error(server, melee_create("Melee/Flat99.SC2Map")).find("unknown map 'Melee/Flat99.SC2Map'") !=
        std::string::npos);
  CHECK(create_error(server, melee_create("Melee/Flat64.SC2Map", 2)) ==
        "Flat64 is a 2-player map, player_setup has 3 players: give one Participant and one Computer (or two "
        "Participants)");
  CHECK(create_error(server, melee_create("Melee/Flat64.SC2Map", 0)).find("is a 2-player map, player_setup has 1") !=
        std::string::npos);
  CHECK(create_error(server, melee_create(kBeaconMap, 2)).find("MoveToBeacon is a single-player mini-game: one "
                                                              "Participant and at most one Computer") == 0);
  CHECK(create_error(server, melee_create("Melee/Flat64.SC2Map", 1, api::CheatInsane)) ==
        "Computer difficulty CheatInsane is not available in sc2lite: VeryEasy, Easy, Medium or Hard");
  api::Request zerg = melee_create();
  zerg.mutable_create_game()->mutable_player_setup(1)->set_race(api::Zerg);
  CHECK(create_error(server, zerg) == "the Computer's race Zerg is not available: sc2lite plays Terran only (Terran or Random)");

  REQUIRE_FALSE(call(server, melee_create()).create_game().has_error());
  api::Request protoss = join_request();
  protoss.mutable_join_game()->set_race(api::Protoss);
  auto refused = call(server, protoss);
  REQUIRE(refused.join_game().has_error());
  CHECK(refused.join_game().error_details() ==
        "race Protoss is not available: sc2lite plays Terran only (join with Terran or Random)");
  CHECK(refused.status() == api::init_game);
  auto joined = call(server, join_request());
  CHECK_FALSE(joined.join_game().has_error());
  CHECK(joined.join_game().player_id() == 1);
  auto second = call(server, join_request());  // the one seat is taken
  CHECK(second.error_size() == 1);
  CHECK(second.status() == api::in_game);
}

TEST_CASE("a melee game starts with a Command Center, 12 SCVs, 50 minerals and 12/15 supply per player") {
  for (const auto& entry : melee_maps()) {
    CAPTURE(entry.name);
    GameServer server;
    start_melee(server, map_path_of(entry));
    auto obs = observe(server);
    const auto own = count_own(obs);
    CHECK(own.at(unit_type::kCommandCenter) == 1);
    CHECK(own.at(unit_type::kScv) == 12);
    CHECK(own.size() == 2);
    const auto& common = obs.observation().player_common();
    CHECK(common.minerals() == 50);
    CHECK(common.food_used() == 12);
    CHECK(common.food_cap() == 15);
    int fields = 0, geysers = 0, enemies = 0;
    for (const auto& u : obs.observation().raw_data().units()) {
      fields += u.unit_type() == unit_type::kMineralField;
      geysers += u.unit_type() == unit_type::kVespeneGeyser;
      enemies += u.alliance() == api::Enemy && u.display_type() == api::Visible;
    }
    CHECK(fields == 16);   // resources are known map-wide (snapshots under fog)
    CHECK(geysers == 4);
    CHECK(enemies == 0);   // fog of war: the enemy base is out of sight

    api::Request info;
    info.mutable_game_info();
    const auto game_info = call(server, info).game_info();
    REQUIRE(game_info.player_info_size() == 2);
    CHECK(game_info.player_info(1).type() == api::Computer);
    CHECK(game_info.player_info(1).difficulty() == api::VeryEasy);
    REQUIRE(game_info.start_raw().start_locations_size() == 1);
    const std::vector<Vec2> enemies_start = entry.make()->enemy_start_locations(1);
    REQUIRE(enemies_start.size() == 1);
    const Vec2 enemy = enemies_start[0];
    CHECK(game_info.start_raw().start_locations(0).x() == doctest::Approx(enemy.x));
    CHECK(game_info.start_raw().start_locations(0).y() == doctest::Approx(enemy.y));
  }
}

TEST_CASE("a player whose structures are all destroyed loses, player_result lists both players") {
  GameServer server;
  start_melee(server, "Melee/Flat32.SC2Map");
  auto obs = observe(server);
  std::uint64_t own_cc = 0;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.alliance() == api::Self && u.unit_type() == unit_type::kCommandCenter) own_cc = u.tag();
  }
  REQUIRE(own_cc != 0);
  step(server, 8);
  CHECK(observe(server).player_result_size() == 0);

  api::Request kill;
  kill.mutable_debug()->add_debug()->mutable_kill_unit()->add_tag(own_cc);
  kill.mutable_debug()->add_debug()->mutable_kill_unit()->add_tag(0xdeadbeefull);  // unknown: ignored
  auto killed = call(server, kill);
  CHECK(killed.error_size() == 0);
  auto stepped = step(server, 8);
  CHECK(stepped.status() == api::ended);
  obs = observe(server);
  REQUIRE(obs.player_result_size() == 2);
  CHECK(obs.player_result(0).player_id() == 1);
  CHECK(obs.player_result(0).result() == api::Defeat);
  CHECK(obs.player_result(1).player_id() == 2);
  CHECK(obs.player_result(1).result() == api::Victory);
  CHECK(obs.observation().game_loop() < 16);  // the game ended in the loop the CC died
}

TEST_CASE("the enemy losing its last structure is a victory") {
  api::Request create = melee_create("Melee/Flat32.SC2Map");
  create.mutable_create_game()->set_disable_fog(true);
  GameServer server;
  REQUIRE_FALSE(call(server, create).create_game().has_error());
  REQUIRE_FALSE(call(server, join_request()).join_game().has_error());
  api::Request kill;
  auto* tags = kill.mutable_debug()->add_debug()->mutable_kill_unit();
  const auto start = observe(server);
  for (const auto& u : start.observation().raw_data().units()) {
    if (u.alliance() == api::Enemy && u.unit_type() == unit_type::kCommandCenter) tags->add_tag(u.tag());
  }
  REQUIRE(tags->tag_size() == 1);
  call(server, kill);
  CHECK(step(server, 1).status() == api::ended);
  const auto obs = observe(server);
  REQUIRE(obs.player_result_size() == 2);
  CHECK(obs.player_result(0).result() == api::Victory);
  CHECK(obs.player_result(1).result() == api::Defeat);
}

TEST_CASE("a melee game that runs to its time limit is a tie") {
  GameServer server;
  start_melee(server, "Melee/Flat32.SC2Map");
  // A passive player lasts while the Computer... the time limit is 28,800 loops either way.
  auto stepped = step(server, 28800);
  const auto obs = observe(server);
  REQUIRE(stepped.status() == api::ended);
  REQUIRE(obs.player_result_size() == 2);
  if (obs.observation().game_loop() == 28800) {
    CHECK(obs.player_result(0).result() == api::Tie);
    CHECK(obs.player_result(1).result() == api::Tie);
  } else {
    CHECK(obs.player_result(0).result() == api::Defeat);  // the built-in AI won first
  }
}
