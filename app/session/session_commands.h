#pragma once
// What the panels ask of a game session: calls and raw commands to send, pace (pause, speed,
// step_mul, single step, synchronous rendering), episode and replay requests, watch mode and
// recording. Implemented by Session (the game thread) and by RecordedSession (recorded steps,
// for benchmarks and tests), so the UI can be driven without a running game.
// Every request only queues: none waits for the game, none throws.
#include <cstdint>
#include <filesystem>
#include <string>

#include "app/session/session_snapshot.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/raw_command.h"

namespace sc2::app {

class SessionCommands {
 public:
  virtual ~SessionCommands() = default;

  // A call for the next step (validated there against available_actions).
  virtual void submit(pysc2::FunctionCall call) = 0;
  // A raw-interface command for the next step, sent after that step's calls.
  virtual void submit(pysc2::RawCommand command) = 0;
  virtual void set_paused(bool paused) = 0;
  virtual void set_speed(double speed) = 0;  // multiple of real time; 0 or less = as fast as possible
  virtual void set_step_mul(int step_mul) = 0;
  virtual void request_step() = 0;  // one step while paused
  // Synchronous rendering: each observation waits until the UI says it drew it (frame_drawn).
  virtual void set_render_sync(bool on) = 0;
  virtual void frame_drawn(std::uint64_t timestep_version) = 0;
  virtual void request_restart_episode() = 0;
  virtual void request_save_replay(std::filesystem::path folder) = 0;

  // Watch mode: load a built-in agent (empty: none); who chooses the calls.
  virtual void set_agent(std::string name) = 0;
  virtual void set_controller(Controller controller) = 0;
  // Recording of the steps into a dataset folder.
  virtual void start_recording(std::filesystem::path folder) = 0;
  virtual void stop_recording() = 0;

  // Replay mode: jump to a game loop; observe the replay as this player.
  virtual void request_seek(std::uint32_t game_loop) = 0;
  virtual void set_observed_player(int player_id) = 0;
};

}  // namespace sc2::app
