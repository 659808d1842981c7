#pragma once
// Facts about the seven PySC2 mini-games the UI shows (sc2-minigames.md).
#include <optional>
#include <string_view>

namespace sc2::app {

// Game loops until the map ends the episode (its time limit), nullopt for other maps.
std::optional<int> episode_loop_limit(std::string_view map);

}  // namespace sc2::app
