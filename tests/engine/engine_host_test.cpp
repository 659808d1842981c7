// EngineHost over a real websocket on 127.0.0.1: serves requests, stops on quit and on stop().
#include <chrono>
#include <thread>

#include "transport/websocket_client.h"
#include "engine/server/engine_host.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
using namespace std::chrono_literals;

namespace {

api::Response roundtrip(sc2::net::WebSocketClient& client, api::Request request, std::uint32_t id) {
  request.set_id(id);
  client.send(request.SerializeAsString(), 5s);
  api::Response response;
  REQUIRE(response.ParseFromString(client.receive(5s)));
  CHECK(response.id() == id);
  return response;
}

}  // namespace

TEST_CASE("EngineHost serves a game on a free port and stops after quit") {
  EngineHost host("127.0.0.1", 0);
  REQUIRE(host.port() != 0);
  host.start();
  std::thread waiter([&] { host.wait(); });

  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", host.port(), 5s);
  api::Request ping;
  ping.mutable_ping();
  CHECK(roundtrip(client, ping, 1).ping().base_build() == 75689);
  CHECK(roundtrip(client, create_request(), 2).status() == api::init_game);
  CHECK(roundtrip(client, join_request(), 3).status() == api::in_game);
  api::Request obs;
  obs.mutable_observation();
  CHECK(roundtrip(client, obs, 4).observation().observation().feature_layer_data().has_renders());

  api::Request quit;
  quit.mutable_quit();
  CHECK(roundtrip(client, quit, 999999999).status() == api::quit);
  waiter.join();  // wait() returns once the host stopped by itself
  CHECK(host.server().quit_requested());
  client.close();
}

TEST_CASE("EngineHost stop() ends wait() without any client") {
  EngineHost host("127.0.0.1", 0);
  host.start();
  std::thread waiter([&] { host.wait(); });
  host.stop();
  waiter.join();
  host.stop();  // a second stop is harmless
  CHECK(host.server().status() == api::launched);
}
