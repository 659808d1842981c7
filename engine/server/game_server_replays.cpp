// GameServer: start_replay and replay_info (the format is in replay_format.h).
#include <vector>

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
  ReplayLoadError load_error;
  auto playback = load_replay(*bytes, load_error);
  if (!playback) return fail(load_error.code, load_error.details);
  // 0 (or unset) = player 1, as for a single-player replay. (The field is signed.)
  const int players = replay_players(*playback);
  if (r.observed_player_id() < 0 || r.observed_player_id() > players) {
    return fail(E::InvalidObservedPlayerId,
                "observed_player_id " + std::to_string(r.observed_player_id()) + " is not in the replay: " +
                    (players == 1 ? std::string("its only player is player 1")
                                  : "its players are 1 and 2 (0 = player 1)"));
  }
  const int observed = r.observed_player_id() == 0 ? kAgentPlayer : r.observed_player_id();

  // The viewer's options with the observed player's race and name, from that player's side.
  SC2APIProtocol::RequestJoinGame view = join_of_player(*playback, observed);
  *view.mutable_options() = r.options();
  auto setup = parse_interface(view, error);
  if (!setup) return fail(E::MissingOptions, "options: " + error);
  setup->player = observed;
  if (r.disable_fog()) {
    log("start_replay: disable_fog is ignored; a replay shows what player " + std::to_string(observed) + " saw");
  }

  detach_observers();
  replay_ = std::move(playback);
  config_ = replay_->config;
  interface_ = std::move(*setup);
  second_ = SecondSeat{};  // a two-player game this server ran before is over
  step_targets_ = {};
  game_ = start_playback(*replay_);
  if (observed > game_->participants()) game_->feed_every_player();  // watching the Computer
  advance_playback(*replay_, *game_, 0);  // a recording of length 0 is over at once
  episode_ = 0;
  status_ = playback_finished(*replay_, *game_) ? SC2APIProtocol::ended : SC2APIProtocol::in_replay;
  players_changed_.notify_all();
  log("replaying " + replay_->replay.header.map_name + " (" + std::to_string(replay_->replay.header.game_loops) +
      " loops) as player " + std::to_string(observed));
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
  // Player ids as the game gives them: the Participants (with their joins), then the Computers.
  SC2APIProtocol::RequestCreateGame create;
  create.ParseFromString(h.create_game);  // checked by start_replay; here only described
  std::vector<SC2APIProtocol::PlayerSetup> order;
  for (const auto& p : create.player_setup()) {
    if (p.type() == SC2APIProtocol::Participant) order.push_back(p);
  }
  for (const auto& p : create.player_setup()) {
    if (p.type() != SC2APIProtocol::Participant) order.push_back(p);
  }
  if (order.empty()) order.emplace_back().set_type(SC2APIProtocol::Participant);
  const std::string* joins[2] = {&h.join_game, &h.join_game_2};
  for (std::size_t i = 0; i < order.size() && i < 2; ++i) {
    const int id = static_cast<int>(i) + 1;
    auto* extra = info->add_player_info();
    auto* player = extra->mutable_player_info();
    player->set_player_id(static_cast<std::uint32_t>(id));
    player->set_type(order[i].type());
    if (order[i].type() == SC2APIProtocol::Computer) {
      player->set_race_requested(order[i].has_race() ? order[i].race() : SC2APIProtocol::Terran);
      if (order[i].has_difficulty()) player->set_difficulty(order[i].difficulty());
      if (order[i].has_ai_build()) player->set_ai_build(order[i].ai_build());
    }
    SC2APIProtocol::RequestJoinGame join;
    if (order[i].type() == SC2APIProtocol::Participant && join.ParseFromString(*joins[i])) {
      if (join.has_race()) player->set_race_requested(join.race());
      if (!join.player_name().empty()) player->set_player_name(join.player_name());
    }
    player->set_race_actual(SC2APIProtocol::Terran);
    if (h.result != 0 && SC2APIProtocol::Result_IsValid(static_cast<int>(h.result))) {
      extra->mutable_player_result()->set_player_id(static_cast<std::uint32_t>(id));
      extra->mutable_player_result()->set_result(static_cast<SC2APIProtocol::Result>(
          result_of_player(static_cast<GameResult>(h.result), id)));
    }
  }
}

}  // namespace sc2::engine
