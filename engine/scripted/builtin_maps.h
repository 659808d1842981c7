#pragma once
// The maps sc2lite carries (issue 35): map folders of our own under assets/maps/, laid out as a
// StarCraft II Maps folder (<category>/<Name>.SC2Map/: MapInfo, terrain, Regions, Objects,
// GameStrings, MapScript.galaxy), compiled into the programs by the build and run like any map
// file (scripted_map.h). Nothing is read from disk at run time.
//
//   std::shared_ptr<const ScriptedMapFactory> map = builtin_map_factory("MoveToBeacon");
//   std::unique_ptr<MiniGame> episode = map->make();
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/map_files.h"
#include "engine/scripted/scripted_map.h"

namespace sc2::engine::scripted {

// Every built-in map folder's path under the maps folder ("mini_games/MoveToBeacon.SC2Map"), in
// assets/maps/order.txt's order, then the folders it does not name by path.
std::vector<std::string_view> builtin_map_paths();

// The path of the built-in map of that name ("MoveToBeacon") or path; nullopt for none.
std::optional<std::string_view> find_builtin_map(std::string_view name_or_path);

// The folder's files, as a map folder on disk would give them.
std::optional<mapfile::MapFiles> builtin_map_files(std::string_view name_or_path);

// Its game, read and compiled once per process (thread-safe; later calls share it); nullptr for
// none. Throws ScriptedMapError or mapfile::MapError for a built-in map that does not load (a
// bug: tests/engine/builtin_map_folders_test.cpp loads each one).
std::shared_ptr<const ScriptedMapFactory> builtin_map_factory(std::string_view name_or_path);

}  // namespace sc2::engine::scripted
