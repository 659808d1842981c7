#pragma once
// Shared by the tests/engine/mapfile_*_test.cpp files: where the real map files are (read
// from ../shared/clients, never copied; a test skips with a message when they are absent),
// temporary folders, unpacking with Debian's `smpq -x`, and a small map made from scratch
// (our own content) for the tests that build or damage maps.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/mapfile/map_data.h"
#include "engine/mapfile/map_writer.h"
#include "tests/shared_dir.h"

namespace sc2::test::mapfile {

namespace fs = std::filesystem;
namespace mf = sc2::engine::mapfile;

inline fs::path mini_games_dir() { return shared_dir() / "clients/pysc2/pysc2/maps/mini_games"; }
inline fs::path smac_maps_dir() { return shared_dir() / "clients/smac/smac/env/starcraft2/maps/SMAC_Maps"; }

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

// A real map's path, or nullopt after saying why (MESSAGE: skipped) when the file is absent or
// is not an MPQ archive (a placeholder written over the real file, as sc2lite
// --install-layout writes through a link into the shared folder; the scripted tests skip the
// same way). A test that only prefers a real map to its own (`optional`) takes nullopt silently.
inline std::optional<fs::path> real_map(const fs::path& folder, const std::string& name, bool optional = false) {
  const fs::path path = folder / (name + ".SC2Map");
  if (!fs::exists(path)) {
    if (!optional) MESSAGE("skipped: " << path.string() << " is absent (set SC2_SHARED_DIR to the shared/ folder)");
    return std::nullopt;
  }
  const std::string head = read_file(path).substr(0, 64);
  if (head.compare(0, 3, "MPQ") != 0) {
    if (optional) return std::nullopt;
    MESSAGE("skipped: " << path.string() << " is not an MPQ archive but starts '" << head.substr(0, 40)
                        << "': the shared real map was overwritten; restore it");
    return std::nullopt;
  }
  return path;
}

// A fresh, empty folder under the temp folder, removed with its contents at the end.
class TempDir {
 public:
  explicit TempDir(const std::string& what) {
    static int counter = 0;
    path_ = fs::temp_directory_path() /
            ("sc2_mapfile_" + what + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    // Permissions a test took away would keep remove_all from its contents.
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

inline bool have_smpq() {
  if (std::system("command -v smpq >/dev/null 2>&1") == 0) return true;
  MESSAGE("skipped: smpq is not installed (apt-get install smpq), so the archive cannot be unpacked to compare");
  return false;
}

// Every file of `archive` unpacked by smpq (not by our reader) into `folder`.
inline void unpack_with_smpq(const fs::path& archive, const fs::path& folder) {
  fs::create_directories(folder);
  const std::string command =
      "cd '" + folder.string() + "' && smpq -x '" + fs::absolute(archive).string() + "' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  INFO("smpq -x " << archive.string());
  REQUIRE(status == 0);
}

// An archive packed by smpq from the files of `folder` (names relative to it).
inline void pack_with_smpq(const fs::path& folder, const std::vector<std::string>& names, const fs::path& archive) {
  std::string command = "cd '" + folder.string() + "' && smpq -c '" + fs::absolute(archive).string() + "'";
  for (const std::string& name : names) command += " '" + name + "'";
  command += " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  INFO(command);
  REQUIRE(status == 0);
}

// The files of a small map of our own (map_writer.h's example map).
inline mf::MapFiles tiny_map_files() { return mf::example_map_files(); }

// The reason of the MapError `read` throws ("" and a failed check when it throws none).
template <typename Read>
mf::MapError map_error_of(Read&& read) {
  try {
    read();
  } catch (const mf::MapError& error) {
    return error;
  }
  FAIL_CHECK("no MapError was thrown");
  return mf::MapError("", "");
}

}  // namespace sc2::test::mapfile
