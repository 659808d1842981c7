#include "engine/server/engine_host.h"

#include "client/transport/websocket_server.h"

namespace sc2::engine {

EngineHost::EngineHost(std::string host, std::uint16_t port, ServerOptions options)
    : server_(std::move(options)) {
  net::ServerHandlers handlers;
  handlers.on_message = [this](net::ConnectionId, std::string_view message) {
    net::Reply reply;
    reply.bytes = server_.handle_bytes(message);
    reply.close_after = server_.quit_requested();
    return reply;
  };
  // The quit reply went out and its connection closed: the host's job is done.
  handlers.on_close = [this](net::ConnectionId) {
    if (server_.quit_requested()) socket_->stop();
  };
  socket_ = std::make_unique<net::WebSocketServer>(host, port, std::move(handlers));
}

EngineHost::~EngineHost() { stop(); }

std::uint16_t EngineHost::port() const { return socket_->port(); }
void EngineHost::start() { socket_->start(); }
void EngineHost::wait() { socket_->wait(); }
void EngineHost::stop() {
  if (socket_) socket_->stop();
}

}  // namespace sc2::engine
