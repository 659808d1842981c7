#pragma once
// .SC2Map archives (MPQ) through Debian's StormLib: every file of an archive read into
// MapFiles, from a path or from the archive's bytes, and archives written from MapFiles
// (test variants of real maps, later map export). StormLib's header stays in archive*.cpp.
#include <filesystem>
#include <string>
#include <string_view>

#include "engine/mapfile/limits.h"
#include "engine/mapfile/map_files.h"

namespace sc2::engine::mapfile {

// Every named file of the archive at `path` (the listing's special "(listfile)" and
// "(attributes)" entries excepted). Throws MapError naming the archive or the file.
MapFiles read_archive_file(const std::filesystem::path& path, const MapLimits& limits = {});

// How read_archive_bytes hands bytes to StormLib, which only opens files by name.
enum class ByteBacking {
  // An anonymous in-memory file (memfd) opened as /proc/self/fd/N: no name on any disk, gone
  // with its last descriptor. Falls back to temp_file where the kernel or /proc lacks it.
  memory_file,
  // A private (0600) file from mkstemp in the temporary folder, removed as soon as StormLib
  // has opened it, and in any case before this returns or throws.
  temp_file,
};

// The archive in `bytes` (RequestCreateGame.local_map.map_data). `name` names it in errors.
MapFiles read_archive_bytes(std::string_view bytes, const std::string& name = "map_data",
                            const MapLimits& limits = {}, ByteBacking backing = ByteBacking::memory_file);

// True when the bytes start as an MPQ archive does ("MPQ\x1A" header or "MPQ\x1B" user data).
bool looks_like_archive(std::string_view bytes);

// Writes the files as a new archive at `path` (replacing it), zlib-compressed, with a listfile.
void write_archive_file(const MapFiles& files, const std::filesystem::path& path);
// The same, as bytes.
std::string archive_bytes(const MapFiles& files);

}  // namespace sc2::engine::mapfile
