#pragma once
// A map chosen by a path to a file on this computer (`--map ~/maps/MyGame.SC2Map`): its bytes
// are sent as create_game's local_map.map_data, as PySC2 sends a map it read from disk, so the
// game needs no copy of it in its own Maps folder.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sc2 {

struct LocalMapFile {
  std::string map_path;  // what create_game names it: the part after a "Maps" folder, else the file name
  std::string bytes;
};

// Larger than any real map (ladder maps are a few MiB) and below the websocket's message limit.
inline constexpr std::size_t kMaxLocalMapBytes = 64u << 20;

// The file `choice` names, when it is a map path (a folder or the .SC2Map extension) to an
// existing file here; nullopt for a bare map name or a path that does not exist here (which the
// game resolves under its Maps folder). Throws std::runtime_error naming the path when it is a
// map folder (the game plays folders from its Maps folder only), cannot be read, or is too large.
std::optional<LocalMapFile> read_local_map_file(std::string_view choice);

// Why `path` cannot be played as a map file here ("" when it can: an existing .SC2Map file).
// The map chooser's file field and scripted runs check a typed path with it before a restart.
std::string local_map_file_refusal(std::string_view path);

}  // namespace sc2
