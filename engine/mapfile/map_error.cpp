#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {

MapError::MapError(std::string file, std::string reason)
    : std::runtime_error(file + ": " + reason), file_(std::move(file)), reason_(std::move(reason)) {}

MapError MapError::in_map(const std::string& map) const {
  if (map.empty() || !map_.empty()) return *this;
  // The map as a whole at fault ("3m.SC2Map: not a readable MPQ archive"): named once.
  MapError error(map == file_ ? file_ : map + ": " + file_, reason_);
  error.file_ = file_;
  error.map_ = map;
  return error;
}

}  // namespace sc2::engine::mapfile
