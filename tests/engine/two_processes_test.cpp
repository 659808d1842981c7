// Two game processes, one game, as PySC2 starts agent against agent: create_game on the
// first, join_game on both with the same server_ports; the second relays its player to the
// first over server_ports.game_port. Two EngineHosts here stand for the two processes.
#include <chrono>
#include <future>
#include <memory>
#include <thread>

#include "engine/server/engine_host.h"
#include "tests/engine/engine_test_util.h"
#include "transport/websocket_client.h"
#include "transport/websocket_server.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
using namespace std::chrono_literals;

namespace {

api::Response roundtrip(sc2::net::WebSocketClient& client, api::Request request, std::uint32_t id = 1) {
  request.set_id(id);
  client.send(request.SerializeAsString(), 5s);
  api::Response response;
  if (!response.ParseFromString(client.receive(30s))) throw std::runtime_error("malformed reply");
  return response;
}

// A port nothing listens on right now (taken from a listener that is closed again).
std::uint16_t free_port() {
  sc2::net::ServerHandlers handlers;
  handlers.on_message = [](sc2::net::ConnectionId, std::string_view) { return sc2::net::Reply{}; };
  sc2::net::WebSocketServer probe("127.0.0.1", 0, handlers);
  return probe.port();
}

api::Request two_player_join(std::uint16_t game_port) {
  api::Request r = join_request();
  auto* ports = r.mutable_join_game()->mutable_server_ports();
  ports->set_game_port(game_port);
  ports->set_base_port(game_port + 1);
  auto* client_ports = r.mutable_join_game()->add_client_ports();
  client_ports->set_game_port(game_port + 2);
  client_ports->set_base_port(game_port + 3);
  return r;
}

api::Request simple(void (*set)(api::Request&)) {
  api::Request r;
  set(r);
  return r;
}

const api::Request kStep8 = [] {
  api::Request r;
  r.mutable_step()->set_count(8);
  return r;
}();

struct TwoProcesses {
  explicit TwoProcesses(ServerOptions options = {}) : host(std::make_unique<EngineHost>("127.0.0.1", 0, options)),
                                                      other("127.0.0.1", 0, options) {
    host->start();
    other.start();
    first.connect("127.0.0.1", host->port(), 5s);
    second.connect("127.0.0.1", other.port(), 5s);
  }
  std::unique_ptr<EngineHost> host;  // the process sent create_game
  EngineHost other;
  sc2::net::WebSocketClient first, second;
};

// PySC2's order: save_map to both, create_game to the first, then both joins at once.
void start_game(TwoProcesses& p, std::uint16_t game_port) {
  api::Request save;
  save.mutable_save_map()->set_map_path("Melee/Flat64.SC2Map");
  REQUIRE(roundtrip(p.second, save).error_size() == 0);
  api::Request create = create_request(7, "Melee/Flat64.SC2Map");
  create.mutable_create_game()->add_player_setup()->set_type(api::Participant);
  REQUIRE_FALSE(roundtrip(p.first, create).create_game().has_error());
  auto first_join = std::async(std::launch::async, [&] { return roundtrip(p.first, two_player_join(game_port), 2); });
  const auto second_join = roundtrip(p.second, two_player_join(game_port), 2);
  const auto first_answer = first_join.get();
  REQUIRE_FALSE(first_answer.join_game().has_error());
  REQUIRE_FALSE(second_join.join_game().has_error());
  CHECK(first_answer.join_game().player_id() == 1);
  CHECK(second_join.join_game().player_id() == 2);
  CHECK(second_join.status() == api::in_game);
}

}  // namespace

TEST_CASE("two processes play one game: the second relays its player to the host over server_ports.game_port") {
  TwoProcesses p;
  start_game(p, free_port());

  auto first_step = std::async(std::launch::async, [&] { return roundtrip(p.first, kStep8, 3); });
  CHECK(first_step.wait_for(150ms) == std::future_status::timeout);  // lock-step: waits for player 2
  CHECK(roundtrip(p.second, kStep8, 3).step().simulation_loop() == 8);
  CHECK(first_step.get().step().simulation_loop() == 8);

  const auto seen = roundtrip(p.second, simple([](api::Request& r) { r.mutable_observation(); }), 4);
  CHECK(seen.observation().observation().player_common().player_id() == 2);
  CHECK(seen.observation().observation().game_loop() == 8);

  // The second player's process quits: the host's game counts that player as gone.
  CHECK(roundtrip(p.second, simple([](api::Request& r) { r.mutable_quit(); }), 5).status() == api::quit);
  p.other.wait();
  api::Response after;
  for (int i = 0; i < 50 && after.observation().player_result_size() == 0; ++i) {
    std::this_thread::sleep_for(20ms);
    after = roundtrip(p.first, simple([](api::Request& r) { r.mutable_observation(); }), 6);
  }
  REQUIRE(after.observation().player_result_size() == 2);
  CHECK(after.observation().player_result(0).result() == api::Victory);
  CHECK(after.status() == api::ended);
}

TEST_CASE("a join whose server_ports no process hosts fails clearly after the wait, nothing hangs") {
  ServerOptions options;
  options.join_wait = 400ms;
  EngineHost other("127.0.0.1", 0, options);
  other.start();
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", other.port(), 5s);
  const std::uint16_t nobody = free_port();
  const auto joined = roundtrip(client, two_player_join(nobody));
  REQUIRE(joined.join_game().has_error());
  CHECK(joined.join_game().error_details().find("no sc2lite hosts a game at 127.0.0.1:" + std::to_string(nobody)) == 0);
  CHECK(joined.status() == api::launched);
  // The process is still its own: it can host a game of its own.
  CHECK_FALSE(roundtrip(client, create_request()).create_game().has_error());
}

TEST_CASE("the host process dying mid-game gives the relayed player a clear error, nothing hangs") {
  TwoProcesses p;
  start_game(p, free_port());
  p.host.reset();  // the hosting process is gone
  const auto stepped = roundtrip(p.second, kStep8, 7);
  REQUIRE(stepped.error_size() == 1);
  CHECK(stepped.error(0).find("the process hosting this game went away") == 0);
  CHECK(stepped.status() == api::launched);
  // Its connection is its own again.
  CHECK_FALSE(roundtrip(p.second, create_request()).create_game().has_error());
}
