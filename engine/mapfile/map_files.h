#pragma once
// The files of one map, by name, whatever they came from (an archive, its bytes, a folder).
// Names are as the map lists them with '/' separators ("Base.SC2Data/GameData/UnitData.xml":
// the reference archives store "Base.SC2Data\GameData\UnitData.xml", a folder has '/');
// lookups ignore case and take '\' for '/', as MPQ archives do. Adding checks the limits, so
// a map's files never hold more than MapLimits allows.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

class MapFiles {
 public:
  explicit MapFiles(MapLimits limits = {}) : limits_(limits) {}

  // Throws MapError when the name is empty, too long or already there (in any case), the
  // bytes are over max_file_bytes, or the map would pass max_files / max_total_bytes.
  void add(std::string name, std::string bytes);
  // Adds, or replaces the file of that name (any case), with the same checks: how variants of
  // a map are made (a changed script, a damaged file).
  void put(std::string name, std::string bytes);
  // Removes the file of that name (any case); false when there was none.
  bool remove(std::string_view name);
  // Checks, before reading a file of `bytes` bytes, that add() would take it.
  void check_room(const std::string& name, std::uint64_t bytes) const;

  const std::string* find(std::string_view name) const;
  bool contains(std::string_view name) const { return find(name) != nullptr; }
  // The bytes, or MapError "<name>: missing from the map".
  const std::string& require(std::string_view name) const;
  // The file names as stored, sorted by their lookup key.
  std::vector<std::string> names() const;
  // Names under a folder ("Base.SC2Data/GameData/") that end with `suffix` (any case).
  std::vector<std::string> names_under(std::string_view folder, std::string_view suffix) const;

  std::size_t size() const { return files_.size(); }
  std::uint64_t total_bytes() const { return total_bytes_; }
  const MapLimits& limits() const { return limits_; }

  // Same names (as stored) and bytes; the limits are not compared.
  bool operator==(const MapFiles& other) const { return files_ == other.files_; }

  // The lookup key of a name: lower case, '/' separators.
  static std::string key(std::string_view name);

 private:
  struct File {
    std::string name;
    std::string bytes;
    bool operator==(const File&) const = default;
  };
  MapLimits limits_;
  std::map<std::string, File> files_;
  std::uint64_t total_bytes_ = 0;
};

}  // namespace sc2::engine::mapfile
