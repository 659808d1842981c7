#include "engine/mapfile/map_data.h"

#include <algorithm>
#include <new>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_folder.h"

namespace sc2::engine::mapfile {
namespace {

// Runs one way of reading and gives every failure the map's name. Memory running out is
// reported like any other refusal (the limits make it unlikely, not impossible).
template <typename Read>
MapData reading(const std::string& map, Read&& read) {
  try {
    return read();
  } catch (const MapError& error) {
    throw error.in_map(map);
  } catch (const std::bad_alloc&) {
    throw MapError(map, "out of memory while reading the map");
  } catch (const std::length_error&) {
    throw MapError(map, "out of memory while reading the map");
  }
}

}  // namespace

std::string map_name_of(const std::filesystem::path& path) {
  std::filesystem::path trimmed = path;
  if (!trimmed.has_filename()) trimmed = trimmed.parent_path();  // "3m.SC2Map/"
  std::string name = trimmed.filename().string();
  constexpr std::string_view kExtension = ".sc2map";
  if (name.size() > kExtension.size() && MapFiles::key(name.substr(name.size() - kExtension.size())) == kExtension) {
    name.resize(name.size() - kExtension.size());
  }
  return name;
}

std::string MapData::document_name() const {
  const auto found = strings.find("DocInfo/Name");
  return found == strings.end() ? std::string() : found->second;
}

std::optional<std::string> MapData::include_text(std::string_view path) const {
  if (const std::string* text = files.find(path)) return *text;
  if (const std::string* text = files.find(std::string(path) + ".galaxy")) return *text;
  return std::nullopt;
}

MapData map_data_from_files(MapFiles files, std::string name) {
  namespace names = file_names;
  const MapLimits& limits = files.limits();
  MapData map;
  map.name = std::move(name);
  map.info = parse_map_info(files.require(names::kMapInfo), limits);
  map.terrain = parse_terrain(files.require(names::kSyncHeightMap), files.require(names::kCellFlags),
                              files.require(names::kSyncCliffLevel), map.info.width, map.info.height);
  map.script = files.require(names::kMapScript);
  if (const std::string* text = files.find(names::kRegions)) map.regions = parse_regions(*text, limits);
  if (const std::string* text = files.find(names::kObjects)) map.objects = parse_objects(*text, limits);
  if (const std::string* text = files.find(names::kDocumentInfo)) map.document = parse_document_info(*text, limits);
  if (const std::string* text = files.find(names::kGameStrings)) map.strings = parse_game_strings(*text, limits);
  for (const std::string& file : files.names_under(names::kGameDataFolder, ".xml")) {
    add_catalog(map.game_data, file, *files.find(file), limits);
  }
  map.files = std::move(files);
  return map;
}

MapData read_map(const std::filesystem::path& path, const MapLimits& limits) {
  const std::string where = path.string();
  return reading(where, [&] {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) return map_data_from_files(read_map_folder(path, limits), map_name_of(path));
    if (!std::filesystem::exists(path, error)) throw MapError(where, "no such file or folder");
    return map_data_from_files(read_archive_file(path, limits), map_name_of(path));
  });
}

MapData read_map_bytes(std::string_view bytes, const std::string& path, const MapLimits& limits) {
  const std::string where = path.empty() ? std::string("map_data") : path;
  return reading(where, [&] { return map_data_from_files(read_archive_bytes(bytes, where, limits), map_name_of(where)); });
}

}  // namespace sc2::engine::mapfile
