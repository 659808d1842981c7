#pragma once
// frame_time_bench --sync: observations drawn per second by the real sc2studio (its whole frame
// loop, its Session on a sc2lite it starts, the real panels) with every observation drawn
// (--render_sync), the game as fast as possible (--speed 0) and step_mul 1, under SDL's
// offscreen driver. Each binary runs twice, for a short and a long --frames; the difference
// leaves out the start (window, sc2lite, first observation). Observations are counted from
// the --action_log (the scripted agent sends one call per step), not assumed from the frames.
// Several binaries (e.g. an older build) are measured in turn, round after round, so that
// their ratio holds on a shared machine.
#include <string>
#include <vector>

namespace sc2::bench {

struct RenderSyncOptions {
  std::vector<std::string> studios;  // sc2studio binaries, each with its sc2lite beside it
  std::string map = "MoveToBeacon";
  int size = 64;                     // screen and minimap layers
  int short_frames = 100;
  int long_frames = 1100;
  int rounds = 3;
};

// Prints one line per run and a table of medians; returns the process exit code.
int run_render_sync_figure(const RenderSyncOptions& options);

}  // namespace sc2::bench
