#include "engine/server/replay_playback.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/maps/melee_registry.h"
#include "engine/server/action_interpreter.h"
#include "engine/sim/state_hash.h"

namespace sc2::engine {

namespace {

using StartError = SC2APIProtocol::ResponseStartReplay;

// Longer than any mini-game's time limit; bounds the check of an edited game_loops.
constexpr std::uint32_t kMaxReplayLoops = 1u << 22;
constexpr std::uintmax_t kMaxReplayFileBytes = 256u << 20;

std::string result_name(std::uint32_t result) {
  if (result == 0) return "not over";
  return SC2APIProtocol::Result_Name(static_cast<SC2APIProtocol::Result>(result));
}

// Re-applies one recorded request (checked in load_replay: it parses, its kind is known and
// its player has a recorded interface when it acts).
void apply_record(ReplayPlayback& playback, Game& game, const ReplayAction& recorded) {
  SC2APIProtocol::Request request;
  request.ParseFromString(recorded.request);
  const int player = static_cast<int>(recorded.player);
  switch (request.request_case()) {
    case SC2APIProtocol::Request::kAction:
      for (const auto& action : request.action().actions()) {
        apply_action(game, *playback.recorded[static_cast<std::size_t>(player - 1)], action);
      }
      break;
    case SC2APIProtocol::Request::kDebug: game.debug(request.debug()); break;  // refused: the hash check tells
    case SC2APIProtocol::Request::kLeaveGame: game.concede(player); break;
    default: break;
  }
}

// Re-applies the recorded requests due by the current loop. With `divergence`, also compares
// each record's state-hash checkpoint and describes the first mismatch there.
void apply_recorded(ReplayPlayback& playback, Game& game, std::string* divergence = nullptr) {
  const auto& actions = playback.replay.actions;
  while (playback.next_action < actions.size() &&
         actions[playback.next_action].game_loop <= game.world().game_loop()) {
    const ReplayAction& recorded = actions[playback.next_action];
    apply_record(playback, game, recorded);
    if (divergence != nullptr && divergence->empty()) {
      const std::uint64_t hash = state_hash(game.world());
      if (hash != recorded.state_hash_after) {
        *divergence = "re-simulation diverged from the recording at action record " +
                      std::to_string(playback.next_action) + " (game loop " + std::to_string(recorded.game_loop) +
                      ", player " + std::to_string(recorded.player) + "): state hash " + std::to_string(hash) +
                      ", recorded " + std::to_string(recorded.state_hash_after);
      }
    }
    ++playback.next_action;
  }
}

// Empty when record `i` is one this engine can re-apply; else why not.
std::string record_problem(const ReplayPlayback& playback, const ReplayAction& record, std::size_t i) {
  const std::string which = "action record " + std::to_string(i);
  const int players = replay_players(playback);
  if (record.player < 1 || record.player > static_cast<std::uint32_t>(players)) {
    return which + " names player " + std::to_string(record.player) + ", the game has players 1.." +
           std::to_string(players);
  }
  SC2APIProtocol::Request request;
  if (!request.ParseFromString(record.request)) return which + " is not a Request";
  switch (request.request_case()) {
    case SC2APIProtocol::Request::kAction:
      if (!playback.recorded[record.player - 1]) {
        return which + " is an action of player " + std::to_string(record.player) +
               ", who is not a Participant with a recorded join";
      }
      return {};
    case SC2APIProtocol::Request::kDebug:
      for (const auto& command : request.debug().debug()) {
        if (!command.has_kill_unit() && !command.has_create_unit() && !command.has_draw()) {
          return which + " is a debug command other than kill_unit, create_unit or draw";
        }
      }
      return {};
    case SC2APIProtocol::Request::kLeaveGame:
      if (players < 2) return which + " is a leave_game in a one-player game";
      return {};
    default:
      return which + " holds a request other than action, debug or leave_game";
  }
}

// Runs the whole recording once; empty when every checkpoint and the end match the recording.
std::string verify_by_resimulation(ReplayPlayback& playback) {
  const ReplayHeader& h = playback.replay.header;
  std::unique_ptr<Game> game = start_playback(playback);
  std::string divergence;
  while (!playback_finished(playback, *game) && divergence.empty()) {
    apply_recorded(playback, *game, &divergence);
    game->step(1);
  }
  apply_recorded(playback, *game, &divergence);  // actions sent after the last step, before saving
  if (!divergence.empty()) return divergence;
  const std::uint32_t loop = game->world().game_loop();
  const std::uint32_t result = game->result() ? static_cast<std::uint32_t>(*game->result()) : 0;
  const std::uint64_t hash = state_hash(game->world());
  if (loop != h.game_loops || result != h.result || hash != h.final_state_hash) {
    return "re-simulation diverged from the recording: it reached loop " + std::to_string(loop) + " (" +
           result_name(result) + ", state hash " + std::to_string(hash) + "), the replay says loop " +
           std::to_string(h.game_loops) + " (" + result_name(h.result) + ", state hash " +
           std::to_string(h.final_state_hash) + ")";
  }
  return {};
}

}  // namespace

std::unique_ptr<ReplayPlayback> load_replay(std::string_view bytes, ReplayLoadError& error) {
  const auto fail = [&](StartError::Error code, std::string details) -> std::unique_ptr<ReplayPlayback> {
    error.code = code;
    error.details = std::move(details);
    return nullptr;
  };
  ReplayReadError read_error;
  auto replay = decode_replay(bytes, read_error);
  if (!replay) return fail(StartError::InvalidReplayData, read_error.details);
  if (std::string why = replay_incompatibility(replay->header); !why.empty()) {
    const bool map_only = why.rfind("map", 0) == 0;  // map problems are listed last
    return fail(map_only ? StartError::InvalidMapData : StartError::InvalidReplayData,
                "this engine cannot replay it exactly: " + why);
  }
  const ReplayHeader& h = replay->header;
  if (h.game_loops > kMaxReplayLoops) {
    return fail(StartError::InvalidReplayData, "game_loops " + std::to_string(h.game_loops) +
                                                   " is beyond any mini-game's length (" +
                                                   std::to_string(kMaxReplayLoops) + ")");
  }

  auto playback = std::make_unique<ReplayPlayback>();
  SC2APIProtocol::RequestCreateGame create;
  if (!create.ParseFromString(h.create_game) || !create.has_local_map()) {
    return fail(StartError::InvalidReplayData, "header field create_game is not a RequestCreateGame with a local_map");
  }
  playback->config.map = find_map(h.map_name);
  playback->config.map_path = h.map_path;
  playback->config.seed = create.random_seed();
  playback->config.disable_fog = create.disable_fog();
  playback->config.players.assign(create.player_setup().begin(), create.player_setup().end());
  if (playback->config.players.empty() || playback->config.players.size() > 2) {
    return fail(StartError::InvalidReplayData, "header field create_game has " +
                                                   std::to_string(playback->config.players.size()) +
                                                   " players; sc2lite games have 1 or 2");
  }
  const std::string* joins[2] = {&h.join_game, &h.join_game_2};
  for (std::size_t p = 0; p < 2; ++p) {
    if (p == 1 && joins[p]->empty()) break;  // player 2 is a Computer, or a format-1 replay
    const std::string field = p == 0 ? "join_game" : "join_game_2";
    SC2APIProtocol::RequestJoinGame join;
    if (!join.ParseFromString(*joins[p]) || !join.has_options()) {
      return fail(StartError::InvalidReplayData, "header field " + field + " is not a RequestJoinGame with options");
    }
    std::string interface_error;
    auto recorded = parse_interface(join, interface_error);
    if (!recorded) {
      return fail(StartError::InvalidReplayData, "player " + std::to_string(p + 1) +
                                                     "'s recorded interface options: " + interface_error);
    }
    recorded->player = static_cast<int>(p) + 1;
    playback->joins[p] = std::move(join);
    playback->recorded[p] = std::move(*recorded);
  }
  for (std::size_t i = 0; i < replay->actions.size(); ++i) {
    if (std::string why = record_problem(*playback, replay->actions[i], i); !why.empty()) {
      return fail(StartError::InvalidReplayData, why);
    }
  }
  playback->replay = std::move(*replay);
  playback->bytes.assign(bytes);

  if (std::string why = verify_by_resimulation(*playback); !why.empty()) {
    return fail(StartError::InvalidReplayData, why);
  }
  return playback;
}

int replay_players(const ReplayPlayback& playback) {
  // A mini-game has one player whatever an edited create_game lists.
  const int map_players = playback.config.map != nullptr && is_melee_map(playback.config.map) ? 2 : 1;
  return std::min(static_cast<int>(playback.config.players.size()), map_players);
}

SC2APIProtocol::RequestJoinGame join_of_player(const ReplayPlayback& playback, int player) {
  const std::size_t seat = static_cast<std::size_t>(player - 1);
  if (seat < playback.joins.size() && playback.joins[seat]) return *playback.joins[seat];
  SC2APIProtocol::RequestJoinGame join;  // a Computer: Participants come first in the ids
  join.set_race(SC2APIProtocol::Terran);
  return join;
}

std::unique_ptr<Game> start_playback(ReplayPlayback& playback) {
  playback.next_action = 0;
  playback.camera.reset();
  return std::make_unique<Game>(playback.config, playback.replay.header.episode_seed);
}

bool playback_finished(const ReplayPlayback& playback, const Game& game) {
  return game.ended() || game.world().game_loop() >= playback.replay.header.game_loops;
}

void advance_playback(ReplayPlayback& playback, Game& game, std::uint32_t loops) {
  for (std::uint32_t i = 0; i < loops && !playback_finished(playback, game); ++i) {
    apply_recorded(playback, game);
    game.step(1);
  }
  // The recording ended: actions the player sent after its last step are part of it.
  if (playback_finished(playback, game)) apply_recorded(playback, game);
}

std::optional<std::string> read_replay_file(const std::string& path, std::string& error) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    error = "cannot read replay file '" + path + "': " + ec.message();
    return std::nullopt;
  }
  if (size > kMaxReplayFileBytes) {
    error = "replay file '" + path + "' is " + std::to_string(size) + " bytes, more than any sc2lite replay";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  if (in.is_open()) content << in.rdbuf();
  if (!in.is_open()) {
    error = "cannot read replay file '" + path + "'";
    return std::nullopt;
  }
  return std::move(content).str();
}

}  // namespace sc2::engine
