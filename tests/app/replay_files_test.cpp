// Saved replays: <map>-<date>-<time>.SC2Replay, numbered when that second has one already,
// written whole into a folder made when needed, and a clear error where it cannot be.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "app/session/replay_files.h"
#include "tests/app/app_test_support.h"

using sc2::app::next_replay_path;
using sc2::app::save_replay_file;

namespace {

std::string read(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("replay names carry the map and the local time, and never overwrite an earlier replay") {
  sc2::test::TempDir dir;
  const std::time_t now = 1'700'000'000;
  const auto first = next_replay_path(dir.path(), "MoveToBeacon", now);
  CHECK(first.parent_path() == dir.path());
  CHECK(first.extension() == ".SC2Replay");
  CHECK(first.filename().string().starts_with("MoveToBeacon-"));
  CHECK(first.filename().string().size() == std::string("MoveToBeacon-YYYYmmdd-HHMMSS.SC2Replay").size());
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  CHECK(first.filename() == std::string("MoveToBeacon-") + stamp + ".SC2Replay");

  std::ofstream(first) << "x";
  const auto second = next_replay_path(dir.path(), "MoveToBeacon", now);
  CHECK(second.stem().string() == first.stem().string() + "-2");
  std::ofstream(second) << "x";
  CHECK(next_replay_path(dir.path(), "MoveToBeacon", now).stem().string() == first.stem().string() + "-3");
  CHECK(next_replay_path(dir.path(), "DefeatRoaches", now).stem().string().starts_with("DefeatRoaches-"));
}

TEST_CASE("saving a replay makes the folder, writes the bytes whole and leaves no partial file") {
  sc2::test::TempDir dir;
  const std::string bytes("replay\0bytes", 12);
  const auto folder = dir.path() / "a" / "b";
  const auto file = save_replay_file(folder, "MoveToBeacon", bytes, 1'700'000'000);
  CHECK(file.parent_path() == folder);
  CHECK(read(file) == bytes);
  const auto again = save_replay_file(folder, "MoveToBeacon", bytes, 1'700'000'000);
  CHECK(again != file);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    CHECK(entry.path().extension() == ".SC2Replay");
    ++files;
  }
  CHECK(files == 2);
}

TEST_CASE("a replay folder that cannot be made is an error naming it") {
  sc2::test::TempDir dir;
  std::ofstream(dir.path() / "file") << "x";
  const auto folder = dir.path() / "file" / "replays";
  CHECK_THROWS_WITH(save_replay_file(folder, "MoveToBeacon", "bytes", 1'700'000'000),
                    doctest::Contains((dir.path() / "file").string().c_str()));
}
