// WebSocketChannel holds requests sent without a reply read in between and sends them in one
// write when a reply is read or the channel closes: every request still reaches the game, in
// order, and every reply comes back to the right read.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "client/websocket_channel.h"
#include "transport/websocket_client.h"
#include "transport/websocket_server.h"

using namespace std::chrono_literals;

namespace {

struct RecordingServer {
  std::mutex mutex;
  std::vector<std::string> received;
  std::unique_ptr<sc2::net::WebSocketServer> server;

  RecordingServer() {
    server = std::make_unique<sc2::net::WebSocketServer>(
        "127.0.0.1", 0,
        sc2::net::ServerHandlers{[this](sc2::net::ConnectionId, std::string_view message) {
                                   std::lock_guard lock(mutex);
                                   received.emplace_back(message);
                                   return sc2::net::Reply{"reply to " + std::string(message)};
                                 },
                                 {}});
    server->start();
  }
  std::vector<std::string> seen() {
    std::lock_guard lock(mutex);
    return received;
  }
};

std::unique_ptr<sc2::WebSocketChannel> connect_to(RecordingServer& server) {
  auto client = std::make_unique<sc2::net::WebSocketClient>();
  client->connect("127.0.0.1", server.server->port(), 5s);
  return std::make_unique<sc2::WebSocketChannel>(std::move(client));
}

}  // namespace

TEST_CASE("websocket channel: requests sent ahead all arrive in order, each reply read in turn") {
  RecordingServer server;
  auto channel = connect_to(server);
  for (int round = 0; round < 2; ++round) {
    channel->send("action", 5s);
    channel->send(std::string(70000, 's'), 5s);  // a 64-bit frame length among small ones
    channel->send("observation", 5s);
    CHECK(channel->receive(5s) == "reply to action");
    CHECK(channel->receive(5s) == "reply to " + std::string(70000, 's'));
    CHECK(std::string(channel->receive_view(5s)) == "reply to observation");
  }
  // More than the channel holds at once (16): sent in several writes, all answered.
  for (int i = 0; i < 40; ++i) channel->send("request " + std::to_string(i), 5s);
  for (int i = 0; i < 40; ++i) CHECK(channel->receive(5s) == "reply to request " + std::to_string(i));
  CHECK(server.seen().size() == 6 + 40);
}

TEST_CASE("websocket channel: a request held when the channel closes is still sent") {
  RecordingServer server;
  auto channel = connect_to(server);
  channel->send("quit", 5s);
  channel->close();
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (server.seen().empty() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
  CHECK(server.seen() == std::vector<std::string>{"quit"});
}

TEST_CASE("websocket channel: held requests to a server that is gone fail at the read, clearly") {
  auto server = std::make_unique<RecordingServer>();
  auto channel = connect_to(*server);
  server.reset();  // stops the server and closes the connection
  channel->send("action", 1s);
  CHECK_THROWS_AS(channel->receive(2s), sc2::net::TransportError);
}
