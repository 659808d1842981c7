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
                           std::uint64_t episode_seed) {
  header_ = ReplayHeader{};
  header_.engine_version = std::string(kEngineVersion);
  header_.data_hash = data_tables_hash();
  header_.game_version = std::string(kGameVersion);
  header_.data_version = std::string(kDataVersion);
  header_.data_build = kDataBuild;
  header_.base_build = kBaseBuild;
  header_.map_name = std::string(config.map->name);
  header_.map_path = config.map_path;
  header_.episode_seed = episode_seed;
  // Deterministic serialization: the same setup always gives the same header bytes.
  header_.create_game = create_request_of(config).SerializeAsString();
  header_.join_game = join.SerializeAsString();
  actions_.clear();
}

void ReplayRecorder::record(const Game& game, const SC2APIProtocol::RequestAction& request) {
  actions_.push_back({game.world().game_loop(), state_hash(game.world()), request.SerializeAsString()});
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
