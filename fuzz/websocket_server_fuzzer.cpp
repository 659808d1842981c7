// Fuzz target: raw bytes from a client into the websocket server (transport), as
// sc2lite serves it: each message goes to a GameServer of its own connection.
// Input: what a client writes on the TCP connection: the HTTP upgrade request and then
// websocket frames. When byte 0 is 0x00, a valid upgrade request is sent first and the
// rest are frames (so mutations explore the frames rather than the handshake).
// One server is kept between inputs; each input is one new connection over 127.0.0.1.
// The client writes everything, half-closes, and reads until the server closes.
// Oracle: no crash, and the server closes the connection within kCloseDeadline of the
// client's end of stream (else abort: a connection that never ends is a hang).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "transport/websocket_server.h"
#include "engine/server/game_server.h"

namespace {

constexpr auto kCloseDeadline = std::chrono::seconds(4);
constexpr std::string_view kUpgrade =
    "GET /sc2api HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: c2MybGl0ZS1mdXp6LWtleQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

class FuzzedServer {
 public:
  FuzzedServer() {
    sc2::net::ServerHandlers handlers;
    handlers.on_message = [this](sc2::net::ConnectionId id, std::string_view message) {
      sc2::engine::GameServer& game = game_of(id);
      sc2::net::Reply reply{game.handle_bytes(message, id), false};
      reply.close_after = game.quit_requested() || game.should_close(id);
      return reply;
    };
    handlers.on_close = [this](sc2::net::ConnectionId id) {
      std::lock_guard lock(mutex_);
      games_.erase(id);
    };
    server_ = std::make_unique<sc2::net::WebSocketServer>("127.0.0.1", 0, std::move(handlers));
    server_->start();
  }
  std::uint16_t port() const { return server_->port(); }

 private:
  sc2::engine::GameServer& game_of(sc2::net::ConnectionId id) {
    std::lock_guard lock(mutex_);
    auto& game = games_[id];
    if (!game) game = std::make_unique<sc2::engine::GameServer>();
    return *game;
  }

  std::mutex mutex_;
  std::map<sc2::net::ConnectionId, std::unique_ptr<sc2::engine::GameServer>> games_;
  std::unique_ptr<sc2::net::WebSocketServer> server_;
};

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "websocket_server fuzzer: %s\n", what);
  std::abort();
}

// Writes `bytes`, half-closes, reads (and drops) until the server closes; both at once,
// so neither side can block the other on a full socket buffer.
void talk(std::uint16_t port, std::string_view bytes) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (fd < 0) fail("socket() failed");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 && errno != EINPROGRESS) {
    fail("connect() failed");
  }
  std::size_t sent = 0;
  bool write_open = true;
  const auto deadline = std::chrono::steady_clock::now() + kCloseDeadline;
  char buffer[65536];
  for (;;) {
    if (write_open && sent == bytes.size()) {
      ::shutdown(fd, SHUT_WR);
      write_open = false;
    }
    pollfd p{fd, static_cast<short>(POLLIN | (write_open ? POLLOUT : 0)), 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) fail("the server did not close the connection after the client's end of stream");
    if (::poll(&p, 1, static_cast<int>(left.count())) < 0) continue;
    if (p.revents & POLLIN) {
      const auto n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n == 0) break;                                       // the server closed
      if (n < 0 && errno != EAGAIN && errno != EINTR) break;  // reset by the server: closed too
    }
    if (write_open && (p.revents & POLLOUT)) {
      const auto n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (n > 0) sent += static_cast<std::size_t>(n);
      else if (n < 0 && errno != EAGAIN && errno != EINTR) write_open = false;  // the server stopped reading
    }
    if ((p.revents & (POLLERR | POLLHUP)) && !(p.revents & POLLIN)) break;
  }
  ::close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static FuzzedServer server;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  if (!bytes.empty() && bytes[0] == '\0') bytes.replace(0, 1, kUpgrade);
  talk(server.port(), bytes);
  return 0;
}
