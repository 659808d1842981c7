// Requests a client sent ahead (pipelined) are answered together (transport/reply_buffer.h):
// every reply still comes back, in order, one binary frame each, whatever the sizes, the
// count (more than one write holds) or the frame type; a failing or closing request ends
// the batch with the replies before it delivered.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/transport/raw_websocket.h"
#include "tests/transport/test_servers.h"
#include "transport/reply_buffer.h"
#include "transport/websocket_client.h"

using sc2::test::RawFrame;
using sc2::test::RawWebSocket;

namespace {

constexpr std::uint8_t kBinaryReply = RawWebSocket::kFin | RawWebSocket::kBinary;

// A reply whose size depends on the request (small, 16-bit and 64-bit frame lengths).
std::string reply_to(std::string_view request) {
  const std::size_t size = request.size() % 3 == 0 ? 5 : (request.size() % 3 == 1 ? 300 : 70000);
  return std::string(request) + std::string(size, static_cast<char>('a' + request.size() % 26));
}

std::string request_number(int i) { return "request " + std::string(static_cast<std::size_t>(i), '.'); }

}  // namespace

TEST_CASE("pipelined requests sent in one piece get every reply, in order, as binary frames") {
  auto server = sc2::test::start_server(
      {[](sc2::net::ConnectionId, std::string_view message) { return sc2::net::Reply{reply_to(message)}; }, {}});
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  // 40 requests, more than one batch holds; text and binary frames mixed (PySC2 sends text).
  std::string all;
  for (int i = 0; i < 40; ++i) {
    const std::uint8_t opcode = i % 2 == 0 ? RawWebSocket::kText : RawWebSocket::kBinary;
    all += RawWebSocket::frame(RawWebSocket::kFin | opcode, request_number(i));
  }
  raw.send_raw(all);
  for (int i = 0; i < 40; ++i) {
    CAPTURE(i);
    const RawFrame reply = raw.read_frame();
    CHECK(reply.first_byte == kBinaryReply);
    CHECK(reply.payload == reply_to(request_number(i)));
  }
}

TEST_CASE("pipelined requests with on_message_into: each reply keeps its own bytes") {
  auto server = sc2::test::start_server(
      {{}, {}, [](sc2::net::ConnectionId, std::string_view message, std::string& reply) {
         reply.assign(reply_to(message));
         return false;
       }});
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  for (int round = 0; round < 3; ++round) {  // slots reused with other sizes
    std::string all;
    for (int i = 0; i < 5; ++i) all += RawWebSocket::frame(kBinaryReply, request_number(round + i));
    raw.send_raw(all);
    for (int i = 0; i < 5; ++i) CHECK(raw.read_frame().payload == reply_to(request_number(round + i)));
  }
}

TEST_CASE("a pipelined request whose handler fails: the replies before it arrive, then the close") {
  auto server = sc2::test::start_server({[](sc2::net::ConnectionId, std::string_view message) {
                                           if (message == "fail") throw std::runtime_error("handler failed");
                                           return sc2::net::Reply{std::string(message)};
                                         },
                                         {}});
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  raw.send_raw(RawWebSocket::frame(kBinaryReply, "one") + RawWebSocket::frame(kBinaryReply, "two") +
               RawWebSocket::frame(kBinaryReply, "fail") + RawWebSocket::frame(kBinaryReply, "never"));
  CHECK(raw.read_frame().payload == "one");
  CHECK(raw.read_frame().payload == "two");
  const RawFrame close = raw.read_frame();
  CHECK(close.opcode() == RawWebSocket::kClose);
}

TEST_CASE("a pipelined request that closes the connection: its reply is the last one sent") {
  std::atomic<int> handled{0};
  auto server = sc2::test::start_server({[&](sc2::net::ConnectionId, std::string_view message) {
                                           ++handled;
                                           return sc2::net::Reply{std::string(message), message == "quit"};
                                         },
                                         {}});
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  raw.send_raw(RawWebSocket::frame(kBinaryReply, "first") + RawWebSocket::frame(kBinaryReply, "quit") +
               RawWebSocket::frame(kBinaryReply, "after"));
  CHECK(raw.read_frame().payload == "first");
  CHECK(raw.read_frame().payload == "quit");
  CHECK(raw.read_frame().opcode() == RawWebSocket::kClose);
  CHECK(handled == 2);  // the request after the closing one is never handled
}

TEST_CASE("reply frame headers: the three length forms, unmasked, FIN and binary") {
  std::uint8_t header[sc2::net::ReplyBuffer::kMaxHeaderBytes] = {};
  CHECK(sc2::net::ReplyBuffer::write_header(125, header) == 2);
  CHECK(header[0] == 0x82);
  CHECK(header[1] == 125);
  CHECK(sc2::net::ReplyBuffer::write_header(126, header) == 4);
  CHECK((header[1] == 126 && header[2] == 0 && header[3] == 126));
  CHECK(sc2::net::ReplyBuffer::write_header(65535, header) == 4);
  CHECK((header[2] == 0xff && header[3] == 0xff));
  CHECK(sc2::net::ReplyBuffer::write_header(65536, header) == 10);
  CHECK(header[1] == 127);
  const std::vector<std::uint8_t> length(header + 2, header + 10);
  CHECK(length == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 1, 0, 0});
}

TEST_CASE("the client's send_all: every message arrives whole and in order, the replies read one by one") {
  auto server = sc2::test::start_echo_server();
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", server->port(), std::chrono::seconds(5));
  std::string all_bytes;
  for (int i = 0; i < 256; ++i) all_bytes += static_cast<char>(i);
  // Empty, 7-bit, 16-bit and 64-bit lengths; every byte value (the masking covers each).
  const std::vector<std::string> messages = {"", all_bytes, std::string(300, '\x7f') + all_bytes,
                                             std::string(70000, '\x81') + all_bytes, "last"};
  for (int round = 0; round < 2; ++round) {
    client.send_all(messages, std::chrono::seconds(5));
    for (const std::string& message : messages) CHECK(client.receive(std::chrono::seconds(5)) == message);
  }
  client.close();
  CHECK_THROWS_AS(client.send_all(messages, std::chrono::seconds(1)), sc2::net::TransportError);
}
