#pragma once
// The seven PySC2 mini-games by name; the ones not implemented yet have no factory.
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/maps/mini_game.h"

namespace sc2::engine {

struct MiniGameEntry {
  std::string_view name;                    // e.g. "MoveToBeacon"
  std::unique_ptr<MiniGame> (*make)();      // nullptr = not implemented yet
};

std::span<const MiniGameEntry> mini_games();
const MiniGameEntry* find_mini_game(std::string_view name);

// "mini_games/MoveToBeacon.SC2Map" (any directory, optional extension) -> "MoveToBeacon".
std::string map_name_from_path(std::string_view map_path);
// "mini_games/MoveToBeacon.SC2Map" for every mini-game, as RequestAvailableMaps lists them.
std::string mini_game_map_path(std::string_view name);

// Factories, one per mini-game source file.
std::unique_ptr<MiniGame> make_move_to_beacon();
std::unique_ptr<MiniGame> make_collect_mineral_shards();
std::unique_ptr<MiniGame> make_defeat_roaches();
std::unique_ptr<MiniGame> make_defeat_zerglings_and_banelings();
std::unique_ptr<MiniGame> make_collect_minerals_and_gas();
std::unique_ptr<MiniGame> make_build_marines();
std::unique_ptr<MiniGame> make_find_and_defeat_zerglings();

}  // namespace sc2::engine
