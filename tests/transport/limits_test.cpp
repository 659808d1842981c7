// Limits of the websocket server: the message size (a frame header claiming a huge size is
// refused with close code 1009 before anything is allocated for it) and the number of
// connections (one more gets HTTP 503 naming the limit). Each time the server goes on.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "transport/websocket_client.h"
#include "tests/transport/raw_websocket.h"
#include "tests/transport/test_servers.h"

using namespace std::chrono_literals;
using sc2::test::RawFrame;
using sc2::test::RawWebSocket;

namespace {

// A masked client frame header claiming `claimed` payload bytes (none follow).
std::string frame_header(std::uint8_t first_byte, std::uint64_t claimed) {
  std::string out(1, static_cast<char>(first_byte));
  out += static_cast<char>(0x80 | 127);  // masked, 64-bit length
  for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((claimed >> shift) & 0xff);
  out += std::string("\x11\x22\x33\x44", 4);  // mask key
  return out;
}

int close_code(const RawFrame& frame) {
  if (frame.payload.size() < 2) return -1;
  return (static_cast<std::uint8_t>(frame.payload[0]) << 8) | static_cast<std::uint8_t>(frame.payload[1]);
}

std::unique_ptr<sc2::net::WebSocketServer> start_echo_server(sc2::net::ServerLimits limits) {
  sc2::net::ServerHandlers handlers;
  handlers.on_message = [](sc2::net::ConnectionId, std::string_view message) {
    return sc2::net::Reply{std::string(message)};
  };
  auto server = std::make_unique<sc2::net::WebSocketServer>("127.0.0.1", 0, std::move(handlers), "/sc2api", limits);
  server->start();
  return server;
}

void check_echo(std::uint16_t port) {
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", port, 5s);
  client.send("still here", 5s);
  CHECK(client.receive(5s) == "still here");
}

std::string connect_error(std::uint16_t port) {
  sc2::net::WebSocketClient client;
  try {
    client.connect("127.0.0.1", port, 5s);
  } catch (const sc2::net::TransportError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a frame header claiming a terabyte ends that connection with close code 1009 and the server goes on") {
  auto server = sc2::test::start_echo_server();  // the default limit (128 MiB)
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  // Were the claimed size allocated, this would throw bad_alloc or exhaust memory.
  raw.send_raw(frame_header(RawWebSocket::kFin | RawWebSocket::kBinary, std::uint64_t{1} << 40));
  const RawFrame reply = raw.read_frame();
  CHECK(reply.opcode() == RawWebSocket::kClose);
  CHECK(close_code(reply) == 1009);  // message too big
  check_echo(server->port());
}

TEST_CASE("a message over the server's limit, in several frames, is refused the same way") {
  sc2::net::ServerLimits limits;
  limits.max_message_bytes = 1000;
  auto server = start_echo_server(limits);
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  raw.send_raw(RawWebSocket::frame(RawWebSocket::kBinary, std::string(600, 'a')));             // not final
  raw.send_raw(RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kContinuation, std::string(600, 'b')));
  const RawFrame reply = raw.read_frame();
  CHECK(reply.opcode() == RawWebSocket::kClose);
  CHECK(close_code(reply) == 1009);
  check_echo(server->port());  // a message within the limit still works
}

TEST_CASE("our client sending over the server's limit gets an error naming the size limit") {
  sc2::net::ServerLimits limits;
  limits.max_message_bytes = 1000;
  auto server = start_echo_server(limits);
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 5s);
  client.send(std::string(5000, 'x'), 5s);
  std::string error;
  try {
    client.receive(5s);
  } catch (const sc2::net::TransportError& e) {
    error = e.what();
  }
  INFO(error);
  CHECK(error.find("1009") != std::string::npos);
  CHECK(error.find("size limit") != std::string::npos);
}

TEST_CASE("a message of several read pieces (over 1 MiB, under the limit) arrives whole") {
  sc2::net::ServerLimits limits;
  limits.max_message_bytes = 8u << 20;
  auto server = start_echo_server(limits);
  std::string big(5u << 20, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 31 % 251);
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 5s);
  client.send(big, 10s);
  CHECK(client.receive(10s) == big);
}

TEST_CASE("one connection over the limit gets HTTP 503 naming the limit, and a slot that frees is taken again") {
  sc2::net::ServerLimits limits;
  limits.max_connections = 2;
  auto server = start_echo_server(limits);
  auto first = std::make_unique<sc2::net::WebSocketClient>();
  sc2::net::WebSocketClient second;
  first->connect("127.0.0.1", server->port(), 5s);
  second.connect("127.0.0.1", server->port(), 5s);

  const std::string refused = connect_error(server->port());
  INFO(refused);
  CHECK(refused.find("503") != std::string::npos);
  CHECK(refused.find("at most 2") != std::string::npos);

  // The ones in still work; once one leaves, a newcomer gets in (the server notices the
  // close on its own thread, so the newcomer may need a few tries).
  second.send("in", 5s);
  CHECK(second.receive(5s) == "in");
  first.reset();
  std::string last_error = "never tried";
  bool connected = false;
  for (int attempt = 0; attempt < 100 && !connected; ++attempt) {
    last_error = connect_error(server->port());
    connected = last_error.empty();
    if (!connected) std::this_thread::sleep_for(50ms);
  }
  INFO(last_error);
  CHECK(connected);
}

TEST_CASE("a flood of connections beyond the limit is refused without harming the ones in") {
  sc2::net::ServerLimits limits;
  limits.max_connections = 1;
  auto server = start_echo_server(limits);
  sc2::net::WebSocketClient inside;
  inside.connect("127.0.0.1", server->port(), 5s);
  std::vector<std::unique_ptr<RawWebSocket>> flood;
  for (int i = 0; i < 100; ++i) flood.push_back(std::make_unique<RawWebSocket>(server->port()));
  inside.send("fine", 5s);
  CHECK(inside.receive(5s) == "fine");
  // Each of the flood is answered (503) or closed, never served.
  const std::string answer = flood.front()->handshake();
  CHECK(answer.rfind("HTTP/1.1 503", 0) == 0);
}
