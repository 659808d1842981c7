// Reading .SC2Map archives with StormLib (archive.h). StormLib opens archives by file name
// only (9.22 has no memory stream), so bytes reach it as a memory file or a private temporary
// file (an archive on disk is read into memory first, so what is checked is what is read);
// either way the whole archive is read into MapFiles and closed before returning. It reads in a
// child process (isolated_read.h): StormLib is not safe on damaged archives.
#include <StormLib.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/file_names.h"
#include "engine/mapfile/isolated_read.h"
#include "engine/mapfile/map_error.h"
#include "engine/mapfile/mpq_extent.h"

namespace sc2::engine::mapfile {
namespace {

struct ArchiveCloser {
  void operator()(void* archive) const { SFileCloseArchive(archive); }
};
using ArchiveHandle = std::unique_ptr<void, ArchiveCloser>;

struct FileCloser {
  void operator()(void* file) const { SFileCloseFile(file); }
};
using FileHandle = std::unique_ptr<void, FileCloser>;

struct FindCloser {
  void operator()(void* find) const { SFileFindClose(find); }
};
using FindHandle = std::unique_ptr<void, FindCloser>;

std::string storm_error() { return "StormLib error " + std::to_string(GetLastError()); }

// Entries the reader does not return: StormLib's own bookkeeping files, and the names it
// makes up ("File00000012.xxx") for entries the listfile does not name.
bool is_internal_name(const std::string& name) {
  if (name.empty() || name[0] == '(') return true;
  if (name.size() >= 13 && name.compare(0, 4, "File") == 0 && name.find('/') == std::string::npos &&
      name.find('\\') == std::string::npos && name[12] == '.') {
    for (std::size_t i = 4; i < 12; ++i) {
      if (name[i] < '0' || name[i] > '9') return false;
    }
    return true;
  }
  return false;
}

void read_one(void* archive, const std::string& name, MapFiles& files) {
  void* raw = nullptr;
  if (!SFileOpenFileEx(archive, name.c_str(), SFILE_OPEN_FROM_MPQ, &raw)) {
    throw MapError(name, "listed in the archive but cannot be opened (" + storm_error() + ")");
  }
  const FileHandle file(raw);
  DWORD high = 0;
  const DWORD low = SFileGetFileSize(raw, &high);
  if (low == SFILE_INVALID_SIZE) throw MapError(name, "its size cannot be read (" + storm_error() + ")");
  const std::uint64_t size = (static_cast<std::uint64_t>(high) << 32) | low;
  files.check_room(name, size);  // before allocating what the archive claims
  std::string bytes(static_cast<std::size_t>(size), '\0');
  DWORD read = 0;
  const bool ok = size == 0 || SFileReadFile(raw, bytes.data(), static_cast<DWORD>(size), &read, nullptr);
  if (!ok || read != size) {
    throw MapError(name, "damaged: read " + std::to_string(read) + " of " + std::to_string(size) + " bytes (" +
                             storm_error() + ")");
  }
  files.add(name, std::move(bytes));
}

MapFiles read_open_archive(void* archive, const MapLimits& limits) {
  MapFiles files(limits);
  SFILE_FIND_DATA found{};
  void* raw_find = SFileFindFirstFile(archive, "*", &found, nullptr);
  if (raw_find) {
    const FindHandle find(raw_find);
    do {
      found.cFileName[sizeof(found.cFileName) - 1] = '\0';
      const std::string name = found.cFileName;
      if (!is_internal_name(name)) read_one(archive, name, files);
    } while (SFileFindNextFile(raw_find, &found));
  }
  // An archive whose listfile is missing or incomplete still opens files by name.
  for (const std::string_view known : file_names::kKnown) {
    const std::string name(known);
    if (!files.contains(name) && SFileHasFile(archive, name.c_str())) read_one(archive, name, files);
  }
  if (files.size() == 0) throw MapError("(archive)", "the archive holds no named file");
  return files;
}

// `remove_after_open`: a temporary file's name, removed as soon as StormLib has it open.
MapFiles read_archive_at(const std::string& open_path, const std::string& name, const MapLimits& limits,
                         const std::string& remove_after_open = {}) {
  void* raw = nullptr;
  const bool opened = SFileOpenArchive(open_path.c_str(), 0, MPQ_OPEN_READ_ONLY | MPQ_OPEN_NO_ATTRIBUTES, &raw);
  if (!remove_after_open.empty()) ::unlink(remove_after_open.c_str());  // StormLib holds its own descriptor
  if (!opened) throw MapError(name, "not a readable MPQ archive (" + storm_error() + ")");
  const ArchiveHandle archive(raw);
  try {
    return read_open_archive(raw, limits);
  } catch (const MapError& error) {
    if (error.file() == "(archive)") throw MapError(name, error.reason());
    throw;
  }
}

// A descriptor closed when it goes out of scope.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// A file name removed when it goes out of scope (already removed is fine).
class RemovedName {
 public:
  explicit RemovedName(std::string path) : path_(std::move(path)) {}
  ~RemovedName() { ::unlink(path_.c_str()); }
  RemovedName(const RemovedName&) = delete;
  RemovedName& operator=(const RemovedName&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

void write_all(int fd, std::string_view bytes, const std::string& name) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) throw MapError(name, std::string("cannot stage the archive for StormLib: ") + std::strerror(errno));
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
}

// The file's bytes (its size measured before, and bounded by max_archive_bytes).
std::string read_whole_file(const std::filesystem::path& path, std::uint64_t size, const std::string& name) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(static_cast<std::size_t>(size), '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) throw MapError(name, "cannot be read");
  return bytes;
}

std::string temp_folder() {
  const char* tmpdir = std::getenv("TMPDIR");
  return tmpdir && *tmpdir ? tmpdir : "/tmp";
}

}  // namespace

bool looks_like_archive(std::string_view bytes) {
  return bytes.size() >= 4 && bytes.compare(0, 3, "MPQ") == 0 && (bytes[3] == '\x1A' || bytes[3] == '\x1B');
}

MapFiles read_archive_file(const std::filesystem::path& path, const MapLimits& limits) {
  const std::string name = path.string();
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) throw MapError(name, "not a file");
  const std::uint64_t size = std::filesystem::file_size(path, error);
  if (error) throw MapError(name, "cannot read its size: " + error.message());
  if (size > limits.max_archive_bytes) {
    throw MapError(name, "the archive is " + std::to_string(size) + " bytes, over the limit of " +
                             std::to_string(limits.max_archive_bytes));
  }
  // Read once, and StormLib reads these bytes: what was checked is what is read, even if the
  // file changes meanwhile.
  return read_archive_bytes(read_whole_file(path, size, name), name, limits);
}

MapFiles read_archive_bytes(std::string_view bytes, const std::string& name, const MapLimits& limits,
                            ByteBacking backing) {
  if (bytes.size() > limits.max_archive_bytes) {
    throw MapError(name, "the archive is " + std::to_string(bytes.size()) + " bytes, over the limit of " +
                             std::to_string(limits.max_archive_bytes));
  }
  if (bytes.empty()) throw MapError(name, "no bytes: an empty archive");
  check_mpq_extent(bytes, name);
  if (backing == ByteBacking::memory_file) {
    const Descriptor memory(::memfd_create("sc2map", MFD_CLOEXEC));
    const std::string proc_path = "/proc/self/fd/" + std::to_string(memory.get());
    struct stat info {};
    if (memory.get() >= 0 && ::stat(proc_path.c_str(), &info) == 0) {
      write_all(memory.get(), bytes, name);
      return read_in_child_process([&] { return read_archive_at(proc_path, name, limits); }, name, limits,
                                   memory.get());
    }
    // No memfd or no /proc here: a private temporary file instead.
  }
  std::string pattern = temp_folder() + "/sc2map-XXXXXX";
  const Descriptor file(::mkstemp(pattern.data()));
  if (file.get() < 0) throw MapError(name, std::string("cannot create a temporary file: ") + std::strerror(errno));
  const RemovedName removed(pattern);
  write_all(file.get(), bytes, name);
  return read_in_child_process([&] { return read_archive_at(removed.path(), name, limits, removed.path()); }, name,
                               limits, file.get());
}

}  // namespace sc2::engine::mapfile
