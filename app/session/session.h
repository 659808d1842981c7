#pragma once
// Session: the game thread of sc2studio. It launches the game (a real SC2 or sc2lite),
// drives a PySC2 Env at a chosen pace, sends the FunctionCalls the UI queued (no_op when
// none), publishes the latest TimeStep (latest wins) and records every call with its
// result. The UI never waits on it: submit() and snapshot() only take a short lock.
// Every failure becomes an error state in the snapshot; nothing is thrown to the UI.
//
// Watch mode: with an agent loaded (SessionOptions::agent or set_agent) and in control, the
// game thread asks the agent for each step's call instead of taking the person's queue; the
// person can take over (set_controller(human)) and hand back at any time. Recording
// (record_dir / start_recording) writes every agent step (observation seen, the one call
// sent, reward) into a dataset folder (agents/dataset/FORMAT.md); while recording, one
// queued call goes out per step so that each row holds exactly the call that was sent.
//
// Read-only modes (nothing the person does is sent to a game): observe (--connect: join a game
// running on a sc2lite as observer of player 1; connect_session.cpp) and replay (--replay:
// play a replay back with play, pause, speed and seek; replay_session.cpp). Play and watch
// mode: play_session.cpp.
//
// The Session orchestrates parts with one job each (their headers say how each may be used
// across threads): StepPacer (when to step), SessionRequests (what the person asked for at the
// next turn), CallQueue (the person's calls), ActionLog (the calls' records and the notices),
// EpisodeHistory (episode summaries), AgentDriver (the watched agent), StepRecorder (dataset
// recording) and replay_files.h (saving replays).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/session/action_log.h"
#include "app/session/agent_driver.h"
#include "app/session/call_queue.h"
#include "app/session/episode_history.h"
#include "app/session/opponent_agent.h"
#include "app/session/session_commands.h"
#include "app/session/session_reader.h"
#include "app/session/session_requests.h"
#include "app/session/session_snapshot.h"
#include "app/session/step_pacer.h"
#include "app/session/step_recorder.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2 {
class GameProcess;
}

namespace sc2::app {

struct SessionOptions {
  pysc2::EnvOptions env;
  std::optional<std::filesystem::path> sc2path;  // real game root; empty -> $SC2PATH or sc2lite
  std::filesystem::path sc2lite_dir;             // folder holding sc2lite
  double speed = 1.0;  // multiple of real time; 0 or less = as fast as the game answers
  std::string agent;   // built-in agent to watch (agents::agent_names()); empty = the person plays
  std::uint64_t agent_seed = 0;
  std::filesystem::path agent_checkpoint;  // the network a learned agent plays
  bool agent_greedy = false;               // a learned agent takes its most likely action
  // A melee map played against this built-in agent (--opponent agent:NAME) instead of the
  // built-in AI: env.computer is then unset and the agent joins from its own game process.
  std::string opponent_agent;
  // Record every agent step into this dataset folder (new or empty).
  std::optional<std::filesystem::path> record_dir;
  // Observe mode: the game running on this server (connect_port != 0), read-only.
  std::string connect_host;
  std::uint16_t connect_port = 0;
  int connect_player = 1;  // the player whose side the observer watches
  // Replay mode: play this replay back, read-only.
  std::optional<std::filesystem::path> replay_file;
  // Play and watch modes: save each episode's replay here when it ends, is restarted or
  // the session stops.
  std::optional<std::filesystem::path> save_replay_dir;
  // Play and watch modes: stop after this many game loops in all (PySC2's --max_game_steps);
  // 0 = never.
  std::uint64_t max_game_loops = 0;
  // Synchronous rendering from the start (set_render_sync).
  bool render_sync = false;
};

// The panels see it only as a SessionReader and SessionCommands (app/ui holds no Session).
class Session final : public SessionReader, public SessionCommands {
 public:
  explicit Session(SessionOptions options);
  ~Session() override;  // stop()
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start();  // starts the game thread (once)
  void stop();   // asks the thread to finish and joins it; the game process is quit

  // Queues a call for the next step; it is validated there against available_actions.
  void submit(pysc2::FunctionCall call) override;
  // Queues a raw-interface command (PySC2's viewer's raw-action mode) for the next step; sent
  // after that step's calls, not checked against available_actions (raw actions are not).
  // Refused in the log while recording (a dataset holds FunctionCalls).
  void submit(pysc2::RawCommand command) override;
  void set_paused(bool paused) override;
  void set_speed(double speed) override;
  // Game loops per step from the next step on (kept while recording: a dataset has one).
  void set_step_mul(int step_mul) override;
  // One step while paused (ignored while running).
  void request_step() override;
  // Synchronous rendering (PySC2's F11 / --render_sync): the game thread waits before each
  // step until the UI says it has drawn the latest observation (frame_drawn), so that every
  // observation is shown even as fast as possible. Off: the UI shows the newest one.
  void set_render_sync(bool on) override;
  // The UI drew the TimeStep of this snapshot timestep_version.
  void frame_drawn(std::uint64_t timestep_version) override;
  // Ends the current episode and starts a new one (PySC2's reset) before the next step.
  void request_restart_episode() override;
  // Saves a replay (RequestSaveReplay) into `folder` as <map>-<date>-<time>.SC2Replay; the
  // path or the error arrives as a notice.
  void request_save_replay(std::filesystem::path folder) override;
  // Messages from the game thread for the log (replay saved, ...), oldest first; clears them.
  std::vector<std::string> take_notices() override;

  // Loads a built-in agent for watch mode (empty: none) on the game thread and gives it
  // control; a name that fails (unknown, no scripted agent for the map) leaves the person in
  // control and sets agent_error.
  void set_agent(std::string name) override;
  // Take over (human) / hand back (agent; ignored with a notice when no agent is loaded).
  // Calls the person queued and not yet sent are dropped when control goes to the agent.
  void set_controller(Controller controller) override;
  // Starts recording into `folder` (new or empty) / finishes the recording (index.json is
  // written). Errors arrive as recording_error and a notice; what was recorded is kept.
  void start_recording(std::filesystem::path folder) override;
  void stop_recording() override;
  std::vector<EpisodeSummary> episodes() const override;  // oldest first, the running one last
  // Replay mode: jump to this game loop (clamped to the replay's length); back = the replay is
  // started again and stepped there in one go. Observe the replay as this player.
  void request_seek(std::uint32_t game_loop) override;
  void set_observed_player(int player_id) override;

  SessionSnapshot snapshot() const override;
  // Blocks until a TimeStep newer than `after_version` is published, at most `timeout`
  // (the frame loop's wait when frames follow the observations). True when one was.
  bool wait_for_timestep(std::uint64_t after_version, std::chrono::steady_clock::duration timeout) const;
  std::vector<ActionRecord> action_log() const override;  // oldest first, at most kMaxLog entries
  ActionLogChanges action_log_changes(std::uint64_t version) const override { return log_.changes_since(version); }

  static constexpr std::size_t kMaxLog = ActionLog::kMaxLog;
  // Calls waiting to be sent (one goes out per agent step): more than a person can mean while
  // the game is paused or slow; beyond it submit() refuses the call in the log instead of
  // letting a stuck game or a runaway script grow the queue without end.
  static constexpr std::size_t kMaxQueuedCalls = CallQueue::kMaxQueuedCalls;
  static constexpr std::size_t kMaxEpisodes = EpisodeHistory::kMaxEpisodes;
  // Older episodes keep their score only.
  static constexpr std::size_t kEpisodesWithCurves = EpisodeHistory::kEpisodesWithCurves;

 private:
  // How long a launched game may take to accept (play and replay modes).
  static constexpr std::chrono::milliseconds kGameStartupTimeout{30000};
  class ReplayPlayback;  // replay mode's state and steps (replay_session.cpp)

  // The calls one play step sends, with the log sequences of those sent.
  struct StepCalls {
    std::vector<pysc2::FunctionCall> calls;
    std::vector<pysc2::RawCommand> raw;  // sent after the calls
    std::vector<std::uint64_t> sequences;
  };

  // [session.cpp] The person's side.
  // Logs a submitted call or raw command and queues it unless it is refused.
  void queue_submission(ActionRecord record, CallQueue::Item item);
  std::optional<std::string> submission_refusal(bool raw) const;  // with mutex_ held
  void drop_queued_calls(const std::string& reason);              // with mutex_ held
  void post(const std::function<void(Requests&)>& change);        // for the game thread's next turn

  // [session.cpp] The game thread's frame, shared by the modes.
  void run();
  std::unique_ptr<GameProcess> launch_game();  // play and replay mode; "launching <path>"
  bool wait_for_step(StepPacer::Clock::time_point deadline);
  void set_status(std::string status);
  void set_running(std::string status);
  void fail(const std::string& error);
  void notice(std::string text);
  // `source`: who chose the step's call (none for a reset or a step only observed).
  void publish(std::shared_ptr<const pysc2::TimeStep> timestep, const pysc2::Env& env,
               std::optional<Controller> source = std::nullopt);
  void publish(std::shared_ptr<const pysc2::TimeStep> timestep, int episode, std::int64_t episode_steps,
               std::optional<Controller> source);
  ActionRecord record_now() const;  // a new record at the episode and game loop shown
  std::uint64_t log_call(const pysc2::FunctionCall& call, Controller source, std::vector<int> available,
                         std::string result);
  // Observe/replay: logs the calls the game says the player made as seen (not sent) records.
  void log_seen_calls(const pysc2::Observation& observation, const std::string& result);
  void log_seen_raw_commands(const std::vector<pysc2::EchoedRawCommand>& seen, const pysc2::Observation& observation,
                             const std::string& result);

  // [play_session.cpp] Play and watch mode.
  void run_play();
  // Asks the game which maps it has, publishes them and, without --map, plays the first.
  void fetch_available_maps(sc2::Controller& controller);
  void fetch_unit_type_names(sc2::Controller& controller);
  void apply_step_mul(pysc2::Env& env, std::optional<int> step_mul);
  void apply_agent_and_recording(const Requests& requests);
  void new_episode(pysc2::Env& env, const std::string& title);
  // --opponent agent:NAME: the agent in its own game process, joining the games env creates.
  std::unique_ptr<OpponentAgent> start_opponent();
  // Before a new game against the opponent agent: leaves the running one (the opponent wins
  // it) and waits until the opponent has seen it end; throws when the opponent has stopped.
  void end_game_with_opponent(pysc2::Env& env);
  void report_opponent_failure();
  bool melee() const { return options_.env.computer.has_value() || options_.env.multiplayer.has_value(); }
  void show_game_result(const pysc2::TimeStep& last);
  void play_step(pysc2::Env& env);
  std::optional<StepCalls> agent_calls(const pysc2::TimeStep& before, const pysc2::ActionSpace& space);
  StepCalls person_calls(const pysc2::Observation& before, const pysc2::ActionSpace& space);
  bool game_loop_limit_reached();
  void keep_episode_replay(pysc2::Env& env);  // --save_replay
  void save_replay(pysc2::Env& env, const std::filesystem::path& folder);
  void load_agent(const std::string& name);
  void agent_failed(const std::string& error);
  void open_recording(const std::filesystem::path& folder);
  void close_recording();
  void publish_recording();

  // [connect_session.cpp] Observe mode.
  void run_observer();

  // [replay_session.cpp] Replay mode.
  void run_replay();

  SessionOptions options_;
  std::thread thread_;

  // Parts with locks of their own. Each is a leaf lock (held only inside the part's own
  // calls) but the pacer's, whose wait asks requests_ under it: no two locks are ever taken
  // in opposite orders.
  StepPacer pacer_;
  SessionRequests requests_;
  ActionLog log_;
  CallQueue queue_;  // pushed and dropped with mutex_ held (see call_queue.h)
  EpisodeHistory history_;

  mutable std::mutex mutex_;  // guards snapshot_ only
  mutable std::condition_variable published_;  // a new TimeStep is in snapshot_
  SessionSnapshot snapshot_;  // snapshot() adds the pacer's state and the log's and episodes' versions

  // Game thread only.
  AgentDriver agent_;
  OpponentAgent* opponent_ = nullptr;    // run_play's, while it runs
  sc2::Controller* controller_ = nullptr;  // run_play's game, while it runs
  StepRecorder recorder_;
  std::uint64_t total_game_loops_ = 0;  // advanced by steps, over all episodes
  bool episode_played_ = false;         // the running episode saw a step (--save_replay keeps it)
};

}  // namespace sc2::app
