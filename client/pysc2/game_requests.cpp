// Typed requests for watching games and saving replays (game_requests.h).
#include "client/pysc2/game_requests.h"

#include "client/controller.h"
#include "client/pysc2/env.h"

namespace sc2::pysc2 {
namespace {

SC2APIProtocol::InterfaceOptions viewer_interface(const EnvOptions& env) {
  SC2APIProtocol::InterfaceOptions options;
  options.set_raw(true);
  options.set_score(true);
  auto* feature = options.mutable_feature_layer();
  feature->set_width(env.camera_width);
  feature->mutable_resolution()->set_x(env.feature_screen_size);
  feature->mutable_resolution()->set_y(env.feature_screen_size);
  feature->mutable_minimap_resolution()->set_x(env.feature_minimap_size);
  feature->mutable_minimap_resolution()->set_y(env.feature_minimap_size);
  feature->set_crop_to_playable_area(false);
  feature->set_allow_cheating_layers(false);
  return options;
}

}  // namespace

ReplayInfo replay_info(Controller& controller, const std::string& replay_data) {
  SC2APIProtocol::Request request;
  request.mutable_replay_info()->set_replay_data(replay_data);
  const SC2APIProtocol::ResponseReplayInfo response = controller.call(std::move(request)).replay_info();
  ReplayInfo info;
  info.map_name = response.map_name();
  info.game_loops = response.game_duration_loops();
  for (const auto& player : response.player_info()) {
    if (player.player_info().type() != SC2APIProtocol::Observer) {
      info.player_ids.push_back(static_cast<int>(player.player_info().player_id()));
    }
  }
  return info;
}

void start_replay(Controller& controller, const std::string& replay_data, const EnvOptions& env,
                  int observed_player) {
  SC2APIProtocol::Request request;
  auto* start = request.mutable_start_replay();
  start->set_replay_data(replay_data);
  *start->mutable_options() = viewer_interface(env);
  start->set_observed_player_id(static_cast<std::uint32_t>(observed_player));
  start->set_realtime(false);
  controller.call(std::move(request));
}

void join_as_observer(Controller& controller, const EnvOptions& env, int observed_player) {
  SC2APIProtocol::RequestJoinGame join;
  join.set_observed_player_id(static_cast<std::uint32_t>(observed_player));
  *join.mutable_options() = viewer_interface(env);
  controller.join_game(join);
}

std::string save_replay(Controller& controller) { return controller.save_replay().data(); }

bool game_ended(const Controller& controller) { return controller.status() == SC2APIProtocol::ended; }

}  // namespace sc2::pysc2
