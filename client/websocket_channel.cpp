#include "client/websocket_channel.h"

#include <algorithm>
#include <span>
#include <utility>

namespace sc2 {

WebSocketChannel::WebSocketChannel(std::unique_ptr<net::WebSocketClient> connected_client)
    : client_(std::move(connected_client)) {}

WebSocketChannel::~WebSocketChannel() { close(); }

namespace {
constexpr std::size_t kMaxHeld = 16;  // more waiting requests are sent at once
}  // namespace

void WebSocketChannel::send(std::string_view bytes, std::chrono::milliseconds timeout) {
  if (held_count_ == held_.size()) held_.emplace_back();
  held_[held_count_++].assign(bytes);
  held_timeout_ = held_count_ == 1 ? timeout : std::min(held_timeout_, timeout);
  if (held_count_ >= kMaxHeld) flush();
}

void WebSocketChannel::flush() {
  if (held_count_ == 0) return;
  const std::size_t count = std::exchange(held_count_, 0);
  client_->send_all(std::span<const std::string>(held_.data(), count), held_timeout_);
}

std::string WebSocketChannel::receive(std::chrono::milliseconds timeout) {
  flush();
  return client_->receive(timeout);
}

void WebSocketChannel::receive_into(std::string& out, std::chrono::milliseconds timeout) {
  flush();
  client_->receive_into(out, timeout);
}

std::string_view WebSocketChannel::receive_view(std::chrono::milliseconds timeout) {
  flush();
  return client_->receive_view(timeout);
}

void WebSocketChannel::close() noexcept {
  if (!client_) return;
  try {
    flush();  // e.g. a quit whose reply nobody waits for
  } catch (...) {
  }
  client_->close();
}

}  // namespace sc2
