#pragma once
// A RequestChannel that hands each Request straight to an in-process GameServer: the same
// Controller/Env code path as over the websocket, minus the socket. sc2train's in-process games
// (environments.cpp) and the benchmarks in bench/ play through it. Header-only (client and
// engine only), so the benchmarks use it also in builds without learning/.
#include <chrono>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "client/controller.h"
#include "engine/server/game_server.h"

namespace sc2::learning {

class InProcessChannel final : public RequestChannel {
 public:
  explicit InProcessChannel(engine::ServerOptions options = {})
      : own_server_(std::make_unique<engine::GameServer>(std::move(options))), server_(own_server_.get()) {}
  // Plays on a server owned elsewhere (an EngineHost serving it to observers at the same
  // time; GameServer is thread-safe), as its default connection 0. `shared` must outlive this.
  explicit InProcessChannel(engine::GameServer& shared) : server_(&shared) {}

  // Each reply is written into a reused string (as EngineHost does per connection): no
  // allocation per observation. Several may be pending (the Controller pipelines).
  void send(std::string_view bytes, std::chrono::milliseconds) override {
    std::string reply;
    if (!spare_.empty()) {
      reply = std::move(spare_.back());
      spare_.pop_back();
    }
    server_->handle_bytes_into(bytes, reply);
    pending_.push_back(std::move(reply));
  }
  std::string receive(std::chrono::milliseconds timeout) override { return std::string(receive_view(timeout)); }
  std::string_view receive_view(std::chrono::milliseconds) override {
    if (pending_.empty()) throw std::runtime_error("in-process channel: receive() without a pending response");
    spare_.push_back(std::move(current_));  // the previous view ends here
    current_ = std::move(pending_.front());
    pending_.pop_front();
    return current_;
  }
  void close() noexcept override {}

  // The Controller hands its Requests over and takes the Responses as they are: no bytes.
  bool passes_messages() const noexcept override { return true; }
  void send_message(SC2APIProtocol::Request&& request, std::chrono::milliseconds) override {
    SC2APIProtocol::Response reply;
    if (!spare_responses_.empty()) {
      reply.Swap(&spare_responses_.back());  // a spent observation in it is reused by the server
      spare_responses_.pop_back();
    }
    server_->handle_into(request, reply);
    pending_responses_.push_back(std::move(reply));
  }
  void receive_message(SC2APIProtocol::Response& reply, std::chrono::milliseconds) override {
    if (pending_responses_.empty())
      throw std::runtime_error("in-process channel: receive() without a pending response");
    // Taken off the queue before anything may throw: a failure cannot leave a stale reply in it.
    SC2APIProtocol::Response next = std::move(pending_responses_.front());
    pending_responses_.pop_front();
    reply.Swap(&next);
    spare_responses_.push_back(std::move(next));  // what `reply` held, for a later reply
  }

 private:
  std::unique_ptr<engine::GameServer> own_server_;  // empty when shared
  engine::GameServer* server_;
  std::deque<std::string> pending_;
  std::vector<std::string> spare_;  // replies already read, their capacity kept
  std::string current_;             // the reply the last receive_view shows
  std::deque<SC2APIProtocol::Response> pending_responses_;  // send_message's replies, in order
  std::vector<SC2APIProtocol::Response> spare_responses_;   // replies the Controller gave back
};

}  // namespace sc2::learning
