#pragma once
// A RequestChannel that hands each Request straight to an in-process GameServer:
// the same Controller/Env code path as over the websocket, minus the socket.
#include <chrono>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "client/controller.h"
#include "engine/server/game_server.h"

namespace sc2::bench {

class InProcessChannel final : public RequestChannel {
 public:
  explicit InProcessChannel(engine::ServerOptions options = {})
      : server_(std::make_unique<engine::GameServer>(std::move(options))) {}

  void send(std::string_view bytes, std::chrono::milliseconds) override {
    pending_.push_back(server_->handle_bytes(bytes));
  }
  std::string receive(std::chrono::milliseconds) override {
    if (pending_.empty()) throw std::runtime_error("in-process channel: receive() without a pending response");
    std::string response = std::move(pending_.front());
    pending_.pop_front();
    return response;
  }
  void close() noexcept override {}

 private:
  std::unique_ptr<engine::GameServer> server_;
  std::deque<std::string> pending_;
};

}  // namespace sc2::bench
