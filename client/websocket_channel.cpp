#include "client/websocket_channel.h"

#include <utility>

namespace sc2 {

WebSocketChannel::WebSocketChannel(std::unique_ptr<net::WebSocketClient> connected_client)
    : client_(std::move(connected_client)) {}

WebSocketChannel::~WebSocketChannel() { close(); }

void WebSocketChannel::send(std::string_view bytes, std::chrono::milliseconds timeout) {
  client_->send(bytes, timeout);
}

std::string WebSocketChannel::receive(std::chrono::milliseconds timeout) {
  return client_->receive(timeout);
}

void WebSocketChannel::receive_into(std::string& out, std::chrono::milliseconds timeout) {
  client_->receive_into(out, timeout);
}

std::string_view WebSocketChannel::receive_view(std::chrono::milliseconds timeout) {
  return client_->receive_view(timeout);
}

void WebSocketChannel::close() noexcept {
  if (client_) client_->close();
}

}  // namespace sc2
