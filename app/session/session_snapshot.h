#pragma once
// What a game session shows the UI: its state each frame (SessionSnapshot), the calls sent and
// what became of them (ActionRecord), the episodes (EpisodeSummary). Plain values, shared by
// the Session (app/session.h) that fills them and everything that reads them (the panels,
// recorded sessions in benchmarks and tests), so none of those needs a running game.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/session/policy_trace.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/game_view.h"
#include "client/pysc2/observation.h"
#include "client/pysc2/last_unit_commands.h"
#include "client/pysc2/raw_command.h"

namespace sc2::app {

inline constexpr double kGameLoopsPerSecond = 22.4;  // "faster" game speed = real time

// Where the game comes from: played here (the person or an agent), observed on another
// server, or a replay.
enum class SessionMode { play, observe, replay };
const char* to_string(SessionMode mode);

// Who chooses the calls sent to the game.
enum class Controller { human, agent };
const char* to_string(Controller controller);

// One episode as the session saw it (the running one included).
struct EpisodeSummary {
  int episode = 0;
  double score = 0;  // summed reward so far
  std::int64_t steps = 0;
  std::uint32_t game_loops = 0;
  std::int64_t agent_steps = 0;  // steps whose call the agent chose
  std::int64_t human_steps = 0;  // steps played by the person
  bool finished = false;
  // How the game ended for the player when it said (melee games always do): 1 victory, 0 tie,
  // -1 defeat (PySC2's outcome); empty while it runs and for episodes ended otherwise.
  std::optional<int> outcome;
  std::vector<float> reward_curve;  // summed reward after each step (recent episodes only)
};

// A game's result for the player as PySC2's outcome (1, 0, -1): "Victory", "Tie", "Defeat".
const char* game_result_name(int outcome);

enum class SessionState { starting, running, failed, stopped };
const char* to_string(SessionState state);

// One FunctionCall the UI sent, and what became of it.
struct ActionRecord {
  std::uint64_t sequence = 0;  // 1, 2, ... in submission order
  int episode = 0;
  std::uint32_t game_loop = 0;  // game loop of the observation it was sent after
  pysc2::FunctionCall call;  // no_op for a raw command
  std::optional<pysc2::RawCommand> raw;  // a raw-interface command instead of a FunctionCall
  Controller source = Controller::human;  // who sent it
  std::vector<int> available;  // agent calls: the available_actions it chose from
  std::string text;    // PySC2 notation (to_string)
  std::string result;  // "sent", "ok", an ActionResult name, or why it was rejected
  bool failed = false;
};

// Observe mode: the observed game's own pace (sc2lite's game_pace extension; README
// "Watching an agent you did not write").
struct ObservedGamePace {
  bool known = false;           // the game answered (sc2lite); false: a real game, or not asked yet
  bool may_pace = false;        // it lets observers pace the player's game (--observer_control)
  bool you_control = false;     // the controls pace the player's game now
  bool other_controls = false;  // another observer does
  double speed = 0;             // the pace in force; <= 0: as fast as the player steps
  bool paused = false;
  double loops_per_second = 0;  // the game's real rate, as the server measures it
  std::string note;             // why the controls pause only the view, or the game's refusal
};

// The action log's records added or changed since a version the reader saw (ActionLog::
// changes_since), so that a reader keeping its own copy (the UI) takes only those at each step
// instead of copying the whole log (up to 2,000 records with their available actions).
struct ActionLogChanges {
  bool full = false;                 // `records` is the whole log: replace the copy
  std::uint64_t version = 0;         // the log's version these changes bring the copy to
  std::uint64_t first_sequence = 0;  // the oldest record kept: older ones are dropped from the copy
  std::vector<ActionRecord> records; // added or changed, oldest first
};

// What the UI reads each frame (cheap to copy: the TimeStep is shared, never mutated).
struct SessionSnapshot {
  SessionState state = SessionState::starting;
  std::string status;  // human-readable progress ("launching sc2lite", ...)
  std::string error;   // set when state == failed
  std::shared_ptr<const pysc2::TimeStep> timestep;  // latest; null until the first reset
  std::shared_ptr<const pysc2::GameView> game_view;  // the latest TimeStep's game; null until then
  std::uint64_t timestep_version = 0;  // increments with each new TimeStep
  std::uint64_t log_version = 0;       // increments when the action log changes
  int episode = 0;
  std::int64_t episode_steps = 0;
  float last_reward = 0.0f;
  double episode_reward = 0.0;
  std::vector<double> finished_episode_scores;  // final episode_reward of each finished episode
  bool paused = false;
  bool render_sync = false;  // each observation waits until the UI has drawn it
  double speed = 1.0;        // the pace asked for, multiple of real time; <= 0: as fast as possible
  // Why the session ended by itself (e.g. max_game_loops reached); empty while it runs and
  // when it was stopped or failed.
  std::string finished;
  int step_mul = 8;  // game loops per step now
  Controller controller = Controller::human;
  std::string agent;        // the agent loaded for watch mode; empty = none
  std::string agent_error;  // why the last agent could not be loaded or failed
  // What the agent's policy said at its last step (a learned agent: distributions and value
  // estimates, app/policy_trace.h), shared, never copied per frame; null while the person
  // plays, before the agent's first step and for agents without a policy.
  std::shared_ptr<const AgentPolicy> policy;
  bool agent_without_policy = false;  // the loaded agent stepped and showed no policy (scripted, random, noop)
  std::uint64_t episodes_version = 0;  // increments when episodes() changes

  bool recording = false;
  std::string recording_folder;  // the folder being (or last) recorded
  std::int64_t recorded_steps = 0;
  std::size_t recorded_episodes = 0;  // finished episodes in the recording
  std::string recording_error;   // why recording could not start or stopped; empty when fine

  // Play mode: the maps the game lists (asked once after launch), each as the choice --map
  // takes (client/map_paths.h), in the game's order; empty until known. And the map played:
  // --map, else the first of them.
  std::vector<std::string> available_maps;
  // The unit type names the game reports (RequestData, asked once after the game starts): a map
  // file's own types (SMAC's Stalker_RL) are named only there. Null until known, or when the
  // game would not say.
  std::shared_ptr<const std::map<std::uint32_t, std::string>> unit_type_names;
  std::string map;
  // Play mode on a melee map: whom the player plays against ("the built-in AI (Easy)"); empty
  // on a mini-game. Once that game has ended, its result for the player (1 victory, 0 tie,
  // -1 defeat): the game then waits for a restart, so that the end and the result stay on
  // screen (a mini-game starts its next episode at once). Empty while the game runs.
  std::string opponent;
  std::optional<int> game_result;

  SessionMode mode = SessionMode::play;
  // Whether pause, single step and speed pace the game itself: yes when this session steps it
  // (play, replay); no while observing, where the player's client steps it and they pace only
  // this view, unless the server lets observers pace the game (sc2lite --observer_control,
  // observed_pace below): then yes.
  bool paces_game = true;
  std::string read_only;  // observe/replay: the label saying why nothing can be sent; empty in play mode
  // Replay mode.
  std::uint32_t replay_loops = 0;          // length of the replay in game loops (0 until known)
  bool seeking = false;                    // a seek is being re-simulated
  std::vector<int> replay_players;         // player ids the replay can be observed as
  int observed_player = 1;
  // Observe mode.
  ObservedGamePace observed_pace;
  // Observe and replay modes: each of the player's units' last raw command, as echoed (the
  // World view draws them); null until one is seen. Shared, replaced when it changes.
  std::shared_ptr<const pysc2::LastUnitCommands> unit_commands;
};

}  // namespace sc2::app
