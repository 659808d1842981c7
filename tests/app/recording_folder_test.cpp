// next_recording_folder: a new or empty folder is used as is; a used one gets a free suffix.
#include <doctest/doctest.h>

#include <fstream>

#include "app/program/recording_folder.h"
#include "tests/app/app_test_support.h"

using sc2::app::next_recording_folder;

TEST_CASE("a new or empty folder is used, a non-empty one moves to the first free -N sibling") {
  sc2::test::TempDir dir;
  const auto base = dir.path() / "demo";
  CHECK(next_recording_folder(base) == base);
  std::filesystem::create_directories(base);
  CHECK(next_recording_folder(base) == base);
  std::ofstream(base / "index.json") << "{}";
  CHECK(next_recording_folder(base) == dir.path() / "demo-2");
  std::filesystem::create_directories(dir.path() / "demo-2");
  std::ofstream(dir.path() / "demo-2" / "x") << "x";
  CHECK(next_recording_folder(base) == dir.path() / "demo-3");
  std::ofstream(dir.path() / "file") << "x";  // a regular file is not a folder to record into
  CHECK(next_recording_folder(dir.path() / "file") == dir.path() / "file-2");
}
