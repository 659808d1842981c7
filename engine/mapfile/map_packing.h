#pragma once
// A map between its two forms: an unpacked folder (edit the script in a text editor) and an
// .SC2Map archive (what PySC2 and the game read). `sc2lite --pack` / `--unpack`.
#include <cstddef>
#include <filesystem>

#include "engine/mapfile/limits.h"
#include "engine/mapfile/map_files.h"

namespace sc2::engine::mapfile {

// Reads the folder as the engine reads a map folder, checks it is a map the engine can read
// (MapInfo, terrain, MapScript.galaxy and every file it parses), and writes its files as the
// archive `archive`: a new file, in place of any old one only once it is whole (a failed pack
// leaves the old archive as it was). Returns the number of files. Throws MapError naming the
// file and why.
std::size_t pack_map_folder(const std::filesystem::path& folder, const std::filesystem::path& archive,
                            const MapLimits& limits = {});

// Reads the archive (StormLib in its child process, as any map) and writes every file under
// `folder`, which must not exist or be empty (a folder with files may hold edits: never
// overwritten). Returns the number of files. Throws MapError naming the file and why.
std::size_t unpack_map_archive(const std::filesystem::path& archive, const std::filesystem::path& folder,
                               const MapLimits& limits = {});

// Writes `files` under `folder`, which must not exist or be empty (a folder with files may hold
// edits: never overwritten): what --unpack and --new-map write. Throws MapError naming the
// folder or the file and why.
void write_map_folder(const MapFiles& files, const std::filesystem::path& folder);

}  // namespace sc2::engine::mapfile
