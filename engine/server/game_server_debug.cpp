// GameServer: the player's RequestDebug (Game::debug: kill_unit, create_unit, draw); observers'
// game_pace is in game_server_pace.cpp.
#include "engine/server/game_server.h"

namespace sc2::engine {

namespace {

bool has_game_pace(const SC2APIProtocol::RequestDebug& r) {
  for (const auto& command : r.debug()) {
    if (command.has_game_pace()) return true;
  }
  return false;
}

}  // namespace

void GameServer::debug(const SC2APIProtocol::RequestDebug& r, ConnectionId connection, SC2APIProtocol::Response& out) {
  if (has_game_pace(r)) return game_pace(r, connection, out);  // observers' (refused here, saying so)
  out.mutable_debug();
  const bool changes = Game::changes_game(r);
  if (replay_ && changes) {
    out.add_error("debug kill_unit and create_unit do not apply to replays");
    log(out.error(0));
    return;
  }
  if (!game_) {
    out.add_error("debug: no game is running (create_game and join_game first)");
    log(out.error(0));
    return;
  }
  if (std::string problem = game_->debug(r); !problem.empty()) {
    out.add_error(problem + "; nothing in this request was applied");
    log(out.error(0));
    return;
  }
  // It changed the game: a replay re-applies it.
  if (changes) recorder_.record(*game_, std::max(seat_of(connection), kAgentPlayer), r);
}

}  // namespace sc2::engine
