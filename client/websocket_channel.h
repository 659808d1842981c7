#pragma once
// The normal RequestChannel: a websocket to a game (real StarCraft II or sc2lite).
// Requests sent one after another without a reply read in between (the Controller sends an
// agent step's action, step and observation at once) are held and go out together, in one
// write, when the first reply is read (or the channel closes): the game then finds them all
// waiting and can answer them together (transport/README.md, pipelined requests). A failed
// send is therefore reported by that receive.
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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
  // Sends the held requests (one write); throws as the client's send does.
  void flush();

  std::unique_ptr<net::WebSocketClient> client_;
  std::vector<std::string> held_;  // held_[0, held_count_) wait to be sent; strings reused
  std::size_t held_count_ = 0;
  std::chrono::milliseconds held_timeout_{0};  // the shortest of theirs
};

}  // namespace sc2
