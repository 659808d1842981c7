#pragma once
// A RequestChannel for client tests that hands every request to an in-process GameServer (our
// engine, the same bytes as over the websocket). Every join request is kept; `tamper` may
// rewrite a response (a game that echoes something else).
#include <doctest/doctest.h>

#include <chrono>
#include <deque>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "client/controller.h"
#include "engine/server/game_server.h"

namespace sc2::test {

class EngineChannel final : public sc2::RequestChannel {
 public:
  std::function<void(SC2APIProtocol::Response&)> tamper;
  SC2APIProtocol::RequestJoinGame last_join;

  void send(std::string_view bytes, std::chrono::milliseconds) override {
    SC2APIProtocol::Request request;
    REQUIRE(request.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
    if (request.has_join_game()) last_join = request.join_game();
    std::string answer = server_.handle_bytes(bytes);
    if (tamper) {
      SC2APIProtocol::Response response;
      REQUIRE(response.ParseFromString(answer));
      tamper(response);
      answer = response.SerializeAsString();
    }
    pending_.push_back(std::move(answer));
  }
  std::string receive(std::chrono::milliseconds) override {
    if (pending_.empty()) throw std::runtime_error("engine channel: nothing to receive");
    std::string bytes = std::move(pending_.front());
    pending_.pop_front();
    return bytes;
  }
  void close() noexcept override {}

 private:
  sc2::engine::GameServer server_;
  std::deque<std::string> pending_;
};

}  // namespace sc2::test
