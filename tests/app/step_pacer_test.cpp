// StepPacer: when steps are due at a speed (pure arithmetic on given times), and the game
// thread's wait: the deadline, pause with single steps, synchronous rendering, requests and
// stop each hold or release it. The waits run with short real times on a second thread.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "app/session/step_pacer.h"

using namespace std::chrono_literals;
using sc2::app::StepPacer;
using Clock = StepPacer::Clock;

namespace {

// Runs `wait` on another thread; whether it returned within `within`, and what. A wait still
// held at the end (a failed check) is stopped, so that a failure never hangs the test.
struct Waiting {
  StepPacer& pacer;
  std::future<bool> result;
  Waiting(StepPacer& pacer, std::function<bool()> wait)
      : pacer(pacer), result(std::async(std::launch::async, std::move(wait))) {}
  ~Waiting() {
    if (result.valid() && !done_within(0ms)) pacer.request_stop();
  }
  bool done_within(std::chrono::milliseconds within) { return result.wait_for(within) == std::future_status::ready; }
};

const auto kNoRequests = [] { return false; };

}  // namespace

TEST_CASE("steps are due step_mul / (22.4 x speed) seconds apart, at once as fast as possible, without rushing to catch up") {
  const Clock::time_point start{std::chrono::seconds(1000)};
  // Real time: 8 loops at 22.4 loops a second = 357 ms.
  auto next = StepPacer::next_deadline(start, start, 1.0, 8);
  CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(next - start).count() == 357);
  // Twice as fast, half the time; 16 loops, twice the time.
  next = StepPacer::next_deadline(start, start, 2.0, 8);
  CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(next - start).count() == 178);
  next = StepPacer::next_deadline(start, start, 1.0, 16);
  CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(next - start).count() == 714);
  // As fast as possible: now, whatever was due.
  CHECK(StepPacer::next_deadline(start, start + 5s, 0.0, 8) == start + 5s);
  CHECK(StepPacer::next_deadline(start, start + 5s, -1.0, 8) == start + 5s);
  // Behind by seconds (a pause, a slow step): due at most kMaxCatchUp ago, not a burst of steps.
  CHECK(StepPacer::next_deadline(start, start + 5s, 1.0, 8) == start + 5s - StepPacer::kMaxCatchUp);
  // Slightly behind: the regular pace stands.
  const auto slightly = start + 400ms;
  CHECK(StepPacer::next_deadline(start, slightly, 1.0, 8) > slightly - StepPacer::kMaxCatchUp);
}

TEST_CASE("the wait lasts until the deadline while running") {
  StepPacer pacer(1.0, false);
  const auto begin = Clock::now();
  CHECK(pacer.wait_for_step(begin + 150ms, kNoRequests));
  CHECK(Clock::now() - begin >= 150ms);
  CHECK(pacer.wait_for_step(Clock::now() - 1s, kNoRequests));  // a deadline passed: at once
}

TEST_CASE("paused, the wait holds until a single step, a request or resuming, and a single step is taken once") {
  StepPacer pacer(0.0, false);
  pacer.set_paused(true);
  CHECK(pacer.paused());
  {
    Waiting waiting(pacer, [&] { return pacer.wait_for_step(Clock::now(), kNoRequests); });
    CHECK_FALSE(waiting.done_within(150ms));
    pacer.request_step();
    REQUIRE(waiting.done_within(2s));
    CHECK(waiting.result.get());
  }
  StepPacer::Turn turn = pacer.take_turn();
  CHECK(turn.step);
  CHECK(turn.paused);
  turn = pacer.take_turn();
  CHECK_FALSE(turn.step);  // taken

  std::atomic<bool> requested{false};
  {
    Waiting waiting(pacer, [&] { return pacer.wait_for_step(Clock::now(), [&] { return requested.load(); }); });
    CHECK_FALSE(waiting.done_within(150ms));
    requested = true;
    pacer.wake();
    REQUIRE(waiting.done_within(2s));
  }
  {
    Waiting waiting(pacer, [&] { return pacer.wait_for_step(Clock::now(), kNoRequests); });
    CHECK_FALSE(waiting.done_within(150ms));
    pacer.set_paused(false);
    REQUIRE(waiting.done_within(2s));
  }
  // A single step asked for while running is ignored.
  pacer.request_step();
  CHECK_FALSE(pacer.take_turn().step);
}

TEST_CASE("with synchronous rendering the wait holds until the UI drew the observation published last") {
  StepPacer pacer(0.0, true);
  CHECK(pacer.render_sync());
  pacer.published(1);
  {
    Waiting waiting(pacer, [&] { return pacer.wait_for_step(Clock::now(), kNoRequests); });
    CHECK_FALSE(waiting.done_within(150ms));
    pacer.frame_drawn(1);
    REQUIRE(waiting.done_within(2s));
  }
  pacer.published(2);
  {
    Waiting waiting(pacer, [&] { return pacer.wait_for_step(Clock::now(), kNoRequests); });
    pacer.frame_drawn(1);  // an older frame changes nothing
    CHECK_FALSE(waiting.done_within(150ms));
    pacer.set_render_sync(false);  // off: the newest is shown, nothing waits
    REQUIRE(waiting.done_within(2s));
  }
  CHECK_FALSE(pacer.render_sync());
}

TEST_CASE("a stop ends every wait, and a cleared stop lets them wait again") {
  StepPacer pacer(1.0, false);
  pacer.set_paused(true);
  Waiting step_wait(pacer, [&] { return pacer.wait_for_step(Clock::now() + 10s, kNoRequests); });
  Waiting sleep(pacer, [&] { return pacer.sleep_for(10s); });
  CHECK_FALSE(step_wait.done_within(100ms));
  pacer.request_stop();
  REQUIRE(step_wait.done_within(2s));
  REQUIRE(sleep.done_within(2s));
  CHECK_FALSE(step_wait.result.get());  // stopped
  CHECK_FALSE(sleep.result.get());
  CHECK(pacer.stop_requested());
  CHECK_FALSE(pacer.wait_for_step(Clock::now(), kNoRequests));

  pacer.clear_stop();
  CHECK_FALSE(pacer.stop_requested());
  const auto begin = Clock::now();
  CHECK(pacer.sleep_for(50ms));
  CHECK(Clock::now() - begin >= 50ms);
}
