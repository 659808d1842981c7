#pragma once
// The maps sc2lite carries, by name, in the order RequestAvailableMaps lists them: the built-in
// map folders (assets/maps/<category>/<Name>.SC2Map/, compiled in; scripted/builtin_maps.h), run
// like any map file. The one-player maps (the mini-games) come first, then the two-player maps
// under Melee/ (melee_registry.h); within each, assets/maps/order.txt's order. Adding a map is
// adding its folder: no list of names to edit.
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/maps/mini_game.h"

namespace sc2::engine {

struct MiniGameEntry {
  std::string_view name;  // the map's name: "MoveToBeacon"
  std::string_view path;  // its folder under the maps folder: "mini_games/MoveToBeacon.SC2Map"
  bool melee = false;     // a two-player map under Melee/

  // A fresh game (one episode) of the folder's map.
  std::unique_ptr<MiniGame> make() const;
};

// The one-player built-in maps.
std::span<const MiniGameEntry> mini_games();
const MiniGameEntry* find_mini_game(std::string_view name);

// "mini_games/<Name>.SC2Map" (any directory, optional extension) -> "<Name>".
std::string map_name_from_path(std::string_view map_path);
// "mini_games/<Name>.SC2Map" for a mini-game, as RequestAvailableMaps lists them.
std::string mini_game_map_path(std::string_view name);

}  // namespace sc2::engine
