#pragma once
// Session: the game thread of sc2studio. It launches the game (a real SC2 or sc2lite),
// drives a PySC2 Env at a chosen pace, sends the FunctionCalls the UI queued (no_op when
// none), publishes the latest TimeStep (latest wins) and records every call with its
// result. The UI never waits on it: submit() and snapshot() only take a short lock.
// Every failure becomes an error state in the snapshot; nothing is thrown to the UI.
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

#include "client/pysc2/env.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

inline constexpr double kGameLoopsPerSecond = 22.4;  // "faster" game speed = real time

struct SessionOptions {
  pysc2::EnvOptions env;
  std::optional<std::filesystem::path> sc2path;  // real game root; empty -> $SC2PATH or sc2lite
  std::filesystem::path sc2lite_dir;             // folder holding sc2lite
  double speed = 1.0;  // multiple of real time; 0 or less = as fast as the game answers
};

enum class SessionState { starting, running, failed, stopped };
const char* to_string(SessionState state);

// One FunctionCall the UI sent, and what became of it.
struct ActionRecord {
  std::uint64_t sequence = 0;  // 1, 2, ... in submission order
  int episode = 0;
  std::uint32_t game_loop = 0;  // game loop of the observation it was sent after
  pysc2::FunctionCall call;
  std::string text;    // PySC2 notation (to_string)
  std::string result;  // "sent", "ok", an ActionResult name, or why it was rejected
  bool failed = false;
};

// What the UI reads each frame (cheap to copy: the TimeStep is shared, never mutated).
struct SessionSnapshot {
  SessionState state = SessionState::starting;
  std::string status;  // human-readable progress ("launching sc2lite", ...)
  std::string error;   // set when state == failed
  std::shared_ptr<const pysc2::TimeStep> timestep;  // latest; null until the first reset
  std::shared_ptr<const SC2APIProtocol::ResponseGameInfo> game_info;
  std::uint64_t timestep_version = 0;  // increments with each new TimeStep
  std::uint64_t log_version = 0;       // increments when the action log changes
  int episode = 0;
  std::int64_t episode_steps = 0;
  float last_reward = 0.0f;
  double episode_reward = 0.0;
  std::vector<double> finished_episode_scores;  // final episode_reward of each finished episode
  bool paused = false;
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
  void set_paused(bool paused);
  void set_speed(double speed);
  // One step while paused (ignored while running).
  void request_step();
  // Ends the current episode and starts a new one (PySC2's reset) before the next step.
  void request_restart_episode();
  // Saves a replay (RequestSaveReplay) into `folder` as <map>-<date>-<time>.SC2Replay; the
  // path or the error arrives as a notice.
  void request_save_replay(std::filesystem::path folder);
  // Messages from the game thread for the log (replay saved, ...), oldest first; clears them.
  std::vector<std::string> take_notices();

  SessionSnapshot snapshot() const;
  std::vector<ActionRecord> action_log() const;  // oldest first, at most kMaxLog entries

  static constexpr std::size_t kMaxLog = 2000;

 private:
  struct Pending {
    std::uint64_t sequence;
    pysc2::FunctionCall call;
  };

  void run();
  void run_game();
  void publish(pysc2::TimeStep timestep, const pysc2::Env& env);
  void step_once(pysc2::Env& env);
  void set_status(std::string status);
  void fail(const std::string& error);
  void update_records(const std::vector<std::uint64_t>& sequences, const std::string& result, bool failed);
  bool wait_until_next_step(std::chrono::steady_clock::time_point deadline);
  bool requests_pending() const;  // with mutex_ held
  void save_replay(pysc2::Env& env, const std::filesystem::path& folder);
  void notice(std::string text);

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
  bool paused_ = false;
  bool step_requested_ = false;
  bool restart_requested_ = false;
  std::optional<std::filesystem::path> save_replay_folder_;
  std::vector<std::string> notices_;
};

}  // namespace sc2::app
