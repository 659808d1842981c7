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
// play a replay back with play, pause, speed and seek; replay_session.cpp).
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/session_snapshot.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::agents {
class Agent;
namespace dataset {
class DatasetWriter;
}
}  // namespace sc2::agents

namespace sc2::app {

struct SessionOptions {
  pysc2::EnvOptions env;
  std::optional<std::filesystem::path> sc2path;  // real game root; empty -> $SC2PATH or sc2lite
  std::filesystem::path sc2lite_dir;             // folder holding sc2lite
  double speed = 1.0;  // multiple of real time; 0 or less = as fast as the game answers
  std::string agent;   // built-in agent to watch (agents::agent_names()); empty = the person plays
  std::uint64_t agent_seed = 0;
  // Record every agent step into this dataset folder (new or empty).
  std::optional<std::filesystem::path> record_dir;
  // Observe mode: the game running on this server (connect_port != 0), read-only.
  std::string connect_host;
  std::uint16_t connect_port = 0;
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

class Session {
 public:
  explicit Session(SessionOptions options);
  ~Session();  // stop()
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start();  // starts the game thread (once)
  void stop();   // asks the thread to finish and joins it; the game process is quit

  // Queues a call for the next step; it is validated there against available_actions.
  void submit(pysc2::FunctionCall call);
  // Queues a raw-interface command (PySC2's viewer's raw-action mode) for the next step; sent
  // after that step's calls, not checked against available_actions (raw actions are not).
  // Refused in the log while recording (a dataset holds FunctionCalls).
  void submit(pysc2::RawCommand command);
  void set_paused(bool paused);
  void set_speed(double speed);
  // Game loops per step from the next step on (kept while recording: a dataset has one).
  void set_step_mul(int step_mul);
  // One step while paused (ignored while running).
  void request_step();
  // Synchronous rendering (PySC2's F11 / --render_sync): the game thread waits before each
  // step until the UI says it has drawn the latest observation (frame_drawn), so that every
  // observation is shown even as fast as possible. Off: the UI shows the newest one.
  void set_render_sync(bool on);
  // The UI drew the TimeStep of this snapshot timestep_version.
  void frame_drawn(std::uint64_t timestep_version);
  // Ends the current episode and starts a new one (PySC2's reset) before the next step.
  void request_restart_episode();
  // Saves a replay (RequestSaveReplay) into `folder` as <map>-<date>-<time>.SC2Replay; the
  // path or the error arrives as a notice.
  void request_save_replay(std::filesystem::path folder);
  // Messages from the game thread for the log (replay saved, ...), oldest first; clears them.
  std::vector<std::string> take_notices();

  // Loads a built-in agent for watch mode (empty: none) on the game thread and gives it
  // control; a name that fails (unknown, no scripted agent for the map) leaves the person in
  // control and sets agent_error.
  void set_agent(std::string name);
  // Take over (human) / hand back (agent; ignored with a notice when no agent is loaded).
  // Calls the person queued and not yet sent are dropped when control goes to the agent.
  void set_controller(Controller controller);
  // Starts recording into `folder` (new or empty) / finishes the recording (index.json is
  // written). Errors arrive as recording_error and a notice; what was recorded is kept.
  void start_recording(std::filesystem::path folder);
  void stop_recording();
  std::vector<EpisodeSummary> episodes() const;  // oldest first, the running one last
  // Replay mode: jump to this game loop (clamped to the replay's length); back = the replay is
  // started again and stepped there in one go. Observe the replay as this player.
  void request_seek(std::uint32_t game_loop);
  void set_observed_player(int player_id);

  SessionSnapshot snapshot() const;
  std::vector<ActionRecord> action_log() const;  // oldest first, at most kMaxLog entries

  static constexpr std::size_t kMaxLog = 2000;
  // Calls waiting to be sent (one goes out per agent step): more than a person can mean while
  // the game is paused or slow; beyond it submit() refuses the call in the log instead of
  // letting a stuck game or a runaway script grow the queue without end.
  static constexpr std::size_t kMaxQueuedCalls = 64;
  static constexpr std::size_t kMaxEpisodes = 500;
  static constexpr std::size_t kEpisodesWithCurves = 50;  // older episodes keep their score only

 private:
  struct Pending {
    std::uint64_t sequence;
    pysc2::FunctionCall call;
    std::optional<pysc2::RawCommand> raw;
  };
  // Logs a submitted call or raw command and queues it unless it is refused.
  void queue_submission(ActionRecord record, Pending pending);

  void run();
  void run_game();
  // `source`: who chose the step's call (none for a reset).
  void publish(std::shared_ptr<const pysc2::TimeStep> timestep, const pysc2::Env& env,
               std::optional<Controller> source = std::nullopt);
  void publish(std::shared_ptr<const pysc2::TimeStep> timestep, int episode, std::int64_t episode_steps,
               std::optional<Controller> source);
  // Asks the game which maps it has, publishes them and, without --map, plays the first.
  void fetch_available_maps(sc2::Controller& controller);
  void run_observer();  // connect_session.cpp
  void run_replay();    // replay_session.cpp
  // Observe/replay: logs the calls the game says the player made as seen (not sent) records.
  void log_seen_calls(const pysc2::Observation& observation, const std::string& result);
  void step_once(pysc2::Env& env);
  void set_status(std::string status);
  void fail(const std::string& error);
  void update_records(const std::vector<std::uint64_t>& sequences, const std::string& result, bool failed);
  // When the next step is due at the current speed (now when as fast as possible).
  std::chrono::steady_clock::time_point next_step_deadline(std::chrono::steady_clock::time_point previous);
  bool wait_until_next_step(std::chrono::steady_clock::time_point deadline);
  bool requests_pending() const;  // with mutex_ held
  void save_replay(pysc2::Env& env, const std::filesystem::path& folder);
  void notice(std::string text);
  void handle_agent_and_recording_requests();
  void load_agent(const std::string& name);
  void agent_failed(const std::string& error);
  // Takes the calls to send this step from the person's queue; logs the rejected ones.
  // Raw commands go to `raw` with their sequence numbers in `raw_sequences`.
  std::vector<std::pair<std::uint64_t, pysc2::FunctionCall>> take_human_calls(
      const pysc2::ActionSpace& space, const std::vector<int>& available, bool one_only,
      std::vector<pysc2::RawCommand>& raw, std::vector<std::uint64_t>& raw_sequences);
  void drop_queued_calls(const std::string& reason);  // with mutex_ held
  std::uint64_t log_call(const pysc2::FunctionCall& call, Controller source, std::vector<int> available,
                         std::string result);
  void open_recording(const std::filesystem::path& folder);
  void close_recording();
  void recording_failed(const std::string& error);
  void record_step(const pysc2::Observation& seen, const pysc2::FunctionCall& call, const pysc2::TimeStep& after);
  void end_recorded_episode(std::uint32_t game_loop);

  SessionOptions options_;
  std::thread thread_;
  std::atomic<bool> stop_requested_{false};

  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable wake_;
  SessionSnapshot snapshot_;
  std::deque<Pending> queue_;
  std::deque<ActionRecord> log_;
  std::uint64_t next_sequence_ = 1;
  double speed_ = 1.0;
  std::optional<int> step_mul_request_;
  bool paused_ = false;
  bool render_sync_ = false;
  std::uint64_t drawn_version_ = 0;
  bool step_requested_ = false;
  bool restart_requested_ = false;
  std::optional<std::filesystem::path> save_replay_folder_;
  std::vector<std::string> notices_;

  // Game thread only.
  std::unique_ptr<agents::Agent> agent_;
  std::unique_ptr<agents::dataset::DatasetWriter> recorder_;
  bool recorded_episode_open_ = false;
  double recorded_episode_reward_ = 0;
  std::uint32_t recorded_episode_first_loop_ = 0;
  std::shared_ptr<const pysc2::TimeStep> current_;  // the last published TimeStep
  std::uint64_t total_game_loops_ = 0;              // advanced by steps, over all episodes

  // Guarded by mutex_ (requests from the UI thread, episode history).
  std::optional<std::string> agent_request_;
  std::optional<std::filesystem::path> record_request_;
  bool stop_record_request_ = false;
  std::optional<std::uint32_t> seek_request_;
  std::optional<int> observed_player_request_;
  std::deque<EpisodeSummary> episodes_;
  std::uint32_t episode_first_loop_ = 0;
};

}  // namespace sc2::app
