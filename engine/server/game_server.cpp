#include "engine/server/game_server.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "engine/maps/melee_registry.h"
#include "engine/scripted/map_source.h"
#include "engine/scripted/scripted_map.h"
#include "engine/server/action_interpreter.h"
#include "engine/server/observation_builder.h"
#include "engine/server/observer_view.h"
#include "engine/server/raw_echo.h"
#include "engine/sim/rng.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::Request;
using SC2APIProtocol::Response;
using SC2APIProtocol::Status;

std::string status_name(Status s) { return SC2APIProtocol::Status_Name(s); }

std::string request_name(const Request& r) {
  const auto* field = Request::descriptor()->FindFieldByNumber(static_cast<int>(r.request_case()));
  return field != nullptr ? field->name() : "empty request";
}

// Bit set of statuses; 0 = valid in any status.
using StatusMask = std::uint32_t;
constexpr StatusMask bit(Status s) { return 1u << static_cast<unsigned>(s); }
constexpr Status kAllStatuses[] = {SC2APIProtocol::launched, SC2APIProtocol::init_game, SC2APIProtocol::in_game,
                                   SC2APIProtocol::in_replay, SC2APIProtocol::ended, SC2APIProtocol::quit};

// Which status each request is valid in (sc2api-protocol.md §2.2 plus PySC2's wider set).
StatusMask validity(Request::RequestCase c) {
  using S = SC2APIProtocol::Status;
  switch (c) {
    case Request::kCreateGame: return bit(S::launched) | bit(S::ended) | bit(S::in_replay);
    case Request::kJoinGame: return bit(S::launched) | bit(S::init_game);
    case Request::kStartReplay: return bit(S::launched) | bit(S::ended) | bit(S::in_replay);
    case Request::kRestartGame: return bit(S::in_game) | bit(S::ended);
    case Request::kLeaveGame:
    case Request::kGameInfo:
    case Request::kObservation:
    case Request::kData:
    case Request::kSaveReplay: return bit(S::in_game) | bit(S::ended) | bit(S::in_replay);
    case Request::kStep:
    case Request::kObsAction: return bit(S::in_game) | bit(S::in_replay);
    case Request::kAction:
    case Request::kMapCommand:
    case Request::kDebug: return bit(S::in_game);
    default: return 0;
  }
}

// What a connection that may not play (ServerOptions::sole_player) may still ask.
bool changes_nothing(Request::RequestCase c) {
  return c == Request::kPing || c == Request::kAvailableMaps || c == Request::kData || c == Request::kGameInfo ||
         c == Request::kReplayInfo;
}

bool valid_in(Request::RequestCase c, Status s) {
  const StatusMask mask = validity(c);
  return mask == 0 || (mask & bit(s)) != 0;
}

std::string invalid_status_message(Request::RequestCase c, const std::string& name, Status s) {
  std::string text = name + " is not valid in status " + status_name(s) + " (valid in:";
  for (Status allowed : kAllStatuses) {
    if ((validity(c) & bit(allowed)) != 0) text.append(" ").append(status_name(allowed));
  }
  text += ")";
  // PySC2 tolerates exactly this phrase after step/action once the game is over.
  if (s == SC2APIProtocol::ended && (c == Request::kStep || c == Request::kAction)) {
    text.insert(0, "Game has already ended: ");
    text.append("; send restart_game or create_game");
  }
  return text;
}

std::string known_maps_text() {
  std::string text;
  for (const auto& list : {mini_games(), melee_maps()}) {
    for (const auto& entry : list) {
      if (!text.empty()) text += ", ";
      text += map_path_of(entry);
    }
  }
  return text;
}

// The built-in maps, then the map files of the maps folder not already listed (the
// placeholders --install-layout writes have the built-ins' paths).
void add_available_maps(const std::filesystem::path& maps_dir, SC2APIProtocol::ResponseAvailableMaps* out) {
  std::vector<std::string> listed;
  for (const auto& list : {mini_games(), melee_maps()}) {
    for (const auto& entry : list) listed.push_back(map_path_of(entry));
  }
  for (const std::string& path : scripted::map_files_under(maps_dir)) {
    if (std::find(listed.begin(), listed.end(), path) == listed.end()) listed.push_back(path);
  }
  for (const std::string& path : listed) out->add_local_map_paths(path);
}

std::string maps_folder_text(const std::filesystem::path& maps_dir) {
  if (maps_dir.empty()) return "; no maps folder (sc2lite --maps DIR or SC2PATH)";
  return "; or a map file under " + maps_dir.string();
}

// Terran is the one race sc2lite plays; Random picks it.
bool playable_race(SC2APIProtocol::Race race) {
  return race == SC2APIProtocol::Terran || race == SC2APIProtocol::Random || race == SC2APIProtocol::NoRace;
}

// What sc2lite's built-in AI plays (melee_ai.h); the stronger levels are refused.
bool supported_difficulty(SC2APIProtocol::Difficulty d) {
  return d == SC2APIProtocol::VeryEasy || d == SC2APIProtocol::Easy || d == SC2APIProtocol::Medium ||
         d == SC2APIProtocol::Hard;
}

}  // namespace

int GameServer::players_in_game() const {
  if (!config_ || !config_->map) return 1;
  return is_melee_map(config_->map) ? 2 : 1;
}

void GameServer::describe_player(int player, InterfaceSetup& view) const {
  const std::optional<InterfaceSetup>& seat = player == 2 ? second_.iface : interface_;
  const bool participant = player == 1 || two_participants();
  view.race_requested = participant && seat ? seat->race_requested : SC2APIProtocol::Terran;
  view.player_name = participant && seat ? seat->player_name : std::string();
}

GameServer::GameServer(ServerOptions options) : options_(std::move(options)), game_clock_(options_.pace) {}
GameServer::~GameServer() = default;

void GameServer::log(std::string_view line) const {
  if (options_.log) options_.log(line);
}

SC2APIProtocol::Status GameServer::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

bool GameServer::quit_requested() const {
  std::lock_guard lock(mutex_);
  return status_ == SC2APIProtocol::quit;
}

bool GameServer::should_close(ConnectionId connection) const {
  std::lock_guard lock(mutex_);
  const auto it = observers_.find(connection);
  return it != observers_.end() && it->second.closing;
}

void GameServer::connection_closed(ConnectionId connection) {
  std::lock_guard lock(mutex_);
  release_pace(connection);
  if (observers_.erase(connection) > 0) {
    log("observer connection " + std::to_string(connection) + " closed");
    return;
  }
  if (const int player = seat_of(connection); player != 0) {
    leave_seat(player);
    return;
  }
  if (player_connection_ != connection) return;
  player_connection_.reset();
  // Nobody can play on: free the game so that the next client can create one.
  if (status_ != SC2APIProtocol::launched && status_ != SC2APIProtocol::quit) {
    log("the player's connection " + std::to_string(connection) + " closed in status " + status_name(status_) +
        "; the game is freed");
    free_game();
  }
}

std::size_t GameServer::observer_count() const {
  std::lock_guard lock(mutex_);
  std::size_t attached = 0;
  for (const auto& [id, o] : observers_) attached += o.detached ? 0 : 1;
  return attached;
}

std::string GameServer::handle_bytes(std::string_view request_bytes, ConnectionId connection) {
  std::string bytes;
  handle_bytes_into(request_bytes, bytes, connection);
  return bytes;
}

namespace {

// Serializes into `out`, reusing its capacity: resize only zero-fills growth (an observation
// is as long as the one before), where SerializeToString clears and zero-fills it whole.
void serialize_into(const Response& response, std::string& out) {
  const std::size_t size = response.ByteSizeLong();
  out.resize(size);
  response.SerializeWithCachedSizesToArray(reinterpret_cast<std::uint8_t*>(out.data()));
}

}  // namespace

void GameServer::handle_bytes_into(std::string_view request_bytes, std::string& out, ConnectionId connection) {
  Request request;
  try {
    Response response;
    if (request.ParseFromArray(request_bytes.data(), static_cast<int>(request_bytes.size()))) {
      handle_into(request, response, connection);
    } else {
      response.set_id(0);
      response.add_error("malformed request: " + std::to_string(request_bytes.size()) +
                         " bytes are not a serialized SC2APIProtocol.Request");
      response.set_status(status());
      log(response.error(0));
    }
    serialize_into(response, out);
    // The observation message goes back to be reused (its layer strings keep their capacity).
    if (response.has_observation()) {
      std::lock_guard lock(mutex_);
      spare_observation_.reset(response.release_observation());
    }
  } catch (const std::exception& e) {
    Response fallback;
    fallback.set_id(request.id());
    fallback.add_error(std::string("internal error: ") + e.what());
    fallback.set_status(status());
    fallback.SerializeToString(&out);
  }
}

void GameServer::handle_into(const SC2APIProtocol::Request& request, Response& out, ConnectionId connection) {
  try {
    if (out.has_observation()) {
      std::unique_ptr<SC2APIProtocol::ResponseObservation> spent(out.release_observation());
      std::lock_guard lock(mutex_);
      if (!spare_observation_) spare_observation_ = std::move(spent);
    }
    out.Clear();
    if (auto answered = multiplayer_request(request, connection)) {
      out = std::move(*answered);
      return;
    }
    if (auto abandoned = pace_step(request, connection)) {
      out = std::move(*abandoned);
      return;
    }
    std::lock_guard lock(mutex_);
    handle_locked(request, connection, out);
  } catch (const std::exception& e) {  // as handle_bytes_into: an answer, never a throw
    out.Clear();
    out.set_id(request.id());
    out.add_error(std::string("internal error: ") + e.what());
    out.set_status(status());
  }
}

SC2APIProtocol::Response GameServer::handle(const SC2APIProtocol::Request& request, ConnectionId connection) {
  Response out;
  handle_into(request, out, connection);
  return out;
}

void GameServer::handle_locked(const SC2APIProtocol::Request& request, ConnectionId connection, Response& out) {
  try {
    dispatch(request, connection, out);
  } catch (const std::exception& e) {
    out.Clear();
    out.add_error(request_name(request) + " failed inside the engine: " + e.what());
    log(out.error(0));
  }
  out.set_id(request.id());
  if (!out.has_status()) out.set_status(status_);  // a leaving player's own status is set already
}

void GameServer::dispatch(const SC2APIProtocol::Request& request, ConnectionId connection, Response& out) {
  const auto c = request.request_case();
  const std::string name = request_name(request);
  if (c == Request::REQUEST_NOT_SET) {
    out.add_error("empty request: no request field is set (expected one of create_game, join_game, ...)");
    return;
  }
  if (status_ == SC2APIProtocol::quit && c != Request::kPing && c != Request::kQuit) {
    out.add_error(name + ": the game is shutting down (quit was requested)");
    return;
  }
  if (auto it = observers_.find(connection); it != observers_.end()) {
    if (dispatch_observer(request, it->second, connection, out)) return;
  }
  if (c == Request::kJoinGame && request.join_game().has_observed_player_id()) {
    join_as_observer(request.join_game(), connection, out);
    return;
  }
  if (options_.sole_player && connection != *options_.sole_player && !changes_nothing(c)) {
    out.add_error(name + " refused: this game is played by its host (connection " +
                  std::to_string(*options_.sole_player) +
                  ", e.g. sc2train); other connections may only observe it: join_game with observed_player_id = 1");
    log(out.error(0));
    return;
  }
  if (c == Request::kAction && status_ == SC2APIProtocol::in_replay) {
    out.add_error("action is refused in a replay: the recorded actions are re-applied as you step; "
                  "use obs_action to move the camera, or leave_game / create_game to play");
    log(out.error(0));
    return;
  }
  if (replay_ && c == Request::kRestartGame) {
    out.add_error("restart_game does not apply to replays; send start_replay to watch it again from loop 0, "
                  "or create_game to play");
    log(out.error(0));
    return;
  }
  if (!valid_in(c, status_)) {
    out.add_error(invalid_status_message(c, name, status_));
    log(out.error(0));
    return;
  }

  // Whoever creates, joins or starts a replay plays: its connection closing frees the game.
  if (c == Request::kCreateGame || c == Request::kJoinGame || c == Request::kStartReplay) {
    player_connection_ = connection;
  }

  switch (c) {
    case Request::kPing: {
      auto* ping = out.mutable_ping();
      ping->set_game_version(std::string(kGameVersion));
      ping->set_data_version(std::string(kDataVersion));
      ping->set_data_build(kDataBuild);
      ping->set_base_build(kBaseBuild);
      break;
    }
    case Request::kCreateGame: create_game(request.create_game(), out); break;
    case Request::kJoinGame: join_game(request.join_game(), out); break;
    case Request::kRestartGame:
      if (two_participants()) {
        out.add_error("restart_game is for single-player games; a game of two players is created again "
                      "(create_game, then both join)");
        break;
      }
      restart_game(out);
      break;
    case Request::kLeaveGame:
      if (const int player = seat_of(connection); player != 0) {
        out.mutable_leave_game();
        leave_seat(player);
        out.set_status(SC2APIProtocol::launched);  // for this player; the other's game has ended
        break;
      }
      leave_game(out);
      break;
    case Request::kQuit:
      status_ = SC2APIProtocol::quit;
      out.mutable_quit();
      log("quit requested");
      break;
    case Request::kGameInfo:
      build_game_info(*game_, *config_, interface_of(connection), out.mutable_game_info());
      break;
    case Request::kObservation: observation(out, connection); break;
    case Request::kAction: action(request.action(), out, connection); break;
    case Request::kStep: step(request.step(), out); break;
    case Request::kData: {
      // A map file's new unit types (SMAC's Marine_RL) are listed after the engine's own.
      std::vector<const UnitTypeStats*> map_types;
      if (config_ && config_->map_file) map_types = config_->map_file->data().types->map_types();
      build_data(request.data(), out.mutable_data(), map_types);
      break;
    }
    case Request::kSaveReplay: save_replay(out); break;
    case Request::kStartReplay: start_replay(request.start_replay(), out); break;
    case Request::kObsAction:
      if (!replay_) {
        out.add_error("obs_action is for observer connections and replays; the player moves its camera with "
                      "action (camera_move)");
        break;
      }
      observer_action(request.obs_action(), replay_->camera, *interface_, out);
      break;
    case Request::kAvailableMaps:
      add_available_maps(options_.maps_dir, out.mutable_available_maps());
      break;
    case Request::kSaveMap: out.mutable_save_map(); break;  // maps are built in; nothing to store
    case Request::kReplayInfo: replay_info(request.replay_info(), out); break;
    case Request::kDebug: debug(request.debug(), connection, out); break;
    case Request::kMapCommand:
      out.mutable_map_command()->set_error(SC2APIProtocol::ResponseMapCommand::NoTriggerError);
      out.mutable_map_command()->set_error_details("the sc2lite mini-games define no map commands");
      break;
    default:
      // quick_save, quick_load, query.
      out.add_error(name + " is not supported by sc2lite yet");
      log(out.error(0));
      break;
  }
}

void GameServer::create_game(const SC2APIProtocol::RequestCreateGame& r, Response& out) {
  auto* result = out.mutable_create_game();
  const auto fail = [&](SC2APIProtocol::ResponseCreateGame::Error error, const std::string& details) {
    result->set_error(error);
    result->set_error_details(details);
    log("create_game: " + details);
  };
  if (r.has_battlenet_map_name()) {
    return fail(SC2APIProtocol::ResponseCreateGame::InvalidMapName,
                "battle.net maps are not available in sc2lite; use local_map with one of: " + known_maps_text());
  }
  if (!r.has_local_map() || r.local_map().map_path().empty()) {
    return fail(SC2APIProtocol::ResponseCreateGame::MissingMap,
                "no local_map.map_path given; known maps: " + known_maps_text());
  }
  const std::string& path = r.local_map().map_path();
  scripted::ChosenMap chosen;
  try {
    chosen = scripted::choose_map(path, r.local_map().map_data(), options_.maps_dir, find_map);
  } catch (const std::exception& error) {  // a map file there that cannot be played: named, with why
    const std::string what = error.what();
    return fail(SC2APIProtocol::ResponseCreateGame::InvalidMapData, what.rfind(path, 0) == 0 ? what : path + ": " + what);
  }
  if (chosen.builtin == nullptr && chosen.file == nullptr) {
    return fail(SC2APIProtocol::ResponseCreateGame::InvalidMapPath,
                "unknown map '" + path + "'; known maps: " + known_maps_text() + maps_folder_text(options_.maps_dir));
  }
  const MiniGameEntry* entry = chosen.builtin;
  const std::string map_name = entry != nullptr ? std::string(entry->name) : chosen.file->data().map.name;
  if (r.player_setup_size() == 0) {
    return fail(SC2APIProtocol::ResponseCreateGame::MissingPlayerSetup,
                "player_setup is empty; add one {type: Participant}");
  }
  int participants = 0;
  int computers = 0;
  for (const auto& p : r.player_setup()) {
    if (p.type() == SC2APIProtocol::Participant) ++participants;
    if (p.type() == SC2APIProtocol::Computer) ++computers;
    if (p.type() == SC2APIProtocol::Observer) {
      return fail(SC2APIProtocol::ResponseCreateGame::InvalidPlayerSetup,
                  "observers are not supported in player_setup by sc2lite (join a running game with "
                  "observed_player_id instead)");
    }
  }
  if (participants == 0) {
    return fail(SC2APIProtocol::ResponseCreateGame::InvalidPlayerSetup, "player_setup has no Participant");
  }
  const bool melee = entry != nullptr && is_melee_map(entry);
  if (!melee) {
    // PySC2's `play` always adds a Computer, and the real game accepts it on a mini-game: it
    // owns nothing and never acts (the map's script drives the game), so the game is unchanged.
    if (computers > 1) {
      return fail(SC2APIProtocol::ResponseCreateGame::InvalidPlayerSetup,
                  map_name + " is a single-player mini-game: one Participant and at most one "
                  "Computer (which owns nothing and never acts); player_setup has " +
                      std::to_string(computers) + " Computers");
    }
    if (participants > 1) {
      return fail(SC2APIProtocol::ResponseCreateGame::MultiplayerUnsupported,
                  map_name + " is a single-player mini-game: exactly one Participant");
    }
  } else {
    if (r.player_setup_size() != 2) {
      return fail(SC2APIProtocol::ResponseCreateGame::InvalidPlayerSetup,
                  std::string(entry->name) + " is a 2-player map, player_setup has " +
                      std::to_string(r.player_setup_size()) +
                      " players: give one Participant and one Computer (or two Participants)");
    }
    for (const auto& p : r.player_setup()) {
      if (p.type() != SC2APIProtocol::Computer) continue;
      if (!playable_race(p.race())) {
        return fail(SC2APIProtocol::ResponseCreateGame::InvalidPlayerSetup,
                    "the Computer's race " + SC2APIProtocol::Race_Name(p.race()) +
                        " is not available: sc2lite plays Terran only (Terran or Random)");
      }
      if (p.has_difficulty() && !supported_difficulty(p.difficulty())) {
        return fail(SC2APIProtocol::ResponseCreateGame::InvalidPlayerSetup,
                    "Computer difficulty " + SC2APIProtocol::Difficulty_Name(p.difficulty()) +
                        " is not available in sc2lite: VeryEasy, Easy, Medium or Hard");
      }
    }
  }
  if (r.realtime()) log("create_game: realtime is not supported; the game advances on step only");

  GameConfig config;
  config.map = entry;
  config.map_file = std::move(chosen.file);
  config.map_path = path;
  config.seed = r.has_random_seed() ? r.random_seed() : options_.default_seed;
  config.disable_fog = r.disable_fog();
  config.players.assign(r.player_setup().begin(), r.player_setup().end());
  detach_observers();
  replay_.reset();
  config_ = std::move(config);
  interface_.reset();
  game_.reset();
  second_ = SecondSeat{};
  step_targets_ = {};
  episode_ = 0;
  status_ = SC2APIProtocol::init_game;
  // Of two Participants, the creator is player 1 once it joins (game_server_multiplayer.cpp).
  creator_.reset();
  if (two_participants()) {
    creator_ = player_connection_;
    player_connection_.reset();
  }
  players_changed_.notify_all();
  log("created " + map_name + (config_->map_file ? " (from its map file)" : "") + " with seed " +
      std::to_string(config_->seed));
}

std::optional<InterfaceSetup> GameServer::validate_join(const SC2APIProtocol::RequestJoinGame& r,
                                                        SC2APIProtocol::ResponseJoinGame* result) const {
  const auto fail = [&](SC2APIProtocol::ResponseJoinGame::Error error, const std::string& details) {
    result->set_error(error);
    result->set_error_details(details);
    log("join_game: " + details);
    return std::nullopt;
  };
  if (r.has_observed_player_id()) {
    return fail(SC2APIProtocol::ResponseJoinGame::FeatureUnsupported, "observers are not supported by sc2lite");
  }
  if (config_->map != nullptr && is_melee_map(config_->map) && r.has_race() && !playable_race(r.race())) {
    return fail(SC2APIProtocol::ResponseJoinGame::OtherError,
                "race " + SC2APIProtocol::Race_Name(r.race()) +
                    " is not available: sc2lite plays Terran only (join with Terran or Random)");
  }
  if (!r.has_options()) {
    return fail(SC2APIProtocol::ResponseJoinGame::MissingOptions,
                "options (InterfaceOptions) are required: enable raw and/or feature_layer");
  }
  std::string error;
  auto setup = parse_interface(r, error);
  if (!setup) return fail(SC2APIProtocol::ResponseJoinGame::FeatureUnsupported, error);
  return setup;
}

void GameServer::join_game(const SC2APIProtocol::RequestJoinGame& r, Response& out) {
  auto* result = out.mutable_join_game();
  if (status_ == SC2APIProtocol::launched) {
    result->set_error(SC2APIProtocol::ResponseJoinGame::OtherError);
    result->set_error_details("no game to join: send create_game first (to this sc2lite, or to the one hosting "
                              "the game, whose port the join's server_ports names)");
    log("join_game: " + result->error_details());
    return;
  }
  auto setup = validate_join(r, result);
  if (!setup) return;
  interface_ = std::move(*setup);
  join_request_ = r;
  start_episode();
  result->set_player_id(kAgentPlayer);
  status_ = SC2APIProtocol::in_game;
}

void GameServer::start_episode() {
  // Episode 0 plays the requested seed itself; later ones derive from it.
  const std::uint64_t seed = episode_ == 0 ? config_->seed : derive_seed(config_->seed, episode_);
  game_ = std::make_unique<Game>(*config_, seed);
  for (const auto& [id, o] : observers_) {
    if (!o.detached && o.iface.player > game_->participants()) game_->feed_every_player();  // watching the Computer
  }
  recorder_.start(*config_, join_request_, two_participants() ? &second_.join : nullptr, seed);
  for (auto& history : echo_histories_) history.clear();  // the last episode's are not this one's
  for (auto& history : error_histories_) history.clear();
  ++episode_;
}

void GameServer::restart_game(Response& out) {
  auto* result = out.mutable_restart_game();
  result->set_need_hard_reset(game_ && game_->world().game_loop() > (1u << 18));
  start_episode();
  status_ = SC2APIProtocol::in_game;
}

void GameServer::leave_game(Response& out) {
  out.mutable_leave_game();
  free_game();
}

void GameServer::free_game() {
  detach_observers();
  replay_.reset();
  game_.reset();
  interface_.reset();
  config_.reset();
  second_ = SecondSeat{};
  step_targets_ = {};
  status_ = SC2APIProtocol::launched;
  players_changed_.notify_all();
}

void GameServer::observation(Response& out, ConnectionId connection) {
  SC2APIProtocol::ResponseObservation* observation =
      spare_observation_ ? spare_observation_.release() : new SC2APIProtocol::ResponseObservation;
  observation->Clear();
  out.set_allocated_observation(observation);
  if (!replay_) {
    build_observation(*game_, interface_of(connection), observation, &layer_cache_of(connection));
    return;
  }
  observe_game(*game_, *interface_, replay_->camera, true, out.mutable_observation());
  // A recording saved mid-game ends undecided; one that ran to its end has the game's result.
  if (playback_finished(*replay_, *game_) && !game_->result()) {
    for (int player = 1; player <= replay_players(*replay_); ++player) {
      auto* r = out.mutable_observation()->add_player_result();
      r->set_player_id(static_cast<std::uint32_t>(player));
      r->set_result(SC2APIProtocol::Undecided);
    }
  }
}

void GameServer::action(const SC2APIProtocol::RequestAction& r, Response& out, ConnectionId connection) {
  auto* result = out.mutable_action();
  const int player = std::max(seat_of(connection), kAgentPlayer);
  const InterfaceSetup& iface = interface_of(connection);
  Game::PlayerFeed& feed = game_->feed(player);
  const std::size_t errors_before = feed.action_errors.size();
  auto& echoes = echo_histories_[static_cast<std::size_t>(player - 1)];
  auto& errors = error_histories_[static_cast<std::size_t>(player - 1)];
  for (const auto& a : r.actions()) {
    const std::size_t echoed_before = feed.echoed_actions.size();
    const SC2APIProtocol::ActionResult outcome = apply_action(*game_, iface, a);
    result->add_result(outcome);
    for (std::size_t i = echoed_before; i < feed.echoed_actions.size(); ++i) echoes.add(feed.echoed_actions[i]);
    // Observers also see the raw commands (SMAC's agents, raw bots); the player does not get
    // them back (PySC2 cannot map an echo with only action_raw: it raises).
    if (outcome == SC2APIProtocol::Success) {
      if (auto raw = raw_command_echo(a, game_->world().game_loop())) echoes.add(*raw);
    }
  }
  for (std::size_t i = errors_before; i < feed.action_errors.size(); ++i) errors.add(feed.action_errors[i]);
  recorder_.record(*game_, player, r);
}

void GameServer::step(const SC2APIProtocol::RequestStep& r, Response& out) {
  const std::uint32_t count = r.count() == 0 ? 1 : r.count();
  if (count > kMaxStepLoops) {
    out.add_error("step count " + std::to_string(count) + " is over the limit of " + std::to_string(kMaxStepLoops) +
                  " game loops per step request; send several smaller steps");
    log(out.error(0));
    return;
  }
  if (replay_) {
    advance_playback(*replay_, *game_, count);
    out.mutable_step()->set_simulation_loop(game_->world().game_loop());
    if (playback_finished(*replay_, *game_)) {
      status_ = SC2APIProtocol::ended;
      log("replay ended at loop " + std::to_string(game_->world().game_loop()));
    }
    return;
  }
  game_->step(count);
  game_clock_.stepped(count);
  out.mutable_step()->set_simulation_loop(game_->world().game_loop());
  if (game_->ended()) {
    status_ = SC2APIProtocol::ended;
    log("game ended at loop " + std::to_string(game_->world().game_loop()) + " with score " +
        std::to_string(game_->mini_game().score()));
  }
}

void GameServer::save_replay(Response& out) {
  // During playback the loaded replay is "the game so far" in full.
  out.mutable_save_replay()->set_data(replay_ ? replay_->bytes : recorder_.save(*game_));
}

}  // namespace sc2::engine
