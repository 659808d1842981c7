#include "engine/server/engine_host.h"

#include <chrono>
#include <thread>

#include "transport/websocket_client.h"
#include "transport/websocket_server.h"

namespace sc2::engine {

namespace {

using namespace std::chrono_literals;

// Connections that came in on peer listener k, as the GameServer sees them: (k + 1) << 40 | c.
constexpr int kPeerShift = 40;
ConnectionId peer_connection(std::size_t listener, net::ConnectionId connection) {
  return (ConnectionId{listener + 1} << kPeerShift) | connection;
}
// A relayed request may wait long for the other player (lock-step); a dead host ends it at once.
constexpr auto kRelayWait = std::chrono::hours(24);
constexpr auto kRelaySend = 30s;

std::string error_reply(std::uint32_t id, const std::string& error, SC2APIProtocol::Status status) {
  SC2APIProtocol::Response response;
  response.set_id(id);
  response.add_error(error);
  response.set_status(status);
  return response.SerializeAsString();
}

}  // namespace

ServerOptions EngineHost::with_hooks(ServerOptions options) {
  options.connection_open = [this](std::uint64_t connection) { return connection_open(connection); };
  options.serve_peers = [this](const SC2APIProtocol::RequestJoinGame& join) { serve_peers(join); };
  options.join_remote = [this](std::uint64_t connection, const SC2APIProtocol::Request& join) {
    return join_remote(connection, join);
  };
  return options;
}

EngineHost::EngineHost(std::string host, std::uint16_t port, ServerOptions options)
    : listen_host_(host), options_(with_hooks(std::move(options))), server_(options_) {
  net::ServerHandlers handlers;
  // Each websocket connection is its own GameServer connection (player or observer).
  // Replies are written into the connection's reused buffer (no allocation per observation).
  handlers.on_message_into = [this](net::ConnectionId connection, std::string_view message, std::string& reply) {
    if (relay(connection, message, reply)) return false;
    server_.handle_bytes_into(message, reply, connection);
    return server_.quit_requested() || server_.should_close(connection);
  };
  // The quit reply went out and its connection closed: the host's job is done. An
  // observer's connection closing only forgets that observer.
  handlers.on_close = [this](net::ConnectionId connection) {
    drop_relay(connection);
    server_.connection_closed(connection);
    if (server_.quit_requested()) socket_->stop();
  };
  socket_ = std::make_unique<net::WebSocketServer>(host, port, std::move(handlers));
}

EngineHost::~EngineHost() {
  stop();
  std::vector<PeerListener> listeners;
  {
    std::lock_guard lock(peers_mutex_);
    listeners.swap(peer_listeners_);
  }
  listeners.clear();  // joins their threads, outside the lock (their handlers may ask it)
}

std::uint16_t EngineHost::port() const { return socket_->port(); }
void EngineHost::start() { socket_->start(); }
void EngineHost::wait() { socket_->wait(); }
void EngineHost::stop() {
  {
    // A relayed request waiting for the host's reply would hold its connection's thread.
    std::lock_guard lock(relays_mutex_);
    for (auto& [connection, link] : relays_) link->interrupt();
  }
  if (socket_) socket_->stop();
  std::lock_guard lock(peers_mutex_);
  for (auto& listener : peer_listeners_) listener.socket->stop();
}

bool EngineHost::connection_open(ConnectionId connection) const {
  if (const std::size_t listener = connection >> kPeerShift; listener > 0) {
    std::lock_guard lock(peers_mutex_);
    return listener <= peer_listeners_.size() &&
           peer_listeners_[listener - 1].socket->peer_connected(connection & ((ConnectionId{1} << kPeerShift) - 1));
  }
  return socket_ && socket_->peer_connected(connection);
}

// [ SECTION ] The host's side: the peer port

void EngineHost::serve_peers(const SC2APIProtocol::RequestJoinGame& join) {
  // Called under the GameServer's lock: nothing here may wait for a connection's handler.
  const auto port = static_cast<std::uint16_t>(join.server_ports().game_port());
  std::lock_guard lock(peers_mutex_);
  if (port == 0) return;
  for (const auto& listener : peer_listeners_) {
    if (listener.port == port) return;
  }
  const std::size_t index = peer_listeners_.size();
  net::ServerHandlers handlers;
  handlers.on_message_into = [this, index](net::ConnectionId connection, std::string_view message, std::string& reply) {
    server_.handle_bytes_into(message, reply, peer_connection(index, connection));
    return server_.should_close(peer_connection(index, connection));
  };
  handlers.on_close = [this, index](net::ConnectionId connection) {
    server_.connection_closed(peer_connection(index, connection));
  };
  try {
    auto socket = std::make_unique<net::WebSocketServer>(listen_host_, port, std::move(handlers));
    socket->start();
    peer_listeners_.push_back({port, std::move(socket)});
    if (options_.log) options_.log("serving the game to the other player's process on port " + std::to_string(port));
  } catch (const std::exception& e) {
    // The other process cannot reach us then; its join says so, ours times out.
    if (options_.log) options_.log("cannot listen on the join's game_port " + std::to_string(port) + ": " + e.what());
  }
}

// [ SECTION ] The other side: relaying a connection to the host

SC2APIProtocol::Response EngineHost::join_remote(ConnectionId connection, const SC2APIProtocol::Request& join) {
  const auto& r = join.join_game();
  const std::string host = r.host_ip().empty() ? "127.0.0.1" : r.host_ip();
  const auto port = static_cast<std::uint16_t>(r.server_ports().game_port());
  SC2APIProtocol::Response out;
  out.set_id(join.id());
  out.set_status(SC2APIProtocol::launched);
  const auto fail = [&](const std::string& details) {
    out.mutable_join_game()->set_error(SC2APIProtocol::ResponseJoinGame::OtherError);
    out.mutable_join_game()->set_error_details(details);
    if (options_.log) options_.log("join_game: " + details);
    return out;
  };
  if (port == 0) return fail("server_ports.game_port is 0: no game host to join");

  // The host opens the port when its own player joins, which may come a little later.
  auto link = std::make_shared<net::WebSocketClient>();
  const auto deadline = std::chrono::steady_clock::now() + options_.join_wait;
  std::string last_error;
  while (!link->is_open()) {
    try {
      link->connect(host, port, 2s);
    } catch (const net::TransportError& e) {
      last_error = e.what();
      if (std::chrono::steady_clock::now() >= deadline || !connection_open(connection)) {
        return fail("no sc2lite hosts a game at " + host + ":" + std::to_string(port) +
                    " (the join's server_ports.game_port): " + last_error +
                    ". Send create_game with two Participants to the other game process first, and give both "
                    "joins the same server_ports");
      }
      std::this_thread::sleep_for(100ms);
    }
  }
  try {
    link->send(join.SerializeAsString(), kRelaySend);
    const std::string answer = link->receive(kRelayWait);
    if (!out.ParseFromString(answer)) return fail("the game host at port " + std::to_string(port) + " sent a malformed reply");
  } catch (const net::TransportError& e) {
    return fail("the game host at " + host + ":" + std::to_string(port) + " went away during the join: " + e.what());
  }
  if (out.has_join_game() && !out.join_game().has_error() && out.error_size() == 0) {
    std::lock_guard lock(relays_mutex_);
    relays_[connection] = std::move(link);
  }
  return out;
}

bool EngineHost::relay(ConnectionId connection, std::string_view message, std::string& reply) {
  std::shared_ptr<net::WebSocketClient> link;
  {
    std::lock_guard lock(relays_mutex_);
    if (relays_.empty()) return false;
    const auto it = relays_.find(connection);
    if (it == relays_.end()) return false;
    link = it->second;
  }
  SC2APIProtocol::Request request;  // small: only the kind matters here
  const bool parsed = request.ParseFromArray(message.data(), static_cast<int>(message.size()));
  if (parsed && request.has_quit()) {
    drop_relay(connection);  // this process quits; the host counts the player as gone
    return false;
  }
  try {
    link->send(message, kRelaySend);
    link->receive_into(reply, kRelayWait);
  } catch (const net::TransportError& e) {
    drop_relay(connection);
    reply = error_reply(parsed ? request.id() : 0,
                        std::string("the process hosting this game went away: ") + e.what() +
                            "; this game process is free again (create_game to play)",
                        server_.status());
    return true;
  }
  if (parsed && request.has_leave_game()) drop_relay(connection);
  return true;
}

void EngineHost::drop_relay(ConnectionId connection) {
  std::shared_ptr<net::WebSocketClient> link;
  {
    std::lock_guard lock(relays_mutex_);
    const auto it = relays_.find(connection);
    if (it == relays_.end()) return;
    link = std::move(it->second);
    relays_.erase(it);
  }
  link->close();
}

}  // namespace sc2::engine
