#pragma once
// An unpacked map: the archive's files as plain files under a folder (the editor can save a
// map this way; `smpq -x` unpacks one), read into MapFiles with the same limits.
#include <filesystem>

#include "engine/mapfile/limits.h"
#include "engine/mapfile/map_files.h"

namespace sc2::engine::mapfile {

// Every regular file under `folder` (names relative to it, '/' separators), at most
// max_folder_depth levels down. Symbolic links to folders are not followed; devices, pipes
// and sockets are skipped (reading one could block or never end). Throws MapError.
MapFiles read_map_folder(const std::filesystem::path& folder, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
