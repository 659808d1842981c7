#include "app/program/frame_pacing.h"

#include <algorithm>

namespace sc2::app {

FramePace frame_pace(const FramePaceInput& input) {
  FramePace pace;
  pace.follow_observations = input.render_sync && input.speed <= 0 && !input.paused && input.game_running;
  pace.wait = std::max<std::chrono::steady_clock::duration>(kFrameInterval - input.frame_time, {});
  return pace;
}

}  // namespace sc2::app
