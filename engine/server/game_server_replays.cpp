// GameServer: start_replay and replay_info (the format is in replay_format.h).
#include "engine/server/game_server.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::Response;

// The replay's bytes from replay_data or replay_path; nullopt + error text otherwise.
template <class RequestT>
std::optional<std::string> replay_bytes(const RequestT& r, bool& missing, bool& bad_path, std::string& error) {
  missing = bad_path = false;
  if (r.has_replay_data()) return r.replay_data();
  if (!r.has_replay_path() || r.replay_path().empty()) {
    missing = true;
    error = "no replay given: set replay_path (a file readable by sc2lite) or replay_data (the bytes)";
    return std::nullopt;
  }
  auto bytes = read_replay_file(r.replay_path(), error);
  if (!bytes) bad_path = true;
  return bytes;
}

}  // namespace

void GameServer::start_replay(const SC2APIProtocol::RequestStartReplay& r, Response& out) {
  using E = SC2APIProtocol::ResponseStartReplay;
  auto* result = out.mutable_start_replay();
  const auto fail = [&](E::Error error, const std::string& details) {
    result->set_error(error);
    result->set_error_details(details);
    log("start_replay: " + details);
  };
  bool missing = false, bad_path = false;
  std::string error;
  const auto bytes = replay_bytes(r, missing, bad_path, error);
  if (!bytes) return fail(missing ? E::MissingReplay : E::InvalidReplayPath, error);
  if (!r.has_options()) {
    return fail(E::MissingOptions, "options (InterfaceOptions) are required: enable raw and/or feature_layer");
  }
  if (r.observed_player_id() != 0 && r.observed_player_id() != kAgentPlayer) {
    return fail(E::InvalidObservedPlayerId, "observed_player_id " + std::to_string(r.observed_player_id()) +
                                                " is not in the replay: its only participant is player 1");
  }
  ReplayLoadError load_error;
  auto playback = load_replay(*bytes, load_error);
  if (!playback) return fail(load_error.code, load_error.details);

  // The viewer's options with the recorded player's race and name.
  SC2APIProtocol::RequestJoinGame view = playback->join;
  *view.mutable_options() = r.options();
  auto setup = parse_interface(view, error);
  if (!setup) return fail(E::MissingOptions, "options: " + error);
  if (r.disable_fog()) log("start_replay: disable_fog is ignored; a replay shows what player 1 saw");

  detach_observers();
  replay_ = std::move(playback);
  config_ = replay_->config;
  interface_ = std::move(*setup);
  game_ = start_playback(*replay_);
  advance_playback(*replay_, *game_, 0);  // a recording of length 0 is over at once
  episode_ = 0;
  status_ = playback_finished(*replay_, *game_) ? SC2APIProtocol::ended : SC2APIProtocol::in_replay;
  log("replaying " + replay_->replay.header.map_name + " (" + std::to_string(replay_->replay.header.game_loops) +
      " loops)");
}

void GameServer::replay_info(const SC2APIProtocol::RequestReplayInfo& r, Response& out) {
  using E = SC2APIProtocol::ResponseReplayInfo;
  auto* info = out.mutable_replay_info();
  bool missing = false, bad_path = false;
  std::string error;
  const auto bytes = replay_bytes(r, missing, bad_path, error);
  if (!bytes) {
    info->set_error(missing ? E::MissingReplay : E::InvalidReplayPath);
    info->set_error_details(error);
    return;
  }
  ReplayReadError read_error;
  const auto replay = decode_replay(*bytes, read_error);
  if (!replay) {
    info->set_error(read_error.damaged ? E::ParsingError : E::InvalidReplayData);
    info->set_error_details(read_error.details);
    return;
  }
  // Describes replays of other engine versions too (start_replay is what refuses them).
  const ReplayHeader& h = replay->header;
  info->set_map_name(h.map_name);
  info->set_local_map_path(h.map_path);
  info->set_game_duration_loops(h.game_loops);
  info->set_game_duration_seconds(static_cast<float>(h.game_loops) / 22.4f);
  info->set_game_version(h.game_version);
  info->set_data_version(h.data_version);
  info->set_data_build(h.data_build);
  info->set_base_build(h.base_build);
  auto* extra = info->add_player_info();
  auto* player = extra->mutable_player_info();
  player->set_player_id(kAgentPlayer);
  player->set_type(SC2APIProtocol::Participant);
  SC2APIProtocol::RequestJoinGame join;
  if (join.ParseFromString(h.join_game)) {
    if (join.has_race()) player->set_race_requested(join.race());
    if (!join.player_name().empty()) player->set_player_name(join.player_name());
  }
  player->set_race_actual(SC2APIProtocol::Terran);
  if (h.result != 0 && SC2APIProtocol::Result_IsValid(static_cast<int>(h.result))) {
    extra->mutable_player_result()->set_player_id(kAgentPlayer);
    extra->mutable_player_result()->set_result(static_cast<SC2APIProtocol::Result>(h.result));
  }
}

}  // namespace sc2::engine
