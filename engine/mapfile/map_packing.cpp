#include "engine/mapfile/map_packing.h"

#include <unistd.h>

#include <fstream>
#include <string>
#include <system_error>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_data.h"
#include "engine/mapfile/map_error.h"
#include "engine/mapfile/map_folder.h"

namespace sc2::engine::mapfile {
namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& bytes, const std::string& name) {
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error) throw MapError(name, "cannot create its folder: " + error.message());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw MapError(name, "cannot be written to " + path.string());
}

void check_new_or_empty(const fs::path& folder) {
  std::error_code error;
  if (fs::exists(folder, error) && !(fs::is_directory(folder, error) && fs::is_empty(folder, error))) {
    throw MapError(folder.string(), "is there and not an empty folder: a map's files are never overwritten");
  }
}

}  // namespace

std::size_t pack_map_folder(const fs::path& folder, const fs::path& archive, const MapLimits& limits) {
  MapFiles files = read_map_folder(folder, limits);
  const std::size_t count = files.size();
  // Every file the engine parses must parse: a pack that cannot be played is refused here,
  // not when a game is created from it.
  const MapData map = map_data_from_files(std::move(files), map_name_of(archive));
  // Written beside the target, then renamed over it: the old archive stays until the new one
  // is whole.
  const fs::path partial = archive.string() + ".partial-" + std::to_string(::getpid());
  try {
    write_archive_file(map.files, partial);
  } catch (...) {
    std::error_code ignored;
    fs::remove(partial, ignored);
    throw;
  }
  std::error_code error;
  fs::rename(partial, archive, error);
  if (error) {
    fs::remove(partial, error);
    throw MapError(archive.string(), "cannot be written: " + error.message());
  }
  return count;
}

std::size_t unpack_map_archive(const fs::path& archive, const fs::path& folder, const MapLimits& limits) {
  check_new_or_empty(folder);  // before the archive is read: a refusal costs nothing
  std::error_code error;
  if (fs::is_directory(archive, error)) throw MapError(archive.string(), "is a folder, not an archive");
  const MapFiles files = read_archive_file(archive, limits);
  write_map_folder(files, folder);
  return files.size();
}

void write_map_folder(const MapFiles& files, const fs::path& folder) {
  check_new_or_empty(folder);
  for (const std::string& name : files.names()) write_file(folder / name, *files.find(name), name);
}

}  // namespace sc2::engine::mapfile
