// GameClock: holds a player's steps to a pace (speed, pause, single step), lets go when the
// requester is gone or the clock shuts down, and measures the game's real rate.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <thread>

#include "engine/server/game_clock.h"

using namespace sc2::engine;
using namespace std::chrono_literals;
using Clock = GameClock::Clock;

namespace {

// Starts hold() on another thread; the future tells whether it released the step.
std::future<bool> hold_async(GameClock& clock, std::uint32_t loops, std::function<bool()> gone = {}) {
  return std::async(std::launch::async, [&clock, loops, gone] { return clock.hold(loops, gone); });
}

bool still_held(std::future<bool>& held, std::chrono::milliseconds wait = 150ms) {
  return held.wait_for(wait) == std::future_status::timeout;
}

}  // namespace

TEST_CASE("a step of N loops is due N / (22.4 x speed) seconds after the game reached its loop") {
  const Clock::time_point start{};
  CHECK(GameClock::due(start, 224, 1.0) - start == std::chrono::duration_cast<Clock::duration>(10s));
  CHECK(GameClock::due(start, 8, 2.0) - start ==
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(8 / 44.8)));
  CHECK(GameClock::due(start, 224, 100.0) - start == std::chrono::duration_cast<Clock::duration>(100ms));
}

TEST_CASE("unpaced (speed 0, running) a step is never held") {
  GameClock clock;
  CHECK_FALSE(clock.active());
  const auto start = Clock::now();
  for (int i = 0; i < 100; ++i) REQUIRE(clock.hold(1u << 20));
  CHECK(Clock::now() - start < 1s);
}

TEST_CASE("at a speed, steps come no faster than the pace") {
  // 8 loops at 10x real time: one step per 35.7 ms.
  GameClock clock({10.0, false});
  CHECK(clock.active());
  const auto start = Clock::now();
  for (int i = 0; i < 6; ++i) REQUIRE(clock.hold(8));
  const std::chrono::duration<double> took = Clock::now() - start;
  CHECK(took.count() >= 6 * 8 / 224.0 - 0.002);
  CHECK(took.count() < 3.0);  // held, not stuck
  // Back to as fast as possible: no more waiting.
  clock.set_speed(0);
  CHECK_FALSE(clock.active());
  const auto fast = Clock::now();
  for (int i = 0; i < 50; ++i) REQUIRE(clock.hold(8));
  CHECK(Clock::now() - fast < 500ms);
}

TEST_CASE("a client slower than the pace is not rushed afterwards") {
  GameClock clock({10.0, false});  // 35.7 ms per 8 loops
  REQUIRE(clock.hold(8));
  std::this_thread::sleep_for(400ms);  // the client thought for a long time
  const auto start = Clock::now();
  REQUIRE(clock.hold(8));   // overdue: at once
  REQUIRE(clock.hold(8));   // but not the next: no burst to make up the 400 ms
  const std::chrono::duration<double> took = Clock::now() - start;
  CHECK(took.count() >= 8 / 224.0 - 0.002);
}

TEST_CASE("paused, a step waits for a single step or resume, and a single step lets exactly one through") {
  GameClock clock({0.0, true});
  CHECK(clock.active());
  auto first = hold_async(clock, 8);
  CHECK(still_held(first));
  clock.single_step();
  REQUIRE(first.wait_for(2s) == std::future_status::ready);
  CHECK(first.get());

  auto second = hold_async(clock, 8);
  CHECK(still_held(second));  // one step only
  clock.set_paused(false);
  REQUIRE(second.wait_for(2s) == std::future_status::ready);
  CHECK(second.get());
  CHECK(clock.hold(8));  // running at speed 0
}

TEST_CASE("several single steps before the player steps still make one step") {
  GameClock clock({0.0, true});
  clock.single_step();
  clock.single_step();
  CHECK(clock.hold(8));
  auto next = hold_async(clock, 8);
  CHECK(still_held(next));
  clock.shut_down();
  REQUIRE(next.wait_for(2s) == std::future_status::ready);
  CHECK_FALSE(next.get());
}

TEST_CASE("a single step while running changes nothing") {
  GameClock clock;
  clock.single_step();
  CHECK_FALSE(clock.active());
  clock.set_paused(true);
  auto held = hold_async(clock, 8);
  CHECK(still_held(held));  // the earlier single step was not saved up
  clock.set_paused(false);
  CHECK(held.get());
}

TEST_CASE("a held step lets go when its requester is gone, and after shut_down") {
  GameClock clock({0.0, true});
  std::atomic<bool> gone = false;
  auto held = hold_async(clock, 8, [&gone] { return gone.load(); });
  CHECK(still_held(held));
  gone = true;
  REQUIRE(held.wait_for(2s) == std::future_status::ready);
  CHECK_FALSE(held.get());
  CHECK(clock.pace().paused);  // the pace itself is unchanged

  auto slow = GameClock({0.001, false});  // 8 loops take about six minutes
  auto waiting = hold_async(slow, 8);
  CHECK(still_held(waiting));
  slow.shut_down();
  REQUIRE(waiting.wait_for(2s) == std::future_status::ready);
  CHECK_FALSE(waiting.get());
  CHECK_FALSE(slow.hold(8));  // and from then on
}

TEST_CASE("a faster pace set while a step waits applies to that step") {
  GameClock clock({0.001, false});
  auto waiting = hold_async(clock, 8);
  CHECK(still_held(waiting));
  clock.set_speed(1000);
  REQUIRE(waiting.wait_for(2s) == std::future_status::ready);
  CHECK(waiting.get());
}

TEST_CASE("a speed that is no number or negative means as fast as possible") {
  GameClock clock;
  clock.set_speed(-3);
  CHECK(clock.pace().speed == 0);
  clock.set_speed(std::nan(""));
  CHECK(clock.pace().speed == 0);
  clock.set_speed(INFINITY);
  CHECK(clock.pace().speed == 0);
  CHECK_FALSE(clock.active());
}

TEST_CASE("loops_per_second measures the steps the game took, and falls when it stands still") {
  GameClock clock;
  CHECK(clock.loops_per_second() == 0);
  clock.stepped(8);
  CHECK(clock.loops_per_second() == 0);  // one step is no rate yet
  for (int i = 0; i < 5; ++i) {
    std::this_thread::sleep_for(20ms);
    clock.stepped(8);
  }
  const double rate = clock.loops_per_second();
  CHECK(rate > 0);
  CHECK(rate <= 8 / 0.020 + 1);  // the steps were at least 20 ms apart
  std::this_thread::sleep_for(300ms);
  CHECK(clock.loops_per_second() < rate / 2);
}
