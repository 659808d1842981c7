#pragma once
// How maps are named between the app, the PySC2 layer and a game. A game lists its maps as
// paths under its Maps folder (RequestAvailableMaps: "mini_games/<Name>.SC2Map", a real
// game's "Ladder/<Name>.SC2Map", ...). PySC2 names a mini-game by its bare name and sends
// mini_games/<Name>.SC2Map; a map elsewhere is chosen by its path.
#include <string>
#include <string_view>

namespace sc2 {

inline constexpr std::string_view kMiniGamesFolder = "mini_games/";
inline constexpr std::string_view kMapExtension = ".SC2Map";

// Whether a choice is a map path (it has a folder or the .SC2Map extension), not a bare name.
bool is_map_path(std::string_view choice);
// ".../<Name>.SC2Map" (any folder, extension optional) -> "<Name>".
std::string map_name_from_path(std::string_view path);
// The map path a choice is sent as: a bare name -> "<folder>/<name>.SC2Map" with the map
// catalogue's folder ("Melee/Flat64.SC2Map"), "mini_games/<name>.SC2Map" for a name it does not
// know; a path (with a folder or the .SC2Map extension) as it is.
std::string map_path_for(std::string_view choice);
// The choice (what --map and EnvOptions::map take) that selects a listed map path: a
// mini-game's bare name for "mini_games/<Name>.SC2Map" (a melee map's for "Melee/<Name>.SC2Map"),
// the path itself otherwise.
std::string map_choice_for_path(std::string_view path);

}  // namespace sc2
