#pragma once
// How many observations to_observation decoded, and game infos to_game_view, in this process
// so far (features.h; all threads, a relaxed atomic each): what tests and sc2studio's action
// log read to show that each observation is decoded once, in the client, and nowhere else.
#include <cstdint>

namespace sc2::pysc2 {

std::uint64_t observation_decodes();
std::uint64_t game_view_decodes();

}  // namespace sc2::pysc2
