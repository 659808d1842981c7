// GameServer: the pace of the player's steps (GameClock) and observers' game_pace requests
// (RequestDebug with DebugCommand.game_pace, sc2lite's extension: proto/README.md).
#include <cmath>

#include "engine/server/game_server.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::Request;
using SC2APIProtocol::Response;

// game_pace commands, and draw ones (nothing to draw headless).
bool only_game_pace(const SC2APIProtocol::RequestDebug& r) {
  if (r.debug_size() == 0) return false;
  for (const auto& command : r.debug()) {
    if (!command.has_game_pace() && !command.has_draw()) return false;
  }
  return true;
}

std::string speed_text(double speed) {
  if (speed <= 0) return "as fast as possible";
  char text[32];
  std::snprintf(text, sizeof text, "%gx real time", speed);
  return text;
}

}  // namespace

std::optional<Response> GameServer::pace_step(const Request& request, ConnectionId connection) {
  if (!request.has_step() || !game_clock_.active()) return std::nullopt;
  const std::uint32_t count = request.step().count() == 0 ? 1 : request.step().count();
  if (count > kMaxStepLoops) return std::nullopt;  // refused at once, not held
  {
    std::lock_guard lock(mutex_);
    const bool players_step = status_ == SC2APIProtocol::in_game && !replay_ && player_connection_ == connection &&
                              observers_.count(connection) == 0;
    if (!players_step) return std::nullopt;  // refused or not ours to pace: answered as before
  }
  const auto gone = [this, connection] { return options_.connection_open && !options_.connection_open(connection); };
  if (game_clock_.hold(count, gone)) return std::nullopt;
  // Nobody is left to take the answer: free the game for the next client now, not when the
  // transport notices.
  connection_closed(connection);
  Response out;
  out.set_id(request.id());
  out.add_error("step abandoned: the connection went away (or the server is stopping) while the step waited "
                "for the game's pace");
  out.set_status(status());
  log(out.error(0));
  return out;
}

void GameServer::game_pace(const SC2APIProtocol::RequestDebug& r, ConnectionId connection, Response& out) {
  if (!only_game_pace(r)) {
    out.add_error("this debug request is not supported by sc2lite: an observer sends game_pace (and draw, "
                  "ignored); the player sends kill_unit, create_unit and draw, without game_pace");
    log(out.error(0));
    return;
  }
  if (observers_.count(connection) == 0) {
    out.add_error("game_pace is for observer connections (join_game with observed_player_id); the player "
                  "sets its own pace by when it steps");
    log(out.error(0));
    return;
  }
  auto* state = out.mutable_debug()->mutable_game_pace();
  for (const auto& command : r.debug()) {
    if (!command.has_game_pace()) continue;  // draw
    const auto& asked = command.game_pace();
    if (asked.release()) {
      release_pace(connection);
      continue;
    }
    if (!asked.has_speed() && !asked.has_paused() && !asked.single_step()) continue;  // a question only
    if (!options_.observer_control) {
      state->set_refused("this game does not let observers pace it (start sc2lite with --observer_control); "
                         "pausing here freezes only your view");
      continue;
    }
    if (pace_owner_ && *pace_owner_ != connection) {
      state->set_refused("observer connection " + std::to_string(*pace_owner_) +
                         " paces this game; it keeps control until it releases it or leaves");
      continue;
    }
    if (asked.has_speed() && !(std::isfinite(asked.speed()) && asked.speed() >= 0)) {
      state->set_refused("speed " + std::to_string(asked.speed()) +
                         " is not 0 (as fast as possible) or a positive multiple of real time");
      continue;
    }
    if (!pace_owner_) log("observer connection " + std::to_string(connection) + " paces the game");
    pace_owner_ = connection;
    GamePace pace = game_clock_.pace();
    if (asked.has_speed()) pace.speed = asked.speed();
    if (asked.has_paused()) pace.paused = asked.paused();
    game_clock_.set_pace(pace);
    if (asked.single_step()) game_clock_.single_step();
  }
  const GamePace pace = game_clock_.pace();
  state->set_observers_may_pace(options_.observer_control);
  state->set_you_control(pace_owner_ == connection);
  state->set_other_controls(pace_owner_.has_value() && *pace_owner_ != connection);
  state->set_speed(static_cast<float>(pace.speed));
  state->set_paused(pace.paused);
  state->set_loops_per_second(static_cast<float>(game_clock_.loops_per_second()));
}

void GameServer::release_pace(ConnectionId connection) {
  if (pace_owner_ != connection) return;
  pace_owner_.reset();
  // Nobody watches over a paused game any more: it runs on at the pace it started with.
  game_clock_.set_pace({options_.pace.speed, false});
  log("observer connection " + std::to_string(connection) + " gave the pace back (" +
      speed_text(options_.pace.speed) + ", running)");
}

}  // namespace sc2::engine
