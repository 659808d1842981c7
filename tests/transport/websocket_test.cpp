// WebSocketClient against WebSocketServer: round trips, big messages, closing, failures.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

#include "transport/websocket_client.h"
#include "transport/websocket_server.h"
#include "tests/transport/raw_websocket.h"
#include "tests/transport/test_servers.h"

using namespace std::chrono_literals;
using sc2::net::ConnectionId;
using sc2::net::Reply;
using sc2::net::TransportError;
using sc2::net::WebSocketClient;
using sc2::test::Gate;
using sc2::test::seconds_since;

namespace {

std::string all_byte_values() {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  return bytes;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const TransportError& error) {
    return error.what();
  }
  return "(no TransportError)";
}

}  // namespace

TEST_CASE("client and server exchange binary messages byte for byte") {
  auto server = sc2::test::start_echo_server();
  REQUIRE(server->port() != 0);
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  CHECK(client.is_open());
  for (const std::string& message :
       {all_byte_values(), std::string("\x08\xff\xfe\x80\x00", 5), std::string()}) {
    client.send(message, 2s);
    CHECK(client.receive(2s) == message);
  }
}

TEST_CASE("a multi-megabyte message arrives whole") {
  auto server = sc2::test::start_echo_server();
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  std::string big(6 * 1024 * 1024 + 17, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>((i * 131) % 251);
  client.send(big, 10s);
  CHECK(client.receive(10s) == big);
}

TEST_CASE("each connection gets its own id and on_close is called when it ends") {
  std::mutex mutex;
  std::vector<ConnectionId> seen, closed;
  auto server = sc2::test::start_server(
      {[&](ConnectionId id, std::string_view) {
         std::lock_guard lock(mutex);
         seen.push_back(id);
         return Reply{std::to_string(id)};
       },
       [&](ConnectionId id) {
         std::lock_guard lock(mutex);
         closed.push_back(id);
       }});
  {
    WebSocketClient a, b;
    a.connect("127.0.0.1", server->port(), 2s);
    b.connect("127.0.0.1", server->port(), 2s);
    a.send("x", 2s);
    b.send("x", 2s);
    CHECK(a.receive(2s) != b.receive(2s));
  }
  const auto start = std::chrono::steady_clock::now();
  while (seconds_since(start) < 5) {
    {
      std::lock_guard lock(mutex);
      if (closed.size() == 2) break;
    }
    std::this_thread::sleep_for(10ms);
  }
  std::lock_guard lock(mutex);
  CHECK(closed.size() == 2);
  CHECK(seen.size() == 2);
}

TEST_CASE("Reply.close_after closes the connection once the reply is sent") {
  auto server = sc2::test::start_server({[](ConnectionId, std::string_view message) {
                                           return Reply{"bye", message == "quit"};
                                         },
                                         {}});
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  client.send("quit", 2s);
  CHECK(client.receive(2s) == "bye");
  const std::string error = error_of([&] { client.receive(5s); });
  CHECK(error.find("closed") != std::string::npos);
  CHECK_FALSE(client.is_open());
}

TEST_CASE("a handler that throws ends only its own connection") {
  auto server = sc2::test::start_server({[](ConnectionId, std::string_view message) -> Reply {
                                           if (message == "boom") throw std::runtime_error("boom");
                                           return Reply{"ok"};
                                         },
                                         {}});
  WebSocketClient first;
  first.connect("127.0.0.1", server->port(), 2s);
  first.send("boom", 2s);
  CHECK_THROWS_AS(first.receive(5s), TransportError);

  WebSocketClient second;
  second.connect("127.0.0.1", server->port(), 2s);
  second.send("hello", 2s);
  CHECK(second.receive(2s) == "ok");
}

TEST_CASE("connecting to a port nobody listens on fails fast and says why") {
  std::uint16_t port = 0;
  {
    sc2::net::WebSocketServer closed("127.0.0.1", 0, {[](ConnectionId, std::string_view) {
                                                        return Reply{};
                                                      },
                                                      {}});
    port = closed.port();
  }
  WebSocketClient client;
  const auto start = std::chrono::steady_clock::now();
  const std::string error = error_of([&] { client.connect("127.0.0.1", port, 3s); });
  CHECK(seconds_since(start) < 2.5);
  CHECK(error.find("ws://127.0.0.1:" + std::to_string(port) + "/sc2api") != std::string::npos);
  CHECK(error.find("refused") != std::string::npos);
  CHECK_FALSE(client.is_open());
  CHECK_THROWS_AS(client.send("x", 1s), TransportError);
  CHECK_THROWS_AS(client.receive(1s), TransportError);
}

TEST_CASE("a path other than /sc2api gets HTTP 404") {
  auto server = sc2::test::start_echo_server();
  SUBCASE("our client reports the status") {
    WebSocketClient client;
    const std::string error = error_of([&] { client.connect("127.0.0.1", server->port(), 2s, "/other"); });
    CHECK(error.find("404") != std::string::npos);
  }
  SUBCASE("a raw request sees the 404 and the connection closes") {
    sc2::test::RawWebSocket raw(server->port());
    const std::string head = raw.handshake("/game?x=1");
    CHECK(head.rfind("HTTP/1.1 404", 0) == 0);
    CHECK(raw.read_until_eof().find("/game") != std::string::npos);
  }
  SUBCASE("the right path with a query string is accepted") {
    sc2::test::RawWebSocket raw(server->port());
    CHECK(raw.handshake("/sc2api?client=test").rfind("HTTP/1.1 101", 0) == 0);
  }
}

TEST_CASE("a server stopped mid-call makes receive fail instead of hang") {
  Gate release;
  auto server = sc2::test::start_server({[&](ConnectionId, std::string_view) {
                                           release.wait_for(3s);  // busy: never answers in time
                                           return Reply{"late"};
                                         },
                                         {}});
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  client.send("work", 2s);
  std::thread stopper([&] {
    std::this_thread::sleep_for(100ms);
    server->stop();
  });
  const auto start = std::chrono::steady_clock::now();
  const std::string error = error_of([&] { client.receive(30s); });
  const double waited = seconds_since(start);
  release.open();
  stopper.join();
  CHECK(error.find("receive failed") != std::string::npos);
  CHECK(waited < 5.0);
}

TEST_CASE("receive without a reply times out with a clear message") {
  Gate release;
  auto server = sc2::test::start_server({[&](ConnectionId, std::string_view) {
                                           release.wait_for(3s);
                                           return Reply{"late"};
                                         },
                                         {}});
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  client.send("work", 2s);
  const std::string error = error_of([&] { client.receive(300ms); });
  release.open();
  CHECK(error.find("300 ms") != std::string::npos);
  CHECK(error.find("timed out") != std::string::npos);
  CHECK_FALSE(client.is_open());
}

TEST_CASE("stop() with open clients returns and every client sees the end") {
  auto server = sc2::test::start_echo_server();
  std::vector<std::unique_ptr<WebSocketClient>> clients;
  for (int i = 0; i < 3; ++i) {
    clients.push_back(std::make_unique<WebSocketClient>());
    clients.back()->connect("127.0.0.1", server->port(), 2s);
    clients.back()->send("hi", 2s);
    CHECK(clients.back()->receive(2s) == "hi");
  }
  std::thread waiter([&] { server->wait(); });
  server->stop();
  server->stop();  // twice is fine
  waiter.join();
  for (auto& client : clients) CHECK_THROWS_AS(client->receive(5s), TransportError);
  WebSocketClient late;
  CHECK_THROWS_AS(late.connect("127.0.0.1", server->port(), 1s), TransportError);
}

TEST_CASE("a handler may call stop() itself (quit)") {
  sc2::net::WebSocketServer* self = nullptr;
  auto server = sc2::test::start_server({[&](ConnectionId, std::string_view) {
                                           self->stop();
                                           return Reply{"stopping"};
                                         },
                                         {}});
  self = server.get();
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  client.send("quit", 2s);
  server->wait();  // returns because the handler called stop()
  CHECK_THROWS_AS(client.receive(5s), TransportError);
  server.reset();  // joins the handler's thread
}

TEST_CASE("binding a port that is taken fails with a clear error") {
  auto server = sc2::test::start_echo_server();
  const std::uint16_t port = server->port();
  try {
    sc2::net::WebSocketServer second("127.0.0.1", port, {[](ConnectionId, std::string_view) {
                                                          return Reply{};
                                                        },
                                                        {}});
    FAIL("a second server bound the same port");
  } catch (const std::runtime_error& error) {
    CHECK(std::string(error.what()).find(std::to_string(port)) != std::string::npos);
  }
}
