#pragma once
// Creates and joins a mini-game through a Controller as an agent would (raw and score on,
// camera width 24): the client tests that drive a game request by request start with it.
#include <cstdint>
#include <string>

#include "client/controller.h"
#include "engine/maps/mini_game_registry.h"

namespace sc2::test {

inline void start_game(Controller& controller, const std::string& map, std::uint32_t seed, int screen = 32,
                       int minimap = 16) {
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path(sc2::engine::mini_game_map_path(map));
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  create.set_random_seed(seed);
  controller.create_game(create);
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  join.mutable_options()->set_raw(true);
  join.mutable_options()->set_score(true);
  auto* layers = join.mutable_options()->mutable_feature_layer();
  layers->set_width(24.0f);
  layers->mutable_resolution()->set_x(screen);
  layers->mutable_resolution()->set_y(screen);
  layers->mutable_minimap_resolution()->set_x(minimap);
  layers->mutable_minimap_resolution()->set_y(minimap);
  controller.join_game(join);
}

}  // namespace sc2::test
