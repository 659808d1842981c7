#include "engine/mapfile/map_folder.h"

#include <fstream>

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {
namespace fs = std::filesystem;
namespace {

// True when `path` (already made canonical) is `root` or lies under it.
bool is_inside(const fs::path& path, const fs::path& root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p) {
    if (p == path.end() || *p != *r) return false;
  }
  return true;
}

// Where a symbolic link leads, refused when that is outside the map folder: a map a client
// hands over must not make the server read /etc/passwd or another user's files. Links that
// stay inside are followed for files only (a link to a folder could make a cycle).
// Returns true when the entry is a link to a regular file inside the folder.
bool followed_link(const fs::directory_entry& entry, const fs::path& root, const std::string& name) {
  std::error_code error;
  const fs::path target = fs::weakly_canonical(entry.path(), error);
  if (error) throw MapError(name, "a symbolic link that cannot be resolved: " + error.message());
  if (!is_inside(target, root)) throw MapError(name, "a symbolic link to outside the map folder (" + target.string() + ")");
  return fs::is_regular_file(target, error);
}

std::string read_file(const fs::path& path, std::uint64_t size, const std::string& name) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MapError(name, "cannot be opened");
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  // A file that changed size while being read: refused rather than half read.
  if (static_cast<std::uint64_t>(in.gcount()) != size || in.peek() != std::char_traits<char>::eof()) {
    throw MapError(name, "changed while being read");
  }
  return bytes;
}

}  // namespace

MapFiles read_map_folder(const fs::path& folder, const MapLimits& limits) {
  const std::string where = folder.string();
  std::error_code error;
  if (!fs::is_directory(folder, error)) throw MapError(where, "not a folder");
  const fs::path root = fs::canonical(folder, error);
  if (error) throw MapError(where, "cannot resolve the folder: " + error.message());
  MapFiles files(limits);
  std::size_t entries = 0;
  fs::recursive_directory_iterator entry(root, fs::directory_options::none, error);
  if (error) throw MapError(where, "cannot list the folder: " + error.message());
  for (; entry != fs::recursive_directory_iterator(); entry.increment(error)) {
    if (error) throw MapError(where, "cannot list the folder: " + error.message());
    const std::string name = entry->path().lexically_relative(root).generic_string();
    // Every entry counts (folders, links, pipes too): listing a folder of millions of
    // entries must end early as well.
    if (++entries > limits.max_files) {
      throw MapError(name, "the map folder has more than " + std::to_string(limits.max_files) + " entries (the limit)");
    }
    const fs::file_status status = entry->symlink_status(error);
    if (error) throw MapError(name, "cannot read what it is: " + error.message());
    bool regular = fs::is_regular_file(status);
    if (fs::is_symlink(status)) {
      regular = followed_link(*entry, root, name);
    } else if (fs::is_directory(status) && entry.depth() + 1 > static_cast<int>(limits.max_folder_depth)) {
      throw MapError(name, "folders nested more than " + std::to_string(limits.max_folder_depth) +
                               " levels deep (the limit)");
    }
    // Devices, pipes and sockets are passed over: reading one could block or never end.
    if (!regular) continue;
    const std::uint64_t size = fs::file_size(entry->path(), error);
    if (error) throw MapError(name, "cannot read its size: " + error.message());
    files.check_room(name, size);
    files.add(name, read_file(entry->path(), size, name));
  }
  return files;
}

}  // namespace sc2::engine::mapfile
