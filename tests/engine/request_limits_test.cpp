// Requests that would take unbounded work are refused with an error naming the limit, and
// the game goes on: a step of billions of game loops, feature layers of giant resolution.
// A player whose connection closes frees the game for the next client.
#include <string>

#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a step over kMaxStepLoops is refused naming the limit, and the game has not moved and goes on") {
  GameServer server;
  start_game(server);
  const auto refused = step(server, 0xffffffffu);
  REQUIRE(refused.error_size() == 1);
  INFO(refused.error(0));
  CHECK(contains(refused.error(0), std::to_string(kMaxStepLoops)));
  CHECK(contains(refused.error(0), "4294967295"));
  CHECK(refused.status() == api::in_game);
  CHECK(observe(server).observation().game_loop() == 0);

  CHECK(step(server, kMaxStepLoops + 1).error_size() == 1);
  const auto fine = step(server, 8);
  CHECK(fine.error_size() == 0);
  CHECK(fine.step().simulation_loop() == 8);
}

TEST_CASE("a step of exactly kMaxStepLoops is served (the mini-game's time limit ends it first)") {
  GameServer server;
  start_game(server);
  const auto served = step(server, kMaxStepLoops);
  CHECK(served.error_size() == 0);
  CHECK(served.status() == api::ended);
  CHECK(served.step().simulation_loop() < kMaxStepLoops);
}

TEST_CASE("feature layers over kMaxLayerResolution are refused naming the limit, then a sane join works") {
  GameServer server;
  REQUIRE(call(server, create_request()).error_size() == 0);
  Interface giant;
  giant.screen_w = giant.screen_h = 100000;
  const auto refused = call(server, join_request(giant));
  REQUIRE(refused.join_game().has_error());
  CHECK(refused.join_game().error() == api::ResponseJoinGame::FeatureUnsupported);
  INFO(refused.join_game().error_details());
  CHECK(contains(refused.join_game().error_details(), std::to_string(kMaxLayerResolution)));
  CHECK(refused.status() == api::init_game);

  Interface minimap_too_big;
  minimap_too_big.minimap_w = kMaxLayerResolution + 1;
  CHECK(call(server, join_request(minimap_too_big)).join_game().has_error());

  const auto joined = call(server, join_request());
  CHECK_FALSE(joined.join_game().has_error());
  CHECK(joined.status() == api::in_game);
}

TEST_CASE("the player's connection closing frees the game, another connection closing does not") {
  constexpr ConnectionId kPlayer = 7, kOther = 8;
  GameServer server;
  for (auto request : {create_request(), join_request()}) {
    request.set_id(1);
    REQUIRE(server.handle(request, kPlayer).error_size() == 0);
  }
  REQUIRE(server.status() == api::in_game);
  server.connection_closed(kOther);  // e.g. a tool that only pinged
  CHECK(server.status() == api::in_game);

  server.connection_closed(kPlayer);
  CHECK(server.status() == api::launched);
  // The next client starts afresh.
  api::Request create = create_request();
  create.set_id(2);
  const auto created = server.handle(create, kOther);
  CHECK(created.error_size() == 0);
  CHECK(created.status() == api::init_game);
}

TEST_CASE("the player's connection closing after quit leaves the status quit") {
  constexpr ConnectionId kPlayer = 3;
  GameServer server;
  api::Request quit;
  quit.mutable_quit();
  for (auto request : {create_request(), join_request(), quit}) REQUIRE(server.handle(request, kPlayer).error_size() == 0);
  server.connection_closed(kPlayer);
  CHECK(server.status() == api::quit);
}
