// sc2lite's watch on the program that started it (engine/server/parent_watch.h); the end to
// end case (the launching process killed, sc2lite stops) is in tests/client/orphan_sc2lite_test.cpp.
#include "engine/server/parent_watch.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

using sc2::engine::parent_to_follow;
using sc2::engine::ParentWatch;
using namespace std::chrono_literals;

TEST_CASE("SC2LITE_EXIT_WITH_PARENT: only a whole positive pid is followed") {
  CHECK(parent_to_follow(nullptr) == std::nullopt);
  CHECK(parent_to_follow("") == std::nullopt);
  CHECK(parent_to_follow("abc") == std::nullopt);
  CHECK(parent_to_follow("12x") == std::nullopt);
  CHECK(parent_to_follow(" 12") == std::nullopt);
  CHECK(parent_to_follow("-3") == std::nullopt);
  CHECK(parent_to_follow("0") == std::nullopt);
  CHECK(parent_to_follow("99999999999999999999") == std::nullopt);
  CHECK(parent_to_follow("4242") == 4242);
}

TEST_CASE("the watch fires at once when the parent is not the one named, not while it is, and stops when destroyed") {
  std::atomic<bool> fired_for_other = false, fired_for_ours = false;
  // pid 1 is never this test's parent when ctest or a shell runs it.
  const int other = ::getppid() == 1 ? 2 : 1;
  {
    ParentWatch watch_other(other, [&] { fired_for_other = true; }, 10ms);
    ParentWatch watch_ours(::getppid(), [&] { fired_for_ours = true; }, 10ms);
    for (int i = 0; i < 200 && !fired_for_other; ++i) std::this_thread::sleep_for(10ms);
    CHECK(fired_for_other);
    std::this_thread::sleep_for(100ms);  // ten periods
    CHECK_FALSE(fired_for_ours);
    const auto before = std::chrono::steady_clock::now();
    {
      ParentWatch slow(::getppid(), [] {}, std::chrono::hours(1));
    }
    CHECK(std::chrono::steady_clock::now() - before < 1s);  // destroying it does not wait out a period
  }
  CHECK_FALSE(fired_for_ours);
}
