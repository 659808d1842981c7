// GameServer: melee games of two Participants on two connections (the header's "Two
// Participants"). Joins and steps wait here, outside the one-request-at-a-time path, on
// players_changed_; everything else either player asks goes through dispatch as usual.
#include <chrono>
#include <cstdio>
#include <string>

#include "engine/maps/melee_registry.h"
#include "engine/server/game_server.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::Request;
using SC2APIProtocol::Response;

constexpr auto kPollInterval = std::chrono::milliseconds(100);

std::string seconds_text(std::chrono::milliseconds wait) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", static_cast<double>(wait.count()) / 1000.0);
  return text;
}

}  // namespace

bool GameServer::two_participants() const {
  if (!config_ || replay_) return false;
  int participants = 0;
  for (const auto& p : config_->players) participants += p.type() == SC2APIProtocol::Participant ? 1 : 0;
  return participants == 2;
}

int GameServer::seat_of(ConnectionId connection) const {
  if (!two_participants()) return 0;
  if (player_connection_ == connection) return 1;
  if (second_.connection == connection) return 2;
  return 0;
}

const InterfaceSetup& GameServer::interface_of(ConnectionId connection) const {
  if (second_.connection == connection && second_.iface && two_participants()) return *second_.iface;
  return *interface_;
}

FeatureLayerCache& GameServer::layer_cache_of(ConnectionId connection) {
  if (second_.connection == connection && two_participants()) return second_.layer_cache;
  return layer_cache_;
}

std::optional<Response> GameServer::multiplayer_request(const Request& request, ConnectionId connection) {
  if (!request.has_join_game() && !request.has_step()) return std::nullopt;
  std::unique_lock lock(mutex_);
  if (request.has_join_game() && request.join_game().has_server_ports() && status_ == SC2APIProtocol::launched &&
      options_.join_remote && observers_.count(connection) == 0) {
    lock.unlock();  // the join waits for the other process; this server has no game to guard
    log("join_game with server_ports and no game here: joining the game hosted on port " +
        std::to_string(request.join_game().server_ports().game_port()));
    return options_.join_remote(connection, request);
  }
  if (!two_participants() || observers_.count(connection) != 0) return std::nullopt;
  Response out;
  if (request.has_join_game()) {
    if (status_ != SC2APIProtocol::init_game || request.join_game().has_observed_player_id()) return std::nullopt;
    join_two_player_game(lock, request, connection, out);
  } else {
    const int player = seat_of(connection);
    if (player == 0 || status_ != SC2APIProtocol::in_game) return std::nullopt;  // refused as usual
    lockstep(lock, request.step(), player, connection, out);
  }
  out.set_id(request.id());
  if (!out.has_status()) out.set_status(status_);
  return out;
}

void GameServer::join_two_player_game(std::unique_lock<std::mutex>& lock, const Request& request,
                                      ConnectionId connection, Response& out) {
  const auto& r = request.join_game();
  auto* result = out.mutable_join_game();
  const auto fail = [&](SC2APIProtocol::ResponseJoinGame::Error error, const std::string& details) {
    result->set_error(error);
    result->set_error_details(details);
    log("join_game: " + details);
  };
  if (player_connection_ == connection || second_.connection == connection) {
    return fail(SC2APIProtocol::ResponseJoinGame::OtherError, "this connection has already joined the game");
  }
  if (player_connection_ && second_.connection) {
    return fail(SC2APIProtocol::ResponseJoinGame::OtherError,
                "both players of this game have joined; join it as an observer (observed_player_id) instead");
  }
  auto setup = validate_join(r, result);
  if (!setup) return;

  if (r.has_server_ports() && options_.serve_peers) options_.serve_peers(r);  // the other process joins there
  // The connection that created the game plays player 1 (as the hosting game process does);
  // the others take player 2 first, so the seats do not depend on who joins first.
  const int player = creator_ == connection ? (player_connection_ ? 2 : 1) : (second_.connection ? 1 : 2);
  setup->player = player;
  if (player == 1) {
    player_connection_ = connection;
    interface_ = std::move(*setup);
    join_request_ = r;
  } else {
    second_.connection = connection;
    second_.iface = std::move(*setup);
    second_.join = r;
  }
  log("player " + std::to_string(player) + " joined on connection " + std::to_string(connection));
  if (player_connection_ && second_.connection) {
    start_episode();
    status_ = SC2APIProtocol::in_game;
    players_changed_.notify_all();
  }

  // Until the other player has joined (or this one gives up).
  const auto deadline = std::chrono::steady_clock::now() + options_.join_wait;
  const auto mine = [&] { return player == 1 ? player_connection_ == connection : second_.connection == connection; };
  while (status_ == SC2APIProtocol::init_game && mine()) {
    const bool gone = options_.connection_open && !options_.connection_open(connection);
    if (gone || std::chrono::steady_clock::now() >= deadline) {
      if (player == 1) {
        player_connection_.reset();
        interface_.reset();
      } else {
        second_ = SecondSeat{};
      }
      players_changed_.notify_all();
      return fail(SC2APIProtocol::ResponseJoinGame::OtherError,
                  gone ? "the connection went away while waiting for the other player"
                       : "the other player did not join within " + seconds_text(options_.join_wait) +
                             "; the seat is free again");
    }
    players_changed_.wait_for(lock, kPollInterval);
  }
  // Both joined: the game began, and may have ended already (the other player left at once,
  // before this thread woke); the join stands and the observation shows the end.
  const bool began = status_ == SC2APIProtocol::in_game || status_ == SC2APIProtocol::ended;
  if (!began || !mine()) {
    return fail(SC2APIProtocol::ResponseJoinGame::OtherError,
                "the game went away while waiting for the other player (it was created again, left or freed)");
  }
  result->set_player_id(static_cast<std::uint32_t>(player));
}

void GameServer::lockstep(std::unique_lock<std::mutex>& lock, const SC2APIProtocol::RequestStep& r, int player,
                          ConnectionId connection, Response& out) {
  const std::uint32_t count = r.count() == 0 ? 1 : r.count();
  if (count > kMaxStepLoops) {
    out.add_error("step count " + std::to_string(count) + " is over the limit of " + std::to_string(kMaxStepLoops) +
                  " game loops per step request; send several smaller steps");
    return;
  }
  Game* game = game_.get();
  auto& target = step_targets_[static_cast<std::size_t>(player - 1)];
  target = game->world().game_loop() + count;
  advance_lockstep();
  while (target && game_.get() == game && !game->ended()) {
    if (options_.connection_open && !options_.connection_open(connection)) {
      target.reset();
      leave_seat(player);
      out.add_error("step abandoned: the connection went away while waiting for the other player");
      return;
    }
    players_changed_.wait_for(lock, kPollInterval);
  }
  if (game_.get() != game) {
    out.add_error("step abandoned: the game went away while waiting for the other player");
    return;
  }
  target.reset();
  out.mutable_step()->set_simulation_loop(game->world().game_loop());
}

void GameServer::advance_lockstep() {
  if (!game_ || !step_targets_[0] || !step_targets_[1]) return;
  const std::uint32_t now = game_->world().game_loop();
  const std::uint32_t until = std::min(*step_targets_[0], *step_targets_[1]);
  if (until > now) game_->step(until - now);
  for (auto& target : step_targets_) {
    if (target && (*target <= game_->world().game_loop() || game_->ended())) target.reset();
  }
  if (game_->ended() && status_ == SC2APIProtocol::in_game) {
    status_ = SC2APIProtocol::ended;
    log("game ended at loop " + std::to_string(game_->world().game_loop()));
  }
  players_changed_.notify_all();
}

void GameServer::leave_seat(int player) {
  if (player == 1) {
    player_connection_.reset();
  } else {
    second_.connection.reset();
  }
  step_targets_[static_cast<std::size_t>(player - 1)].reset();
  log("player " + std::to_string(player) + " left the game");
  if (!player_connection_ && !second_.connection) {
    free_game();
  } else if (game_ && status_ == SC2APIProtocol::in_game) {
    game_->concede(player);
    recorder_.record_leave(*game_, player);  // the replay ends the same way
    status_ = SC2APIProtocol::ended;
    log("player " + std::to_string(3 - player) + " wins: the other player left");
  } else if (status_ == SC2APIProtocol::init_game) {
    if (player == 1) interface_.reset();
    if (player == 2) second_ = SecondSeat{};
  }
  players_changed_.notify_all();
}

}  // namespace sc2::engine
