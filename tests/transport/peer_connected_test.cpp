// WebSocketServer::peer_connected: a handler that holds its reply (sc2lite's paced step) can
// tell that its client went away (close frame, socket closed) without reading, and a request
// the client sent ahead does not count as going away.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "tests/transport/raw_websocket.h"
#include "tests/transport/test_servers.h"
#include "transport/websocket_server.h"

using namespace sc2;
using namespace std::chrono_literals;

namespace {

// Its handler holds the first message's reply until the peer is gone (or 5 s pass) and
// records how long the peer stayed.
struct HoldingServer {
  std::unique_ptr<net::WebSocketServer> server;
  std::atomic<net::WebSocketServer*> self{nullptr};
  std::atomic<bool> saw_gone{false};
  std::atomic<int> connected_polls{0};
  test::Gate handler_started;

  HoldingServer() {
    server = test::start_server({[this](net::ConnectionId id, std::string_view) {
                                   handler_started.open();
                                   const auto until = std::chrono::steady_clock::now() + 5s;
                                   while (std::chrono::steady_clock::now() < until) {
                                     if (!self.load()->peer_connected(id)) {
                                       saw_gone = true;
                                       break;
                                     }
                                     ++connected_polls;
                                     std::this_thread::sleep_for(10ms);
                                   }
                                   return net::Reply{"held"};
                                 },
                                 {}});
    self = server.get();
  }
};

template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds within = 3s) {
  const auto until = std::chrono::steady_clock::now() + within;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

}  // namespace

TEST_CASE("a request sent ahead keeps the peer connected") {
  HoldingServer holding;
  test::RawWebSocket client(holding.server->port());
  REQUIRE(client.handshake().find(" 101 ") != std::string::npos);
  client.send_raw(test::RawWebSocket::frame(test::RawWebSocket::kFin | test::RawWebSocket::kBinary, "step"));
  REQUIRE(holding.handler_started.wait_for(3s));
  // Pipelined: the next request arrives while the first is held.
  client.send_raw(test::RawWebSocket::frame(test::RawWebSocket::kFin | test::RawWebSocket::kText, "observe"));
  std::this_thread::sleep_for(200ms);
  CHECK_FALSE(holding.saw_gone);
  CHECK(holding.connected_polls > 5);
}

TEST_CASE("a close frame, then the socket closing, tell a held handler its peer is gone") {
  SUBCASE("close frame") {
    HoldingServer holding;
    test::RawWebSocket client(holding.server->port());
    REQUIRE(client.handshake().find(" 101 ") != std::string::npos);
    client.send_raw(test::RawWebSocket::frame(test::RawWebSocket::kFin | test::RawWebSocket::kBinary, "step"));
    REQUIRE(holding.handler_started.wait_for(3s));
    std::this_thread::sleep_for(50ms);
    CHECK_FALSE(holding.saw_gone);
    client.send_raw(test::RawWebSocket::frame(test::RawWebSocket::kFin | test::RawWebSocket::kClose, ""));
    CHECK(eventually([&] { return holding.saw_gone.load(); }));
  }
  SUBCASE("socket closed") {
    HoldingServer holding;
    {
      test::RawWebSocket client(holding.server->port());
      REQUIRE(client.handshake().find(" 101 ") != std::string::npos);
      client.send_raw(test::RawWebSocket::frame(test::RawWebSocket::kFin | test::RawWebSocket::kBinary, "step"));
      REQUIRE(holding.handler_started.wait_for(3s));
    }  // closes the socket
    CHECK(eventually([&] { return holding.saw_gone.load(); }));
  }
}

TEST_CASE("an unknown connection, or one on a stopped server, is not connected") {
  auto server = test::start_echo_server();
  CHECK_FALSE(server->peer_connected(12345));
  server->stop();
  CHECK_FALSE(server->peer_connected(1));
}
