#include "engine/server/engine_host.h"

#include "transport/websocket_server.h"

namespace sc2::engine {

namespace {

// A step held to the game's pace asks whether its connection is still there.
ServerOptions with_connection_probe(ServerOptions options, std::unique_ptr<net::WebSocketServer>& socket) {
  options.connection_open = [&socket](std::uint64_t connection) {
    return socket && socket->peer_connected(connection);
  };
  return options;
}

}  // namespace

EngineHost::EngineHost(std::string host, std::uint16_t port, ServerOptions options)
    : server_(with_connection_probe(std::move(options), socket_)) {
  net::ServerHandlers handlers;
  // Each websocket connection is its own GameServer connection (player or observer).
  // Replies are written into the connection's reused buffer (no allocation per observation).
  handlers.on_message_into = [this](net::ConnectionId connection, std::string_view message, std::string& reply) {
    server_.handle_bytes_into(message, reply, connection);
    return server_.quit_requested() || server_.should_close(connection);
  };
  // The quit reply went out and its connection closed: the host's job is done. An
  // observer's connection closing only forgets that observer.
  handlers.on_close = [this](net::ConnectionId connection) {
    server_.connection_closed(connection);
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
