// app/ui/loop_rate.h: the top bar's game loops per second across episode resets and seeks.
#include <doctest/doctest.h>

#include <chrono>

#include "app/ui/loop_rate.h"

namespace {

using sc2::app::ui::LoopRate;
using namespace std::chrono_literals;

const LoopRate::Clock::time_point kStart{};

TEST_CASE("loops per second: loops advanced over the wall time they took") {
  LoopRate rate;
  CHECK(rate.per_second() == 0.0);
  rate.add(kStart, 1, 0);
  CHECK(rate.per_second() == 0.0);  // one observation: no span yet
  for (int i = 1; i <= 10; ++i) rate.add(kStart + i * 100ms, 1, static_cast<std::uint32_t>(8 * i));
  CHECK(rate.per_second() == doctest::Approx(80.0));  // 8 loops every 0.1 s
}

TEST_CASE("loops per second: an episode reset is neither negative nor a spike") {
  // Full agent speed: 8 loops per 10 ms, episodes of 40 loops; the loop counter restarts at 0.
  LoopRate rate;
  std::uint32_t loop = 0;
  int episode = 1;
  for (int i = 0; i <= 60; ++i) {
    if (i > 0 && i % 5 == 0) {
      ++episode;
      loop = 0;  // the new episode's first observation
    } else if (i > 0) {
      loop += 8;
    }
    rate.add(kStart + i * 10ms, episode, loop);
    if (i >= 2) {
      CHECK(rate.per_second() >= 0.0);
      CHECK(rate.per_second() <= 800.0);  // never above the real pace
    }
  }
  // 4 of every 5 observations advanced 8 loops: 640 loops per second across episodes.
  CHECK(rate.per_second() == doctest::Approx(640.0).epsilon(0.03));
}

TEST_CASE("loops per second: a loop going back or a seek counts as no loops") {
  LoopRate rate;
  rate.add(kStart, 1, 1000);
  rate.add(kStart + 1s, 1, 1022);
  rate.add(kStart + 2s, 1, 100);                  // replay seek back, same episode
  rate.add(kStart + 3s, 1, 5000, /*jumped=*/true);  // replay seek forward
  rate.add(kStart + 4s, 1, 5022);
  // 4 s (the window plus the sample before it): 22 + 22 loops stepped, nothing for the jumps.
  CHECK(rate.per_second() == doctest::Approx(44.0 / 4.0));
}

TEST_CASE("loops per second: only the last few seconds count") {
  LoopRate rate(2s);
  rate.add(kStart, 1, 0);
  rate.add(kStart + 1s, 1, 1000);  // a burst long ago
  for (int i = 2; i <= 10; ++i) rate.add(kStart + i * 1s, 1, static_cast<std::uint32_t>(1000 + 22 * (i - 1)));
  CHECK(rate.per_second() == doctest::Approx(22.0));
}

TEST_CASE("loops per second of an observed game: its real rate, from the view's samples, across a paused view") {
  // The player steps 8 loops every ~2.3 ms (~3,500 loops/s, the PySC2 agent); the view
  // takes the newest observation at its own 30 frames a second, ~117 loops on per frame.
  LoopRate rate;
  auto loop_at = [](double seconds) { return static_cast<std::uint32_t>(seconds * 3500.0) / 8 * 8; };
  for (int frame = 0; frame <= 90; ++frame) rate.add(kStart + frame * 33ms, 1, loop_at(frame * 0.033));
  CHECK(rate.per_second() == doctest::Approx(3500.0).epsilon(0.02));
  // The view paused for 5 s (no observations), then resumed: the game went on meanwhile, and
  // the loops it advanced count over the time they took, not as a spike.
  const double resumed = 90 * 0.033 + 5.0;
  rate.add(kStart + std::chrono::duration_cast<LoopRate::Clock::duration>(std::chrono::duration<double>(resumed)), 1,
           loop_at(resumed));
  CHECK(rate.per_second() == doctest::Approx(3500.0).epsilon(0.02));
}

}  // namespace
