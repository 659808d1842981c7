#pragma once
// The normal RequestChannel: a websocket to a game (real StarCraft II or sc2lite).
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "client/controller.h"
#include "transport/websocket_client.h"

namespace sc2 {

class WebSocketChannel : public RequestChannel {
 public:
  // Takes a client that is already connected.
  explicit WebSocketChannel(std::unique_ptr<net::WebSocketClient> connected_client);
  ~WebSocketChannel() override;

  void send(std::string_view bytes, std::chrono::milliseconds timeout) override;
  std::string receive(std::chrono::milliseconds timeout) override;
  void receive_into(std::string& out, std::chrono::milliseconds timeout) override;
  std::string_view receive_view(std::chrono::milliseconds timeout) override;
  void close() noexcept override;

 private:
  std::unique_ptr<net::WebSocketClient> client_;
};

}  // namespace sc2
