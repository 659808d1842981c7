// Half-written frames, both ways. Server side: a client that sends half a frame and stalls
// holds only its own connection (others are served), and one that then disconnects is
// closed and reported. Client side: a server that sends half a reply and stalls makes the
// receive time out; one that then dies, or claims a huge frame, makes it fail clearly.
#define BOOST_BEAST_USE_STD_STRING_VIEW  // as sc2transport is built
#include <doctest/doctest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "transport/websocket_client.h"
#include "tests/transport/raw_websocket.h"
#include "tests/transport/test_servers.h"

using namespace std::chrono_literals;
using sc2::test::RawWebSocket;

namespace {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;
using tcp = asio::ip::tcp;

// A server that accepts one websocket client, reads its first message, then writes `raw`
// bytes straight onto the TCP stream (not a well-formed reply) and does `after` with the
// socket (stall, drain, or return at once: then the socket closes).
class RawReplyServer {
 public:
  RawReplyServer(std::string raw, std::function<void(tcp::socket&)> after)
      : acceptor_(ioc_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    thread_ = std::thread([this, raw = std::move(raw), after = std::move(after)] {
      try {
        websocket::stream<tcp::socket> ws(acceptor_.accept());
        ws.accept();
        boost::beast::flat_buffer request;
        ws.read(request);
        asio::write(ws.next_layer(), asio::buffer(raw));
        after(ws.next_layer());
      } catch (const std::exception&) {
      }
    });
  }
  ~RawReplyServer() { thread_.join(); }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

 private:
  asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::thread thread_;
};

// An unmasked server frame header (binary, final) claiming `claimed` bytes.
std::string server_frame_header(std::uint64_t claimed) {
  std::string out("\x82\x7f", 2);
  for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((claimed >> shift) & 0xff);
  return out;
}

std::string receive_error(std::uint16_t port, std::chrono::milliseconds timeout) {
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", port, 5s);
  client.send("request", 5s);
  try {
    client.receive(timeout);
  } catch (const sc2::net::TransportError& error) {
    CHECK_FALSE(client.is_open());
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("server: half a frame then a stall holds only that connection, others are served") {
  auto server = sc2::test::start_echo_server();
  RawWebSocket stalled(server->port());
  REQUIRE(stalled.handshake().rfind("HTTP/1.1 101", 0) == 0);
  const std::string frame = RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kBinary, std::string(1000, 'h'));
  stalled.send_raw(frame.substr(0, frame.size() / 2));

  sc2::net::WebSocketClient other;
  other.connect("127.0.0.1", server->port(), 5s);
  other.send("served", 5s);
  CHECK(other.receive(5s) == "served");

  // The stalled one finishes its frame later and gets its answer: nothing was lost.
  stalled.send_raw(frame.substr(frame.size() / 2));
  CHECK(stalled.read_frame().payload == std::string(1000, 'h'));
}

TEST_CASE("server: half a frame then a disconnect closes that connection and calls on_close") {
  std::atomic<int> closed{0};
  sc2::test::Gate closed_gate;
  sc2::net::ServerHandlers handlers;
  handlers.on_message = [](sc2::net::ConnectionId, std::string_view message) {
    return sc2::net::Reply{std::string(message)};
  };
  handlers.on_close = [&](sc2::net::ConnectionId) {
    ++closed;
    closed_gate.open();
  };
  auto server = sc2::test::start_server(std::move(handlers));
  {
    RawWebSocket gone(server->port());
    REQUIRE(gone.handshake().rfind("HTTP/1.1 101", 0) == 0);
    const std::string frame = RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kBinary, std::string(500, 'g'));
    gone.send_raw(frame.substr(0, 7));  // inside the header
  }  // closed without a close frame
  CHECK(closed_gate.wait_for(10s));
  CHECK(closed == 1);
  sc2::net::WebSocketClient next;
  next.connect("127.0.0.1", server->port(), 5s);
  next.send("next", 5s);
  CHECK(next.receive(5s) == "next");
}

TEST_CASE("client: half a reply then a stall times out with a clear message") {
  sc2::test::Gate release;
  RawReplyServer server(server_frame_header(1000) + std::string(400, 'r'), [&](tcp::socket&) { release.wait_for(10s); });
  const std::string error = receive_error(server.port(), 300ms);
  release.open();
  INFO(error);
  CHECK(error.find("timed out") != std::string::npos);
}

TEST_CASE("client: half a reply then the server dies fails at once, not at the timeout") {
  RawReplyServer server(server_frame_header(1000) + std::string(400, 'r'), [](tcp::socket&) {});  // returns: the socket closes
  const auto start = std::chrono::steady_clock::now();
  const std::string error = receive_error(server.port(), 30s);
  CHECK(sc2::test::seconds_since(start) < 10.0);  // the close ends it, not the 30 s timeout
  INFO(error);
  CHECK(error.find("receive failed") != std::string::npos);
  CHECK(error.find("timed out") == std::string::npos);
}

TEST_CASE("client: a reply frame claiming a terabyte is refused as too big, nothing allocated for it") {
  // The server takes our close frame and closes, as a live server would.
  RawReplyServer server(server_frame_header(std::uint64_t{1} << 40), [](tcp::socket& socket) {
    char sink[256];
    boost::system::error_code ec;
    socket.read_some(asio::buffer(sink), ec);
  });
  const std::string error = receive_error(server.port(), 5s);
  INFO(error);
  CHECK(error.find("too big") != std::string::npos);
}
