#pragma once
// A session played back from recorded steps, with no game behind it. advance() publishes the
// next recorded TimeStep as Session's game thread publishes a new one (snapshot, episode
// summary, the call chosen on it in the action log); what the panels ask goes nowhere but is
// kept, so a test can check it. With it the real panels (StudioUi) run without a game:
// bench/frame_time_bench.cpp feeds them steps recorded from the in-process engine, the GUI
// tests hand-made observations. Not thread-safe: the UI thread owns it.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/session/session_commands.h"
#include "app/session/session_reader.h"
#include "app/session/session_snapshot.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"
#include "client/pysc2/raw_command.h"

namespace sc2::app {

struct RecordedStep {
  std::shared_ptr<const pysc2::TimeStep> timestep;
  // The call chosen on this observation (sent with the next step); none: nothing is logged.
  std::optional<pysc2::FunctionCall> call;
  // What the agent's policy said when it chose the call (watch mode with a learned agent).
  std::shared_ptr<const AgentPolicy> policy;
};

struct RecordedSessionOptions {
  std::string map;    // the map the snapshot names (and lists as the game's one map)
  std::string agent;  // who chose the recorded calls (watch mode); empty: the person
  int step_mul = 8;
  bool loop = true;   // after the last step the first comes again, as a new episode
};

class RecordedSession final : public SessionReader, public SessionCommands {
 public:
  // Throws std::invalid_argument when a step has no TimeStep.
  RecordedSession(std::vector<RecordedStep> steps, RecordedSessionOptions options);

  // Publishes the next recorded step. Returns false when none was published: paused (a
  // request_step publishes one), or every step shown and not looping.
  bool advance();
  std::size_t size() const { return steps_.size(); }

  SessionSnapshot snapshot() const override { return snapshot_; }
  std::vector<ActionRecord> action_log() const override { return log_; }
  std::vector<EpisodeSummary> episodes() const override { return episodes_; }
  std::vector<std::string> take_notices() override;

  // Calls and raw commands are logged as queued (nothing sends them) and kept. Pause, step_mul,
  // render sync, the agent and controller, recording and the observed player show in the
  // snapshot; every request is also kept as a line of text (requests()).
  void submit(pysc2::FunctionCall call) override;
  void submit(pysc2::RawCommand command) override;
  void set_paused(bool paused) override;
  void set_speed(double speed) override;
  void set_step_mul(int step_mul) override;
  void request_step() override;
  void set_render_sync(bool on) override;
  void frame_drawn(std::uint64_t timestep_version) override { drawn_version_ = timestep_version; }
  void request_restart_episode() override;
  void request_save_replay(std::filesystem::path folder) override;
  void set_agent(std::string name) override;
  void set_controller(Controller controller) override;
  void start_recording(std::filesystem::path folder) override;
  void stop_recording() override;
  void request_seek(std::uint32_t game_loop) override;
  void set_observed_player(int player_id) override;

  // What the panels asked, oldest first.
  const std::vector<pysc2::FunctionCall>& submitted_calls() const { return calls_; }
  const std::vector<pysc2::RawCommand>& submitted_raw() const { return raw_; }
  const std::vector<std::string>& requests() const { return requests_; }
  std::uint64_t drawn_version() const { return drawn_version_; }  // the last frame_drawn
  // A melee game's opponent as the snapshot names it ("the built-in AI (Easy)"); with it, a
  // last step shows its outcome as the game's result (SessionSnapshot::game_result), as
  // Session shows a melee game's end. Empty (the default): a mini-game.
  void set_opponent(std::string opponent) { snapshot_.opponent = std::move(opponent); }
  // Adds a message for the log, as the game thread's notices.
  void notice(std::string text) { notices_.push_back(std::move(text)); }

 private:
  void publish(const RecordedStep& step, bool new_episode);
  void log(ActionRecord record);
  void request(std::string text) { requests_.push_back(std::move(text)); }

  std::vector<RecordedStep> steps_;
  RecordedSessionOptions options_;
  std::size_t next_ = 0;
  bool step_requested_ = false;
  SessionSnapshot snapshot_;
  std::vector<ActionRecord> log_;
  std::vector<EpisodeSummary> episodes_;
  std::vector<std::string> notices_;
  std::uint64_t next_sequence_ = 1;
  std::uint32_t episode_first_loop_ = 0;

  std::vector<pysc2::FunctionCall> calls_;
  std::vector<pysc2::RawCommand> raw_;
  std::vector<std::string> requests_;
  std::uint64_t drawn_version_ = 0;
};

}  // namespace sc2::app
