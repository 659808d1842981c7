// The frame loop's pace (app/frame_pacing.h): 60 Hz unless every observation must be drawn
// and the game runs as fast as it can.
#include <doctest/doctest.h>

#include <chrono>

#include "app/program/frame_pacing.h"

using namespace std::chrono_literals;
using sc2::app::frame_pace;
using sc2::app::FramePaceInput;
using sc2::app::kFrameInterval;

namespace {

FramePaceInput synchronous_at_full_speed() {
  FramePaceInput input;
  input.render_sync = true;
  input.speed = 0;
  input.game_running = true;
  input.frame_time = 5ms;
  return input;
}

}  // namespace

TEST_CASE("frames follow the observations only when every one is drawn and the game runs flat out") {
  CHECK(frame_pace(synchronous_at_full_speed()).follow_observations);

  auto without_sync = synchronous_at_full_speed();
  without_sync.render_sync = false;
  CHECK_FALSE(frame_pace(without_sync).follow_observations);

  auto real_time = synchronous_at_full_speed();
  real_time.speed = 1.0;
  CHECK_FALSE(frame_pace(real_time).follow_observations);

  auto paused = synchronous_at_full_speed();
  paused.paused = true;
  CHECK_FALSE(frame_pace(paused).follow_observations);

  // Starting, failed or stopped: nothing comes to follow; an idle window keeps 60 Hz.
  auto no_game = synchronous_at_full_speed();
  no_game.game_running = false;
  CHECK_FALSE(frame_pace(no_game).follow_observations);
}

TEST_CASE("the wait is what is left of the 60 Hz frame interval, never negative") {
  auto input = synchronous_at_full_speed();
  input.frame_time = 5ms;
  CHECK(frame_pace(input).wait == kFrameInterval - 5ms);
  input.render_sync = false;
  CHECK(frame_pace(input).wait == kFrameInterval - 5ms);
  input.frame_time = 40ms;
  CHECK(frame_pace(input).wait == std::chrono::steady_clock::duration::zero());
}
