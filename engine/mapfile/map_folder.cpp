#include "engine/mapfile/map_folder.h"

#include <fstream>
#include <iterator>

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {
namespace fs = std::filesystem;

MapFiles read_map_folder(const fs::path& folder, const MapLimits& limits) {
  const std::string where = folder.string();
  std::error_code error;
  if (!fs::is_directory(folder, error)) throw MapError(where, "not a folder");
  MapFiles files(limits);
  fs::recursive_directory_iterator entry(folder, fs::directory_options::none, error);
  if (error) throw MapError(where, "cannot list the folder: " + error.message());
  for (; entry != fs::recursive_directory_iterator(); entry.increment(error)) {
    if (error) throw MapError(where, "cannot list the folder: " + error.message());
    if (entry.depth() >= static_cast<int>(limits.max_folder_depth)) {
      entry.disable_recursion_pending();
      if (entry->is_directory(error)) continue;
    }
    if (!entry->is_regular_file(error)) continue;
    const std::string name = entry->path().lexically_relative(folder).generic_string();
    const std::uint64_t size = entry->file_size(error);
    if (error) throw MapError(name, "cannot read its size: " + error.message());
    files.check_room(name, size);
    std::ifstream in(entry->path(), std::ios::binary);
    if (!in) throw MapError(name, "cannot be opened");
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(size));
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    // A file that changed size while being read: take only what was there when measured.
    if (static_cast<std::uint64_t>(in.gcount()) != size) throw MapError(name, "changed while being read");
    files.add(name, std::move(bytes));
  }
  return files;
}

}  // namespace sc2::engine::mapfile
