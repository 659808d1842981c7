#include "client/local_map_file.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "client/map_paths.h"

namespace sc2 {

namespace fs = std::filesystem;

namespace {

// "…/Maps/mini_games/X.SC2Map" -> "mini_games/X.SC2Map" (the real game's own name for it);
// a file outside any Maps folder is named by its file name.
std::string sent_map_path(const fs::path& path) {
  const fs::path absolute = fs::absolute(path).lexically_normal();
  fs::path after_maps;
  bool found = false;
  for (const fs::path& part : absolute) {
    if (found) after_maps /= part;
    if (part == "Maps") {
      found = true;
      after_maps.clear();
    }
  }
  return found && !after_maps.empty() ? after_maps.generic_string() : path.filename().string();
}

// The file `choice` names when it is a map file here that may be sent (nullopt: none here),
// without reading it; throws as read_local_map_file says.
std::optional<fs::path> sendable_map_file(std::string_view choice) {
  if (!is_map_path(choice)) return std::nullopt;
  fs::path path{std::string(choice)};
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (error || status.type() == fs::file_type::not_found) return std::nullopt;
  const std::string shown(choice);
  if (status.type() == fs::file_type::directory) {
    throw std::runtime_error(shown + " is a map folder: a game plays map folders from its own Maps folder "
                             "(sc2lite --maps DIR), named by their path there; or save the map as one .SC2Map file");
  }
  if (status.type() != fs::file_type::regular) throw std::runtime_error(shown + " is not a map file");
  const auto size = fs::file_size(path, error);
  if (error) throw std::runtime_error(shown + ": cannot read its size: " + error.message());
  if (size > kMaxLocalMapBytes) {
    throw std::runtime_error(shown + " is " + std::to_string(size >> 20) + " MiB; map files larger than " +
                             std::to_string(kMaxLocalMapBytes >> 20) + " MiB are not sent");
  }
  return path;
}

}  // namespace

std::optional<LocalMapFile> read_local_map_file(std::string_view choice) {
  const auto path = sendable_map_file(choice);
  if (!path) return std::nullopt;
  std::ifstream file(*path, std::ios::binary);
  LocalMapFile map{sent_map_path(*path), std::string(std::istreambuf_iterator<char>(file), {})};
  if (!file && !file.eof()) throw std::runtime_error(std::string(choice) + ": cannot be read");
  return map;
}

// Checked without reading the file: the settings field asks on every click.
std::string local_map_file_refusal(std::string_view path) {
  if (path.empty()) return "no map file given";
  if (!path.ends_with(kMapExtension)) return std::string(path) + " is not a .SC2Map file";
  try {
    if (!sendable_map_file(path)) return std::string(path) + " does not exist";
  } catch (const std::exception& error) {
    return error.what();
  }
  return {};
}

}  // namespace sc2
