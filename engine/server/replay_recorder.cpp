#include "engine/server/replay_recorder.h"

#include "engine/server/game_server.h"
#include "engine/sim/state_hash.h"

namespace sc2::engine {

SC2APIProtocol::RequestCreateGame create_request_of(const GameConfig& config) {
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path(config.map_path);
  for (const auto& p : config.players) *create.add_player_setup() = p;
  create.set_disable_fog(config.disable_fog);
  create.set_random_seed(static_cast<std::uint32_t>(config.seed));
  return create;
}

void ReplayRecorder::start(const GameConfig& config, const SC2APIProtocol::RequestJoinGame& join,
                           const SC2APIProtocol::RequestJoinGame* join_2, std::uint64_t episode_seed) {
  header_ = ReplayHeader{};
  header_.engine_version = std::string(kEngineVersion);
  header_.data_hash = data_tables_hash();
  header_.game_version = std::string(kGameVersion);
  header_.data_version = std::string(kDataVersion);
  header_.data_build = kDataBuild;
  header_.base_build = kBaseBuild;
  header_.map_name = config.map_name();
  header_.map_path = config.map_path;
  header_.episode_seed = episode_seed;
  // Deterministic serialization: the same setup always gives the same header bytes.
  header_.create_game = create_request_of(config).SerializeAsString();
  header_.join_game = join.SerializeAsString();
  if (join_2 != nullptr) header_.join_game_2 = join_2->SerializeAsString();
  actions_.clear();
}

void ReplayRecorder::add(const Game& game, int player, const SC2APIProtocol::Request& request) {
  actions_.push_back({game.world().game_loop(), static_cast<std::uint32_t>(player), state_hash(game.world()),
                      request.SerializeAsString()});
}

void ReplayRecorder::record(const Game& game, int player, const SC2APIProtocol::RequestAction& request) {
  SC2APIProtocol::Request whole;
  *whole.mutable_action() = request;
  add(game, player, whole);
}

void ReplayRecorder::record(const Game& game, int player, const SC2APIProtocol::RequestDebug& request) {
  SC2APIProtocol::Request whole;
  *whole.mutable_debug() = request;
  add(game, player, whole);
}

void ReplayRecorder::record_leave(const Game& game, int player) {
  SC2APIProtocol::Request whole;
  whole.mutable_leave_game();
  add(game, player, whole);
}

std::string ReplayRecorder::save(const Game& game) const {
  Replay replay;
  replay.header = header_;
  replay.header.game_loops = game.world().game_loop();
  replay.header.result = game.result() ? static_cast<std::uint32_t>(*game.result()) : 0;
  replay.header.final_state_hash = state_hash(game.world());
  replay.actions = actions_;
  return encode_replay(replay);
}

}  // namespace sc2::engine
