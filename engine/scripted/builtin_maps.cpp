#include "engine/scripted/builtin_maps.h"

#include <map>
#include <mutex>

#include "engine/builtin_map_folders.h"  // generated from assets/maps (engine/CMakeLists.txt)
#include "engine/mapfile/map_data.h"
#include "engine/maps/mini_game_registry.h"

namespace sc2::engine::scripted {

namespace {

const embedded::MapFolder* find_folder(std::string_view name_or_path) {
  for (const embedded::MapFolder& folder : embedded::kMapFolders) {
    if (folder.file_count == 0) continue;  // the build's entry for "no folders"
    if (folder.path == name_or_path || map_name_from_path(folder.path) == name_or_path) return &folder;
  }
  return nullptr;
}

mapfile::MapFiles files_of(const embedded::MapFolder& folder) {
  mapfile::MapFiles files;
  for (std::size_t i = 0; i < folder.file_count; ++i) {
    files.add(std::string(folder.files[i].name), std::string(folder.files[i].bytes));
  }
  return files;
}

}  // namespace

std::vector<std::string_view> builtin_map_paths() {
  std::vector<std::string_view> paths;
  for (const embedded::MapFolder& folder : embedded::kMapFolders) {
    if (folder.file_count != 0) paths.push_back(folder.path);
  }
  return paths;
}

std::optional<std::string_view> find_builtin_map(std::string_view name_or_path) {
  const embedded::MapFolder* folder = find_folder(name_or_path);
  if (folder == nullptr) return std::nullopt;
  return folder->path;
}

std::optional<mapfile::MapFiles> builtin_map_files(std::string_view name_or_path) {
  const embedded::MapFolder* folder = find_folder(name_or_path);
  if (folder == nullptr) return std::nullopt;
  return files_of(*folder);
}

std::shared_ptr<const ScriptedMapFactory> builtin_map_factory(std::string_view name_or_path) {
  const embedded::MapFolder* folder = find_folder(name_or_path);
  if (folder == nullptr) return nullptr;
  static std::mutex mutex;
  static std::map<const embedded::MapFolder*, std::shared_ptr<const ScriptedMapFactory>> loaded;
  const std::lock_guard lock(mutex);
  std::shared_ptr<const ScriptedMapFactory>& factory = loaded[folder];
  if (factory == nullptr) {
    const std::string path(folder->path);
    factory = ScriptedMapFactory::load(mapfile::map_data_from_files(files_of(*folder), map_name_from_path(path)), path);
  }
  return factory;
}

}  // namespace sc2::engine::scripted
