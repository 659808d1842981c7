// What PySC2 sends: protobuf bytes in masked TEXT frames. The server must take them as
// raw bytes (no UTF-8 check) and always answer in BINARY frames.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "tests/transport/raw_websocket.h"
#include "tests/transport/test_servers.h"

using namespace std::chrono_literals;
using sc2::test::RawFrame;
using sc2::test::RawWebSocket;

namespace {

const std::string kNotUtf8("\x08\xff\xfe\x80\x00", 5);
constexpr std::uint8_t kBinaryReply = RawWebSocket::kFin | RawWebSocket::kBinary;

std::string pattern(std::size_t size) {
  std::string bytes(size, '\0');
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>(0x80 + (i * 7) % 128);
  return bytes;
}

}  // namespace

TEST_CASE("a text frame with bytes that are not UTF-8 gets a normal binary reply") {
  auto server = sc2::test::start_echo_server();
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  raw.send_raw(RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kText, kNotUtf8));
  const RawFrame reply = raw.read_frame();
  CHECK(reply.first_byte == kBinaryReply);
  CHECK(reply.payload == kNotUtf8);
}

TEST_CASE("a fragmented text message (text + continuation) is one message") {
  auto server = sc2::test::start_echo_server();
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  raw.send_raw(RawWebSocket::frame(RawWebSocket::kText, kNotUtf8));  // FIN clear
  SUBCASE("fragments only") {
    raw.send_raw(RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kContinuation, "\xc3"));
  }
  SUBCASE("a ping between the fragments is answered first") {
    raw.send_raw(RawWebSocket::frame(RawWebSocket::kFin | 9, "p"));
    const RawFrame pong = raw.read_frame();
    CHECK(pong.first_byte == (RawWebSocket::kFin | 10));
    CHECK(pong.payload == "p");
    raw.send_raw(RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kContinuation, "\xc3"));
  }
  const RawFrame reply = raw.read_frame();
  CHECK(reply.first_byte == kBinaryReply);
  CHECK(reply.payload == kNotUtf8 + "\xc3");
}

TEST_CASE("text frames with 16- and 64-bit lengths, split anywhere, back to back") {
  auto server = sc2::test::start_echo_server();
  RawWebSocket raw(server->port());
  REQUIRE(raw.handshake().rfind("HTTP/1.1 101", 0) == 0);
  const std::string medium = pattern(300);     // 16-bit length
  const std::string large = pattern(200000);   // 64-bit length
  const std::string frames = RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kText, medium) +
                             RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kText, large) +
                             RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kText, kNotUtf8);
  SUBCASE("in one write") { raw.send_raw(frames); }
  SUBCASE("the headers one byte at a time") {
    // Small pauses so the server really sees the headers in pieces.
    const std::size_t second = 2 + 2 + 4 + medium.size();
    for (std::size_t i = 0; i < frames.size();) {
      const bool in_header = i < 8 || (i >= second && i < second + 14);
      const std::size_t size = in_header ? 1 : std::min<std::size_t>(frames.size() - i, 4096);
      raw.send_raw(std::string_view(frames).substr(i, size));
      if (in_header) std::this_thread::sleep_for(1ms);
      i += size;
    }
  }
  for (const std::string& expected : {medium, large, kNotUtf8}) {
    const RawFrame reply = raw.read_frame();
    CHECK(reply.first_byte == kBinaryReply);
    CHECK(reply.payload == expected);
  }
}

TEST_CASE("a request without the websocket upgrade is refused") {
  auto server = sc2::test::start_echo_server();
  RawWebSocket raw(server->port());
  raw.send_raw("GET /sc2api HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  CHECK(raw.read_until_eof().rfind("HTTP/1.1 426", 0) == 0);
}
