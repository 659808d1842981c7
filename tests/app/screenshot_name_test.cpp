// F12's file names: one per second, numbered when a second already has one.
#include <doctest/doctest.h>

#include <fstream>

#include "app/program/screenshot_name.h"
#include "tests/app/app_test_support.h"

TEST_CASE("screenshot names carry the local time and never overwrite an earlier picture") {
  sc2::test::TempDir dir;
  const std::time_t now = 1'700'000'000;
  const auto first = sc2::app::next_screenshot_path(dir.path(), now);
  CHECK(first.parent_path() == dir.path());
  CHECK(first.filename().string().starts_with("sc2studio-"));
  CHECK(first.extension() == ".png");
  CHECK(first.filename().string().size() == std::string("sc2studio-YYYYmmdd-HHMMSS.png").size());
  std::ofstream(first) << "png";
  const auto second = sc2::app::next_screenshot_path(dir.path(), now);
  CHECK(second != first);
  CHECK(second.stem().string() == first.stem().string() + "-2");
  std::ofstream(second) << "png";
  CHECK(sc2::app::next_screenshot_path(dir.path(), now).stem().string() == first.stem().string() + "-3");
  CHECK(sc2::app::next_screenshot_path(dir.path(), now + 1) != first);  // the next second starts afresh
}
