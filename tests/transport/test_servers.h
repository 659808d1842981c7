#pragma once
// Servers and small sync helpers shared by the transport tests.
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "transport/websocket_server.h"

namespace sc2::test {

// A one-shot gate: handlers wait on it so a test decides when (or whether) they answer.
class Gate {
 public:
  void open() {
    {
      std::lock_guard lock(mutex_);
      open_ = true;
    }
    cv_.notify_all();
  }
  bool wait_for(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, timeout, [this] { return open_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool open_ = false;
};

inline std::unique_ptr<net::WebSocketServer> start_server(net::ServerHandlers handlers) {
  auto server = std::make_unique<net::WebSocketServer>("127.0.0.1", 0, std::move(handlers));
  server->start();
  return server;
}

// Answers every message with the same bytes.
inline std::unique_ptr<net::WebSocketServer> start_echo_server() {
  return start_server({[](net::ConnectionId, std::string_view message) {
                         return net::Reply{std::string(message)};
                       },
                       {}});
}

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace sc2::test
