// Writing .SC2Map archives with StormLib (archive.h): what tests use to make variants of the
// real maps (a changed script, a damaged file) and what a later map export can use.
#include <StormLib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {
namespace {

std::string storm_error() { return "StormLib error " + std::to_string(GetLastError()); }

}  // namespace

void write_archive_file(const MapFiles& files, const std::filesystem::path& path) {
  const std::string where = path.string();
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
  // Room for every file and the listfile; StormLib rounds the table up to a power of two.
  const DWORD max_files = static_cast<DWORD>(files.size() + 16);
  HANDLE archive = nullptr;
  if (!SFileCreateArchive(where.c_str(), MPQ_CREATE_ARCHIVE_V1 | MPQ_CREATE_LISTFILE, max_files, &archive)) {
    throw MapError(where, "cannot create the archive (" + storm_error() + ")");
  }
  bool ok = true;
  std::string failed;
  for (const std::string& name : files.names()) {
    const std::string& bytes = *files.find(name);
    HANDLE file = nullptr;
    const DWORD size = static_cast<DWORD>(bytes.size());
    // Stored as the real maps store them: "Base.SC2Data\GameData\UnitData.xml".
    std::string stored = name;
    std::replace(stored.begin(), stored.end(), '/', '\\');
    ok = SFileCreateFile(archive, stored.c_str(), 0, size, 0, MPQ_FILE_COMPRESS | MPQ_FILE_REPLACEEXISTING, &file);
    if (ok && size > 0) ok = SFileWriteFile(file, bytes.data(), size, MPQ_COMPRESSION_ZLIB);
    if (file && !SFileFinishFile(file)) ok = false;
    if (!ok) {
      failed = name + " (" + storm_error() + ")";
      break;
    }
  }
  if (!SFileCloseArchive(archive) && ok) {
    ok = false;
    failed = "closing (" + storm_error() + ")";
  }
  if (!ok) {
    std::filesystem::remove(path, ignored);
    throw MapError(where, "cannot write the archive: " + failed);
  }
}

std::string archive_bytes(const MapFiles& files) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string pattern = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/sc2map-out-XXXXXX";
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) throw MapError("(archive)", std::string("cannot create a temporary file: ") + std::strerror(errno));
  ::close(fd);
  struct Remove {
    std::string path;
    ~Remove() { ::unlink(path.c_str()); }
  } const remove{pattern};
  write_archive_file(files, pattern);
  std::ifstream in(pattern, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace sc2::engine::mapfile
