#pragma once
// Where a game's map comes from (issue 34 item 3), as the real game finds it:
// RequestCreateGame.local_map's map_data when it holds an archive, else map_path relative to the
// maps folder (sc2lite --maps DIR, else SC2PATH/Maps). A built-in map's name still plays the
// built-in: sc2lite --install-layout writes placeholders (not archives) under the built-ins'
// paths, which PySC2 reads and sends back as map_data, and a client may name a built-in map
// without any file.
//
// A map_path is a relative path inside the maps folder ("mini_games/MoveToBeacon.SC2Map",
// "SMAC_Maps/3m.SC2Map"); an absolute one or one with "..", "." or empty parts is refused, so a
// client cannot make the server read files elsewhere, nor the maps folder itself as one map.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/maps/mini_game_registry.h"
#include "engine/scripted/scripted_map.h"

namespace sc2::engine::scripted {

struct ChosenMap {
  const MiniGameEntry* builtin = nullptr;          // a built-in map, or
  std::shared_ptr<const ScriptedMapFactory> file;  // a map file (neither: no such map)
};

// Throws ScriptedMapError or mapfile::MapError for a file that is there and cannot be played
// (damaged archive, script error, ...), each naming the map and the reason.
// `find_builtin` answers a built-in map by name ("MoveToBeacon"), nullptr when none.
ChosenMap choose_map(std::string_view map_path, std::string_view map_data, const std::filesystem::path& maps_dir,
                     const std::function<const MiniGameEntry*(std::string_view)>& find_builtin);

// The .SC2Map files and map folders under the maps folder, as map paths relative to it
// ("SMAC_Maps/3m.SC2Map"), sorted; at most `limit`, none when the folder is absent. The folder
// is walked `max_depth` levels down.
std::vector<std::string> map_files_under(const std::filesystem::path& maps_dir, std::size_t limit = 1000,
                                         int max_depth = 4);

// The maps folder sc2lite uses when not given one: $SC2PATH/Maps, else empty (none).
std::filesystem::path default_maps_dir();

}  // namespace sc2::engine::scripted
