#pragma once
// EngineHost: one GameServer served over the SC2 API websocket (ws://host:port/sc2api).
// After a quit request it sends the reply, closes that connection and stops listening.
// Every websocket connection passes its own ConnectionId to the GameServer, so a second
// connection can join as an observer of the running game (see game_server.h); an
// observer's quit closes only its own connection.
#include <cstdint>
#include <memory>
#include <string>

#include "engine/server/game_server.h"

namespace sc2::net {
class WebSocketServer;
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
  GameServer server_;
  std::unique_ptr<net::WebSocketServer> socket_;
};

}  // namespace sc2::engine
