#pragma once
// Blocking websocket client for the SC2 API: one binary frame out, one frame back.
// Boost.Beast stays inside websocket_client.cpp; this header is cheap to include.
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sc2::net {

// Any failure of the connection: refused, timed out, closed by the peer, bad handshake.
class TransportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class WebSocketClient {
 public:
  WebSocketClient();
  ~WebSocketClient();
  WebSocketClient(const WebSocketClient&) = delete;
  WebSocketClient& operator=(const WebSocketClient&) = delete;

  // Connects to ws://host:port/path (TCP_NODELAY on). Throws TransportError on
  // refusal, handshake failure or when `timeout` passes.
  void connect(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout,
               const std::string& path = "/sc2api");

  // Sends one binary frame. Throws TransportError when not connected or the send fails.
  void send(std::string_view bytes, std::chrono::milliseconds timeout);
  // Sends each message as one binary frame, all in one write (frames built here, masked as a
  // client's must be): requests sent ahead of their replies reach the server together, so it
  // wakes once and can answer them together. Throws as send() does.
  void send_all(std::span<const std::string> messages, std::chrono::milliseconds timeout);

  // Waits for the next message (text or binary frame, returned as raw bytes). Throws
  // TransportError on timeout, on a close from the peer or when the peer dies.
  std::string receive(std::chrono::milliseconds timeout);
  // The same into `out` (replaced), reusing its capacity: no allocation and no fresh
  // pages per message when the caller keeps one buffer for its replies.
  void receive_into(std::string& out, std::chrono::milliseconds timeout);
  // The same without a copy: a view of the client's own buffer (reused for every message,
  // never zero-filled), valid until the next receive or close. The fastest way to read.
  std::string_view receive_view(std::chrono::milliseconds timeout);

  // Sends a close frame if still open; never throws.
  void close() noexcept;
  // From any thread: ends a send or receive in progress on the owner's thread (it throws
  // TransportError) by shutting the connection down. Only close() is of use afterwards.
  void interrupt() noexcept;
  bool is_open() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sc2::net
