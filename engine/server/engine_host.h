#pragma once
// EngineHost: one GameServer served over the SC2 API websocket (ws://host:port/sc2api).
// After a quit request it sends the reply, closes that connection and stops listening.
// Every websocket connection passes its own ConnectionId to the GameServer, so a second
// connection can join as an observer of the running game (see game_server.h); an
// observer's quit closes only its own connection.
//
// Two processes, one game (PySC2's agent against agent: each agent has its own game process;
// the first is sent create_game, both are sent join_game with the same server_ports):
// - the host (the process whose game has two Participants) also listens on the join's
//   server_ports.game_port, at the same address; a connection there is one more client of
//   its GameServer, so the other process's player joins the same game as player 2;
// - the other process, asked to join with server_ports while it has no game, connects to
//   the join's host_ip (127.0.0.1 when empty) at that port, retrying until
//   ServerOptions::join_wait, and from then on relays that connection's requests to the
//   host and the host's replies back. It answers quit itself (its own process stops; the
//   relay closes, so the host's game counts that player as gone); after leave_game the
//   connection is its own again. When the host goes away, each relayed request gets an
//   error naming it and the connection is its own again (status launched).
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/server/game_server.h"

namespace sc2::net {
class WebSocketServer;
class WebSocketClient;
}

namespace sc2::engine {

class EngineHost {
 public:
  // Binds now (port 0 = any free port); throws std::runtime_error when it cannot.
  explicit EngineHost(std::string host = "127.0.0.1", std::uint16_t port = 0, ServerOptions options = {});
  ~EngineHost();  // stops and joins
  EngineHost(const EngineHost&) = delete;
  EngineHost& operator=(const EngineHost&) = delete;

  std::uint16_t port() const;
  void start();  // serves on background threads
  void wait();   // blocks until stop() or a quit request
  void stop();   // safe from any thread, more than once
  GameServer& server() { return server_; }

 private:
  ServerOptions with_hooks(ServerOptions options);
  bool connection_open(ConnectionId connection) const;
  void serve_peers(const SC2APIProtocol::RequestJoinGame& join);
  SC2APIProtocol::Response join_remote(ConnectionId connection, const SC2APIProtocol::Request& join);
  // A relayed connection's request: forwarded to the host (true), or nothing to relay (false).
  bool relay(ConnectionId connection, std::string_view message, std::string& reply);
  void drop_relay(ConnectionId connection);

  std::string listen_host_;
  ServerOptions options_;  // with the hooks, as the server has them
  GameServer server_;
  std::unique_ptr<net::WebSocketServer> socket_;
  // The host's side: the other process's players connect here, one listener per game_port
  // asked for (a relay from an earlier game may still use an older one, so none is closed
  // before the host stops). Listener k's connection c is GameServer connection (k + 1) << 40 | c.
  struct PeerListener {
    std::uint16_t port = 0;
    std::unique_ptr<net::WebSocketServer> socket;
  };
  mutable std::mutex peers_mutex_;
  std::vector<PeerListener> peer_listeners_;
  // The other side: connections relayed to the process hosting their game.
  std::mutex relays_mutex_;
  std::map<ConnectionId, std::shared_ptr<net::WebSocketClient>> relays_;
};

}  // namespace sc2::engine
