// Saving when the disk is full or the folder unusable: a clear error naming the file and the
// reason, the games go on, and nothing is left behind that looks complete. A full disk is
// simulated with /dev/full (ENOSPC) for one file, and with a file size limit (ulimit -f,
// EFBIG) for the sc2agent program; both fail writes the way a full disk does, even for root.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "agents/atomic_file.h"

namespace fs = std::filesystem;

namespace {

struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("sc2-write-faults-" + std::to_string(::getpid()));
  TempFolder() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
};

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

template <class Call>
std::string error_of(Call&& call) {
  try {
    call();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "";
}

bool have_binaries() {
  for (const char* name : {"sc2agent", "sc2lite"}) {
    if (!fs::exists(fs::path(SC2_BIN_DIR) / name)) {
      MESSAGE("skipped: " << (fs::path(SC2_BIN_DIR) / name).string() << " is not built");
      return false;
    }
  }
  return true;
}

struct Outcome {
  int exit_code = -1;
  std::string output;  // stdout and stderr together (a pipe: not limited by ulimit -f)
};

// Runs sc2agent under `ulimit -f <blocks>` (1 KiB blocks; SIGXFSZ ignored so that writes fail
// with EFBIG instead of killing it), as a full disk would make them fail.
Outcome run_sc2agent_with_file_limit(int blocks, const std::string& arguments) {
  const std::string command = "bash -c \"trap '' XFSZ; ulimit -f " + std::to_string(blocks) +
                              "; exec env -u SC2PATH timeout 120 '" + (fs::path(SC2_BIN_DIR) / "sc2agent").string() +
                              "' " + arguments + "\" 2>&1";
  Outcome outcome;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) outcome.output.append(buffer, got);
  const int status = ::pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return outcome;
}

}  // namespace

TEST_CASE("write_file_atomically writes the bytes and leaves no temporary file") {
  TempFolder folder;
  const auto file = folder.path / "a.SC2Replay";
  sc2::agents::write_file_atomically(file, "replay bytes");
  CHECK(read_file(file) == "replay bytes");
  CHECK_FALSE(fs::exists(sc2::agents::partial_name(file)));
}

TEST_CASE("a full disk (/dev/full) fails with ENOSPC named, leaves nothing, and keeps an older complete file") {
  TempFolder folder;
  const auto file = folder.path / "b.SC2Replay";
  std::ofstream(file) << "the complete older replay";
  // The temporary file is where the bytes go first; make it the full disk.
  fs::create_symlink("/dev/full", sc2::agents::partial_name(file));
  const std::string error = error_of([&] { sc2::agents::write_file_atomically(file, std::string(100000, 'r')); });
  INFO(error);
  CHECK(contains(error, file.string()));
  CHECK(contains(error, "No space left on device"));
  CHECK(read_file(file) == "the complete older replay");
  CHECK_FALSE(fs::exists(fs::symlink_status(sc2::agents::partial_name(file))));
}

TEST_CASE("a folder that cannot hold files fails with the reason named and creates nothing") {
  TempFolder folder;
  std::ofstream(folder.path / "not-a-folder") << "x";
  const auto file = folder.path / "not-a-folder" / "c.SC2Replay";
  const std::string error = error_of([&] { sc2::agents::write_file_atomically(file, "bytes"); });
  INFO(error);
  CHECK(contains(error, file.string()));
  CHECK(contains(error, "Not a directory"));
}

TEST_CASE("sc2agent --save_replay on a full disk: every episode is played, each lost replay is named, nothing left") {
  if (!have_binaries()) return;
  TempFolder folder;
  const auto replays = folder.path / "replays";
  const Outcome outcome = run_sc2agent_with_file_limit(
      0, "--map MoveToBeacon --agent scripted --episodes 2 --seed 3 --save_replay '" + replays.string() + "'");
  INFO(outcome.output);
  CHECK(outcome.exit_code == 1);                 // the replays were asked for and are missing
  CHECK(contains(outcome.output, "episode 1:"));  // both problems named
  CHECK(contains(outcome.output, "episode 2:"));
  CHECK(contains(outcome.output, "replay not saved"));
  CHECK(contains(outcome.output, "File too large"));
  CHECK(contains(outcome.output, "2 episodes"));  // the summary: the games went on
  REQUIRE(fs::is_directory(replays));
  CHECK(fs::is_empty(replays));  // no truncated replay, no temporary file
}

TEST_CASE("sc2agent --record on a full disk: the games go on and the folder stays an unfinished recording") {
  if (!have_binaries()) return;
  TempFolder folder;
  const auto dataset = folder.path / "dataset";
  // 1 KiB per file: the array headers fit, the first row of layers does not.
  const Outcome outcome = run_sc2agent_with_file_limit(
      1, "--map MoveToBeacon --agent scripted --episodes 2 --seed 3 --record '" + dataset.string() + "'");
  INFO(outcome.output);
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "recording stopped"));
  CHECK(contains(outcome.output, "unfinished"));
  CHECK(contains(outcome.output, "2 episodes"));
  CHECK_FALSE(contains(outcome.output, "recorded "));
  CHECK_FALSE(fs::exists(dataset / "index.json"));  // what marks a recording complete
}
