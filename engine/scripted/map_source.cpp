#include "engine/scripted/map_source.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_error.h"

namespace sc2::engine::scripted {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kExtension = ".SC2Map";

// A relative path that names an entry inside the folder it is relative to: every part between
// '/'s a name, never "..", nor "." or empty ("." alone is the maps folder itself, which would be
// read as one map folder).
bool stays_inside(std::string_view path) {
  const fs::path as_path(path);
  if (path.empty() || as_path.is_absolute() || as_path.has_root_name() || as_path.has_root_directory()) return false;
  for (std::size_t start = 0;;) {
    const std::size_t slash = path.find('/', start);
    const std::string_view part = path.substr(start, slash == std::string_view::npos ? slash : slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == std::string_view::npos) return true;
    start = slash + 1;
  }
}

// The first bytes of a file, enough to tell an archive from a placeholder.
std::string file_start(const fs::path& path) {
  std::string bytes(512, '\0');
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return {};
  bytes.resize(std::fread(bytes.data(), 1, bytes.size(), file));
  std::fclose(file);
  return bytes;
}

std::shared_ptr<const ScriptedMapFactory> load(mapfile::MapData map, std::string_view map_path) {
  return ScriptedMapFactory::load(std::move(map), std::string(map_path));
}

}  // namespace

ChosenMap choose_map(std::string_view map_path, std::string_view map_data, const fs::path& maps_dir,
                     const std::function<const MiniGameEntry*(std::string_view)>& find_builtin) {
  const std::string name = map_name_from_path(map_path);
  if (mapfile::looks_like_archive(map_data)) {
    return {nullptr, load(mapfile::read_map_bytes(map_data, std::string(map_path)), map_path)};
  }
  const MiniGameEntry* builtin = find_builtin(name);
  const bool inside = stays_inside(map_path);
  if (!maps_dir.empty() && inside) {
    const fs::path path = maps_dir / fs::path(map_path);
    std::error_code error;
    if (fs::is_directory(path, error)) return {nullptr, load(mapfile::read_map(path), map_path)};
    if (fs::is_regular_file(path, error) && (builtin == nullptr || mapfile::looks_like_archive(file_start(path)))) {
      return {nullptr, load(mapfile::read_map(path), map_path)};
    }
  } else if (builtin == nullptr && !map_path.empty() && !inside) {
    throw ScriptedMapError(std::string(map_path) +
                           ": a map path is relative to the maps folder, without '..', '.' or empty parts (sc2lite --maps DIR)");
  }
  return {builtin, nullptr};
}

std::vector<std::string> map_files_under(const fs::path& maps_dir, std::size_t limit, int max_depth) {
  std::vector<std::string> found;
  std::error_code error;
  if (maps_dir.empty() || !fs::is_directory(maps_dir, error)) return found;
  fs::recursive_directory_iterator it(maps_dir, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator() && found.size() < limit; it.increment(error)) {
    const fs::path& path = it->path();
    const bool map = path.extension() == kExtension;
    if (map) found.push_back(fs::relative(path, maps_dir, error).generic_string());
    if ((map && it->is_directory(error)) || it.depth() >= max_depth) it.disable_recursion_pending();
  }
  std::sort(found.begin(), found.end());
  return found;
}

fs::path default_maps_dir() {
  const char* sc2path = std::getenv("SC2PATH");
  if (sc2path == nullptr || *sc2path == '\0') return {};
  return fs::path(sc2path) / "Maps";
}

}  // namespace sc2::engine::scripted
