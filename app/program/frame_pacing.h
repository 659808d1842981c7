#pragma once
// How sc2studio's frame loop paces itself. Normally ~60 frames/s (vsync where the display has
// it, and a sleep to the frame interval either way), so an idle app does not spin. When every
// observation must be drawn (synchronous rendering, --video) and the game runs as fast as it
// can, the game waits for the frames and a 60 Hz cap would hold it to 60 observations/s:
// then each frame starts as soon as the next observation is there, with vsync off, waiting
// for it (not spinning) at most one normal frame interval.
#include <chrono>

namespace sc2::app {

inline constexpr std::chrono::milliseconds kFrameInterval{16};  // ~60 frames/s

struct FramePaceInput {
  bool render_sync = false;   // each observation waits until it is drawn (F11, --render_sync, --video)
  double speed = 1.0;         // the game's pace, multiple of real time; <= 0: as fast as possible
  bool paused = false;
  bool game_running = false;  // a session is running (not starting, failed or stopped)
  std::chrono::steady_clock::duration frame_time{};  // what this frame took so far
};

struct FramePace {
  // Frames follow the observations: vsync off, and the rest of the frame interval is spent
  // waiting for the next observation (the frame starts when it comes), not sleeping.
  bool follow_observations = false;
  std::chrono::steady_clock::duration wait{};  // what is left of the frame interval
};

FramePace frame_pace(const FramePaceInput& input);

}  // namespace sc2::app
