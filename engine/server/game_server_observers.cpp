// GameServer: observer connections (join_game with observed_player_id while a game runs).
#include "engine/server/game_server.h"

#include <algorithm>

#include "engine/server/observation_builder.h"
#include "engine/server/observer_view.h"
#include "engine/server/raw_echo.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::Request;
using SC2APIProtocol::Response;

constexpr const char* kObserverRole = "this connection observes a player (it joined with observed_player_id)";

// The index of the observed player's echo and error histories.
template <class ObserverT>
std::size_t watched(const ObserverT& observer) {
  return observer.iface.player == 2 ? 1 : 0;
}

}  // namespace

void GameServer::detach_observers() {
  for (auto& [id, o] : observers_) o.detached = true;
}

// True when the request was answered here; false = the shared code answers it.
bool GameServer::dispatch_observer(const Request& request, Observer& observer, ConnectionId connection,
                                   Response& out) {
  const auto refuse = [&](const std::string& text) {
    out.add_error(text);
    log(out.error(0));
    return true;
  };
  const auto game_gone = [&] {
    return refuse("the game this connection observed is gone (the player sent create_game, leave_game or "
                  "start_replay); send join_game with observed_player_id again once a game runs");
  };
  switch (request.request_case()) {
    case Request::kPing:
    case Request::kAvailableMaps:
    case Request::kReplayInfo:
    case Request::kData:
      return false;
    case Request::kJoinGame:
      if (request.join_game().has_observed_player_id()) return false;  // re-join / new options
      return refuse(std::string("join_game as a participant: ") + kObserverRole +
                    "; only one player per game - leave_game first to act as a normal connection");
    case Request::kLeaveGame:
      release_pace(connection);
      observers_.erase(connection);  // `observer` is gone from here on
      out.mutable_leave_game();
      log("observer connection " + std::to_string(connection) + " left");
      return true;
    case Request::kQuit:
      // Ends this connection only: the player's game goes on.
      observer.closing = true;
      out.mutable_quit();
      return true;
    case Request::kObservation:
      if (observer.detached || !game_) return game_gone();
      observe_game(*game_, observer.iface, observer.camera, false, out.mutable_observation());
      // Not the player's pending echoes and errors: every one since this observer's last look.
      out.mutable_observation()->clear_actions();
      out.mutable_observation()->clear_action_errors();
      observer.echo_cursor = echo_histories_[watched(observer)].copy_since(
          observer.echo_cursor, out.mutable_observation()->mutable_actions());
      if (!observer.iface.raw) {  // raw commands only to those that asked for the raw interface
        auto* actions = out.mutable_observation()->mutable_actions();
        actions->erase(std::remove_if(actions->begin(), actions->end(), raw_only), actions->end());
      }
      observer.error_cursor = error_histories_[watched(observer)].copy_since(
          observer.error_cursor, out.mutable_observation()->mutable_action_errors());
      return true;
    case Request::kGameInfo: {
      if (observer.detached || !game_) return game_gone();
      InterfaceSetup view = observer.iface;  // the observed player's race and name, the observer's options
      describe_player(view.player, view);
      build_game_info(*game_, *config_, view, out.mutable_game_info());
      return true;
    }
    case Request::kObsAction:
      if (observer.detached || !game_) return game_gone();
      observer_action(request.obs_action(), observer.camera, observer.iface, out);
      return true;
    case Request::kAction:
      return refuse(std::string("action refused: ") + kObserverRole +
                    "; observers cannot send actions (camera moves go through obs_action)");
    case Request::kDebug:
      game_pace(request.debug(), connection, out);
      return true;
    case Request::kStep:
      return refuse(std::string("step refused: ") + kObserverRole +
                    "; the player's connection steps the game, observe again to see the new game loop");
    default:
      return refuse(request.GetDescriptor()->FindFieldByNumber(static_cast<int>(request.request_case()))->name() +
                    " is not available to observers: " + kObserverRole +
                    "; allowed: observation, game_info, obs_action, data, ping, available_maps, replay_info, "
                    "debug (game_pace only), join_game (as observer), leave_game, quit");
  }
}

void GameServer::join_as_observer(const SC2APIProtocol::RequestJoinGame& r, ConnectionId connection,
                                  Response& out) {
  auto* result = out.mutable_join_game();
  const auto fail = [&](SC2APIProtocol::ResponseJoinGame::Error error, const std::string& details) {
    result->set_error(error);
    result->set_error_details(details);
    log("join_game (observer): " + details);
  };
  const bool game_running = game_ && !replay_ && (status_ == SC2APIProtocol::in_game || status_ == SC2APIProtocol::ended);
  if (!game_running) {
    return fail(SC2APIProtocol::ResponseJoinGame::OtherError,
                "no game to observe: sc2lite observers join a running game (status in_game or ended, now " +
                    SC2APIProtocol::Status_Name(status_) + "); join after the player's join_game");
  }
  const int players = players_in_game();
  // 0 asks for no player in particular: player 1's side, as for replays.
  if (r.observed_player_id() > static_cast<std::uint32_t>(players)) {
    return fail(SC2APIProtocol::ResponseJoinGame::InvalidObservedPlayerId,
                "observed_player_id " + std::to_string(r.observed_player_id()) + " cannot be observed: " +
                    (players == 1 ? std::string("the only player is player 1")
                                  : "this game has players 1 and 2 (0 = player 1)"));
  }
  if (!r.has_options()) {
    return fail(SC2APIProtocol::ResponseJoinGame::MissingOptions,
                "options (InterfaceOptions) are required: enable raw and/or feature_layer");
  }
  std::string error;
  auto setup = parse_interface(r, error);
  if (!setup) return fail(SC2APIProtocol::ResponseJoinGame::FeatureUnsupported, error);
  const int observed = r.observed_player_id() == 0 ? kAgentPlayer : static_cast<int>(r.observed_player_id());
  setup->player = observed;  // whose side (units, fog, camera, selection) it sees
  // The Computer's dead units and alerts are kept only once someone watches it.
  if (observed > game_->participants()) game_->feed_every_player();
  // A re-join of the same player keeps the cursors: the observer still gets every action and
  // error once.
  const auto previous = observers_.find(connection);
  const bool rejoin = previous != observers_.end() && !previous->second.detached &&
                      previous->second.iface.player == observed;
  const std::size_t history = observed == 2 ? 1 : 0;
  const std::uint64_t echo_cursor = rejoin ? previous->second.echo_cursor : echo_histories_[history].end();
  const std::uint64_t error_cursor = rejoin ? previous->second.error_cursor : error_histories_[history].end();
  observers_[connection] = Observer{std::move(*setup), std::nullopt, false, false, echo_cursor, error_cursor};
  result->set_player_id(static_cast<std::uint32_t>(observed));  // whose game it sees
  log("connection " + std::to_string(connection) + " observes player " + std::to_string(observed));
}

void GameServer::observer_action(const SC2APIProtocol::RequestObserverAction& r, std::optional<Vec2>& camera,
                                 const InterfaceSetup& iface, Response& out) {
  const std::string errors = apply_observer_actions(*game_, iface, r, camera);
  if (!errors.empty()) out.add_error("obs_action: " + errors);
  out.mutable_obs_action();
}

}  // namespace sc2::engine
