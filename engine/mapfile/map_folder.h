#pragma once
// An unpacked map: the archive's files as plain files under a folder (the editor can save a
// map this way; `smpq -x` unpacks one), read into MapFiles with the same limits.
#include <filesystem>

#include "engine/mapfile/limits.h"
#include "engine/mapfile/map_files.h"

namespace sc2::engine::mapfile {

// Every regular file under `folder` (names relative to it, '/' separators). Throws MapError
// for folders nested more than max_folder_depth levels, more than max_files entries of any
// kind, a symbolic link that leads outside the folder (a link inside it to a file is read as
// that file; links to folders are not followed), or a file over the MapFiles limits.
// Devices, pipes and sockets are passed over (reading one could block or never end).
MapFiles read_map_folder(const std::filesystem::path& folder, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
