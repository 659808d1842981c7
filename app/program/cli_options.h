#pragma once
// sc2studio's command line: PySC2's flag names (--map, --feature_screen_size, ...) with
// dashed aliases, plus the app's own (--frames, --screenshot, --speed, --window_size,
// --opponent to play a melee map against the built-in AI, --agent to watch a built-in agent, --record DIR to record demonstrations, --connect
// HOST:PORT to watch a game running elsewhere, --replay FILE to play a replay back, --training
// DIR to plot a training run's progress).
#include <cstdint>
#include <optional>
#include <string>

#include "client/wait_spin.h"

namespace sc2::app {

struct StudioOptions {
  std::string map;           // empty = the first map the game lists
  int feature_screen_size = 64;
  int feature_minimap_size = 64;
  int step_mul = 8;
  std::optional<std::string> sc2path;
  std::optional<std::uint32_t> seed;
  double speed = 1.0;        // multiple of real time; 0 = as fast as possible (--fps sets it too)
  float feature_camera_width = 24.0f;  // world units across the screen layers
  std::uint64_t max_game_steps = 0;    // quit after this many game loops in all (0 = never)
  bool disable_fog = false;            // the game shows everything (no fog of war)
  bool render_sync = false;            // every observation is drawn before the next step (F11)
  int rgb_screen_width = 0;            // RGB images asked of the game (0 = none)
  int rgb_screen_height = 0;
  int rgb_minimap_size = 0;
  int frames = 0;            // quit after this many frames showing the game (0 = run until closed)
  std::string screenshot;    // write the last frame here as PNG
  std::string video;         // save every frame showing a new observation into this folder (PNGs)
  std::string script;        // scripted input to play back (see app/script.h)
  std::string action_log;    // write the FunctionCalls sent and own units' positions here (JSON) on exit
  std::string agent;         // built-in agent to watch (agents::agent_names()); empty = the person plays
  std::string checkpoint;    // the network a learned agent plays (--agent learned)
  bool greedy = false;       // a learned agent takes its most likely action (default: sampled)
  std::string record;        // record every agent step into this dataset folder (new or empty)
  std::string connect;       // HOST:PORT of a game to observe (read only); checked by parse_command_line
  int observe_player = 1;    // with --connect: the player whose side is watched (2: a melee game's other)
  std::string replay;        // replay file to play back (read only)
  std::string save_replay;   // save each episode's replay into this folder (F8 saves there too)
  std::string training;      // a training run's folder (sc2train --out DIR): its progress.csv is plotted
  // The other player of a melee map: "bot:very_easy|easy|medium|hard" or "agent:NAME" (app/opponent_choice.h);
  // empty = VeryEasy on a melee map, none on a mini-game. Checked by parse_command_line.
  std::string opponent;
  int window_width = 1280;
  int window_height = 800;
  // Microseconds a wait for the game's reply (and the embedded engine's for a request) polls
  // before it sleeps (transport/wait_spin.h); main() sets it for the process.
  int wait_spin_us = static_cast<int>(kDefaultWaitSpin.count());
};

struct ParsedCommandLine {
  std::optional<StudioOptions> options;  // empty: do not run, exit with exit_code
  int exit_code = 0;                     // 0 for --help, 1 for bad flags
  std::string message;                   // help text or the error to print
};

ParsedCommandLine parse_command_line(int argc, const char* const* argv);

// --training DIR without a game to show (none of --connect, --replay, --agent, --map, --record,
// --script, --action_log, --video, --save_replay): the window shows the training panel alone
// and no game is started.
bool training_only(const StudioOptions& options);

}  // namespace sc2::app
