#pragma once
// Websocket server for the SC2 API (what sc2lite listens with). Accepts text and
// binary frames alike as raw bytes, never validates UTF-8 (PySC2 sends protobuf in
// text frames), and answers in binary frames, one reply per message, in order.
// Boost.Beast stays inside websocket_server.cpp.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace sc2::net {

using ConnectionId = std::uint64_t;

struct Reply {
  std::string bytes;         // sent back as one binary frame
  bool close_after = false;  // close this connection once sent (e.g. after quit)
};

struct ServerHandlers {
  // Called on the connection's own thread for every message; must return the reply.
  std::function<Reply(ConnectionId, std::string_view message)> on_message;
  // Called once when a connection ends for any reason (may be empty).
  std::function<void(ConnectionId)> on_close;
  // Used instead of on_message when set: writes the reply into `reply` (the connection's own
  // buffer, replaced, reused for every message so a large reply allocates nothing) and
  // returns true to close the connection once the reply is sent.
  std::function<bool(ConnectionId, std::string_view message, std::string& reply)> on_message_into = {};
};

// What one server will take on at most; beyond it a client gets a clear refusal.
struct ServerLimits {
  // Open connections at once. One more gets HTTP 503 naming the limit (no thread is started
  // for it); it may retry once another connection ends.
  std::size_t max_connections = 32;
  // Largest message (all frames of it) accepted. A frame claiming more ends the connection
  // with close code 1009 (message too big) before any of it is read; memory grows only with
  // the bytes that really arrive, never with the size a header claims.
  std::size_t max_message_bytes = std::size_t{128} << 20;
};

class WebSocketServer {
 public:
  // Binds host:port now (port 0 = any free port, see port()). Throws std::runtime_error
  // when the address cannot be bound. Only the path `path` is upgraded; others get 404.
  WebSocketServer(const std::string& host, std::uint16_t port, ServerHandlers handlers,
                  std::string path = "/sc2api", ServerLimits limits = {});
  ~WebSocketServer();  // stops and joins every thread
  WebSocketServer(const WebSocketServer&) = delete;
  WebSocketServer& operator=(const WebSocketServer&) = delete;

  std::uint16_t port() const noexcept;

  // Accepts connections on a background thread; each connection gets its own thread.
  void start();
  // Blocks until stop() is called (from any thread, e.g. a handler after quit).
  void wait();
  // Closes the listener and every connection; safe to call more than once, from any thread.
  void stop() noexcept;

  // False once the peer of this connection has gone (closed or reset its socket, or sent a
  // close frame), or the connection ended. For a handler that holds its reply a long time:
  // it may ask now and then, from that connection's handler only. Looks without reading:
  // bytes the peer sent ahead (a pipelined request) are left for the connection.
  bool peer_connected(ConnectionId connection) const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sc2::net
