// A Computer on a mini-game (PySC2's `play` always adds one, whatever the map): accepted, it
// owns nothing and never acts, so every observation of player 1 is the one it would get
// without the Computer; two Computers are refused with the reason.
#include "engine/maps/mini_game_registry.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

// Player 1's create request as PySC2's play sends it: a Participant, then a Computer of a
// random race at VeryEasy with a random build.
api::Request create_with_computers(const std::string& map, int computers) {
  api::Request r = create_request(11, map);
  for (int i = 0; i < computers; ++i) {
    auto* bot = r.mutable_create_game()->add_player_setup();
    bot->set_type(api::Computer);
    bot->set_race(api::Random);
    bot->set_difficulty(api::VeryEasy);
    bot->set_ai_build(api::RandomBuild);
  }
  return r;
}

// Player 1's observations over `steps` steps of 8 loops, serialised, after a create with
// `computers` Computers.
std::vector<std::string> observations(const std::string& map, int computers, int steps) {
  GameServer server;
  auto created = call(server, create_with_computers(map, computers));
  REQUIRE_FALSE(created.create_game().has_error());
  auto joined = call(server, join_request());
  REQUIRE_FALSE(joined.join_game().has_error());
  std::vector<std::string> seen;
  for (int i = 0; i < steps; ++i) {
    seen.push_back(observe(server).SerializeAsString());
    step(server, 8);
  }
  return seen;
}

}  // namespace

TEST_CASE("a Computer on every mini-game is accepted and changes nothing player 1 sees") {
  for (const MiniGameEntry& entry : mini_games()) {
    const std::string map = mini_game_map_path(entry.name);
    CAPTURE(map);
    const auto alone = observations(map, 0, 40);
    const auto with_computer = observations(map, 1, 40);
    REQUIRE(alone.size() == with_computer.size());
    for (std::size_t i = 0; i < alone.size(); ++i) {
      CAPTURE(i);
      CHECK(alone[i] == with_computer[i]);
    }
  }
}

TEST_CASE("game_info lists the Computer of a mini-game as player 2, and the game ends at the map's limit") {
  GameServer server;
  REQUIRE_FALSE(call(server, create_with_computers(kBeaconMap, 1)).create_game().has_error());
  auto joined = call(server, join_request());
  REQUIRE_FALSE(joined.join_game().has_error());
  CHECK(joined.join_game().player_id() == 1);
  api::Request info_request;
  info_request.mutable_game_info();
  const auto info = call(server, info_request).game_info();
  REQUIRE(info.player_info_size() == 2);
  CHECK(info.player_info(1).player_id() == 2);
  CHECK(info.player_info(1).type() == api::Computer);
  const auto last = step(server, 100000);
  CHECK(last.status() == api::ended);
  const auto obs = observe(server);
  REQUIRE(obs.player_result_size() >= 1);
  CHECK(obs.player_result(0).player_id() == 1);
}

TEST_CASE("two Computers on a mini-game are refused with the reason") {
  GameServer server;
  const auto response = call(server, create_with_computers(kBeaconMap, 2));
  REQUIRE(response.create_game().has_error());
  CHECK(response.create_game().error() == api::ResponseCreateGame::InvalidPlayerSetup);
  CHECK(response.create_game().error_details() ==
        "MoveToBeacon is a single-player mini-game: one Participant and at most one Computer (which owns nothing "
        "and never acts); player_setup has 2 Computers");
  CHECK(response.status() == api::launched);
}
