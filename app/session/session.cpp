// Session: the person's side (submissions, controls, what the UI reads) and the game thread's
// frame shared by the three modes (run, launching, waiting, publishing, logging). The modes'
// loops: play_session.cpp, connect_session.cpp (observe), replay_session.cpp.
#include "app/session/session.h"

#include <algorithm>
#include <exception>
#include <unordered_set>

#include "app/session/opponent_choice.h"
#include "client/launcher.h"
#include "client/pysc2/result_names.h"

namespace sc2::app {

const char* to_string(SessionState state) {
  switch (state) {
    case SessionState::starting: return "starting";
    case SessionState::running: return "running";
    case SessionState::failed: return "failed";
    case SessionState::stopped: return "stopped";
  }
  return "?";
}

const char* to_string(SessionMode mode) {
  switch (mode) {
    case SessionMode::play: return "play";
    case SessionMode::observe: return "observe";
    case SessionMode::replay: return "replay";
  }
  return "?";
}

const char* game_result_name(int outcome) { return outcome > 0 ? "Victory" : (outcome < 0 ? "Defeat" : "Tie"); }

const char* to_string(Controller controller) {
  return controller == Controller::agent ? "agent" : "human";
}

Session::Session(SessionOptions options)
    : options_(std::move(options)),
      pacer_(options_.speed, options_.render_sync),
      agent_(agents::AgentOptions{options_.agent_seed, options_.agent_checkpoint, options_.agent_greedy}),
      recorder_([this](std::string text) { log_.notice(std::move(text)); }) {
  snapshot_.status = "not started";
  snapshot_.step_mul = options_.env.step_mul;
  if (options_.env.computer) snapshot_.opponent = opponent_label(*options_.env.computer);
  if (!options_.opponent_agent.empty()) snapshot_.opponent = opponent_agent_label(options_.opponent_agent);
  // The agent takes control as soon as it is loaded; until then nothing is sent either way.
  snapshot_.agent = options_.agent;
  snapshot_.controller = options_.agent.empty() ? Controller::human : Controller::agent;
  if (options_.record_dir) snapshot_.recording_folder = options_.record_dir->string();
  if (options_.connect_port != 0) {
    snapshot_.mode = SessionMode::observe;
    snapshot_.paces_game = false;
    snapshot_.read_only =
        "observing " + options_.connect_host + ":" + std::to_string(options_.connect_port) +
        (options_.connect_player == 1 ? "" : " (player " + std::to_string(options_.connect_player) + ")") +
        " \u2014 read only";
  } else if (options_.replay_file) {
    snapshot_.mode = SessionMode::replay;
    snapshot_.read_only = "replay " + options_.replay_file->filename().string() + " \u2014 read only";
  }
  if (snapshot_.mode != SessionMode::play) {
    snapshot_.agent.clear();
    snapshot_.controller = Controller::human;
    snapshot_.recording_folder.clear();
    snapshot_.opponent.clear();
  }
}

Session::~Session() { stop(); }

void Session::start() {
  if (thread_.joinable()) return;
  pacer_.clear_stop();
  thread_ = std::thread([this] { run(); });
}

void Session::stop() {
  pacer_.request_stop();
  if (thread_.joinable()) thread_.join();
}

// [the person's side]

void Session::submit(pysc2::FunctionCall call) {
  ActionRecord record;
  record.text = pysc2::to_string(call);
  record.call = call;
  queue_submission(std::move(record), CallQueue::Item{0, std::move(call), std::nullopt});
}

void Session::submit(pysc2::RawCommand command) {
  ActionRecord record;
  record.text = pysc2::to_string(command);
  record.call = pysc2::FunctionCall{pysc2::fn::no_op, {}};
  record.raw = command;
  queue_submission(std::move(record),
                   CallQueue::Item{0, pysc2::FunctionCall{pysc2::fn::no_op, {}}, std::move(command)});
}

void Session::queue_submission(ActionRecord record, CallQueue::Item item) {
  // Under mutex_: the refusal and the push see the same control and recording state as a
  // change of control, which drops the queue under it too.
  std::lock_guard lock(mutex_);
  record.episode = snapshot_.episode;
  record.game_loop = snapshot_.timestep ? snapshot_.timestep->observation.game_loop : 0;
  record.result = "queued";
  if (std::optional<std::string> refusal = submission_refusal(item.raw.has_value())) {
    record.result = std::move(*refusal);
    record.failed = true;
  }
  const bool refused = record.failed;
  item.sequence = log_.add(std::move(record));
  if (!refused) queue_.push(std::move(item));
}

std::optional<std::string> Session::submission_refusal(bool raw) const {
  if (!snapshot_.read_only.empty()) return "ignored: " + snapshot_.read_only;
  if (snapshot_.controller == Controller::agent) return "ignored: the agent is in control (take over first)";
  if (std::optional<std::string> full = queue_.full_refusal()) return full;
  if (raw && snapshot_.recording) return "ignored: raw commands are not recorded (a dataset holds FunctionCalls)";
  return std::nullopt;
}

void Session::drop_queued_calls(const std::string& reason) { log_.set_result(queue_.drop_all(), reason, true); }

void Session::post(const std::function<void(Requests&)>& change) {
  requests_.post(change);
  pacer_.wake();
}

void Session::set_agent(std::string name) {
  post([&](Requests& requests) { requests.agent = std::move(name); });
}

void Session::set_controller(Controller controller) {
  {
    std::lock_guard lock(mutex_);
    if (controller == snapshot_.controller) return;
    if (controller == Controller::agent && snapshot_.agent.empty()) {
      log_.notice("no agent is loaded: choose one to hand control to");
      return;
    }
    snapshot_.controller = controller;
    if (controller == Controller::agent) drop_queued_calls("dropped: control went back to the agent");
    log_.notice(controller == Controller::agent ? "control handed back to the agent " + snapshot_.agent
                                                : "the person took over from the agent " + snapshot_.agent);
  }
  pacer_.wake();
}

void Session::start_recording(std::filesystem::path folder) {
  post([&](Requests& requests) {
    requests.record = std::move(folder);
    requests.stop_record = false;
  });
}

void Session::stop_recording() {
  post([](Requests& requests) {
    requests.record.reset();
    requests.stop_record = true;
  });
}

std::vector<EpisodeSummary> Session::episodes() const { return history_.episodes(); }

void Session::set_paused(bool paused) { pacer_.set_paused(paused); }

void Session::set_speed(double speed) { pacer_.set_speed(speed); }

void Session::set_step_mul(int step_mul) {
  post([&](Requests& requests) { requests.step_mul = std::max(1, step_mul); });
}

void Session::request_step() { pacer_.request_step(); }

void Session::set_render_sync(bool on) { pacer_.set_render_sync(on); }

void Session::frame_drawn(std::uint64_t timestep_version) { pacer_.frame_drawn(timestep_version); }

void Session::request_restart_episode() {
  post([](Requests& requests) { requests.restart = true; });
}

void Session::request_save_replay(std::filesystem::path folder) {
  post([&](Requests& requests) { requests.save_replay = std::move(folder); });
}

std::vector<std::string> Session::take_notices() { return log_.take_notices(); }

void Session::request_seek(std::uint32_t game_loop) {
  post([&](Requests& requests) { requests.seek = game_loop; });
}

void Session::set_observed_player(int player_id) {
  post([&](Requests& requests) { requests.observed_player = player_id; });
}

SessionSnapshot Session::snapshot() const {
  SessionSnapshot copy;
  {
    std::lock_guard lock(mutex_);
    copy = snapshot_;
  }
  // The parts' own state, each under its own lock.
  copy.paused = pacer_.paused();
  copy.render_sync = pacer_.render_sync();
  copy.speed = pacer_.speed();
  copy.log_version = log_.version();
  copy.episodes_version = history_.version();
  return copy;
}

bool Session::wait_for_timestep(std::uint64_t after_version, std::chrono::steady_clock::duration timeout) const {
  std::unique_lock lock(mutex_);
  return published_.wait_for(lock, timeout, [&] { return snapshot_.timestep_version > after_version; });
}

std::vector<ActionRecord> Session::action_log() const { return log_.records(); }

// [the game thread's frame]

void Session::run() {
  try {
    if (options_.connect_port != 0) {
      run_observer();
    } else if (options_.replay_file) {
      run_replay();
    } else {
      run_play();
    }
  } catch (const std::exception& error) {
    fail(error.what());
    close_recording();  // what was recorded is kept
    return;
  } catch (...) {
    fail("unknown error in the game thread");
    close_recording();
    return;
  }
  close_recording();
  std::lock_guard lock(mutex_);
  if (snapshot_.state != SessionState::failed) {
    snapshot_.state = SessionState::stopped;
    snapshot_.status = "stopped";
  }
}

std::unique_ptr<GameProcess> Session::launch_game() {
  return sc2::launch_game(GameChoice{options_.sc2path, options_.sc2lite_dir, kGameStartupTimeout},
                          [this](const GameExecutable& chosen) { set_status("launching " + chosen.path.string()); });
}

bool Session::wait_for_step(StepPacer::Clock::time_point deadline) {
  return pacer_.wait_for_step(deadline, [this] { return requests_.pending(); });
}

void Session::set_status(std::string status) {
  std::lock_guard lock(mutex_);
  snapshot_.status = std::move(status);
}

void Session::set_running(std::string status) {
  std::lock_guard lock(mutex_);
  snapshot_.state = SessionState::running;
  snapshot_.status = std::move(status);
}

void Session::fail(const std::string& error) {
  std::lock_guard lock(mutex_);
  snapshot_.state = SessionState::failed;
  snapshot_.error = error;
  snapshot_.status = "failed";
}

void Session::notice(std::string text) { log_.notice(std::move(text)); }

void Session::publish(std::shared_ptr<const pysc2::TimeStep> timestep, const pysc2::Env& env,
                      std::optional<Controller> source) {
  publish(std::move(timestep), env.episode(), env.episode_steps(), source);
}

// The TimeStep as the client decoded it, shared with the UI as it is (nothing is decoded or
// copied here or on the UI thread).
void Session::publish(std::shared_ptr<const pysc2::TimeStep> shared, int episode, std::int64_t episode_steps,
                      std::optional<Controller> source) {
  // The game's alerts (Observation.alerts) go to the log, as PySC2's viewer shows them.
  for (int alert : shared->observation.alerts) notice("alert: " + pysc2::alert_name(alert));
  history_.add(*shared, episode, source);
  std::uint64_t version;
  {
    std::lock_guard lock(mutex_);
    snapshot_.game_view = shared->observation.game_view;
    if (shared->first()) snapshot_.episode_reward = 0.0;
    snapshot_.last_reward = shared->reward;
    snapshot_.episode_reward += shared->reward;
    if (shared->last()) snapshot_.finished_episode_scores.push_back(snapshot_.episode_reward);
    snapshot_.episode = episode;
    snapshot_.episode_steps = episode_steps;
    snapshot_.timestep = std::move(shared);
    version = ++snapshot_.timestep_version;
  }
  published_.notify_all();
  pacer_.published(version);  // synchronous rendering waits until the UI has drawn it
}

ActionRecord Session::record_now() const {
  std::lock_guard lock(mutex_);
  ActionRecord record;
  record.episode = snapshot_.episode;
  record.game_loop = snapshot_.timestep ? snapshot_.timestep->observation.game_loop : 0;
  return record;
}

std::uint64_t Session::log_call(const pysc2::FunctionCall& call, Controller source, std::vector<int> available,
                                std::string result) {
  ActionRecord record = record_now();
  record.text = pysc2::to_string(call);
  record.call = call;
  record.source = source;
  record.available = std::move(available);
  record.result = std::move(result);
  return log_.add(std::move(record));
}

void Session::log_seen_calls(const pysc2::Observation& observation, const std::string& result) {
  for (const pysc2::FunctionCall& call : observation.last_actions) {
    if (call.function == pysc2::fn::no_op) continue;
    log_call(call, Controller::agent, observation.available_actions, result);
  }
  // Raw commands (a SMAC agent's, a raw bot's): sc2lite echoes them to observers that use the
  // raw interface; last_actions has them as no_op.
  if (observation.shared_proto) log_seen_raw_commands(pysc2::echoed_raw_commands(*observation.shared_proto), observation, result);
  // The game refused these calls of the player's (they are not among last_actions).
  for (int value : observation.action_result) {
    if (value == pysc2::kActionSuccess) continue;
    ActionRecord record = record_now();
    record.game_loop = observation.game_loop;
    record.source = Controller::agent;
    record.text = "(a call of the player's the game refused)";
    record.result = "error: " + pysc2::action_result_name(value);
    record.failed = true;
    log_.add(std::move(record));
  }
}

}  // namespace sc2::app

namespace sc2::app {

void Session::log_seen_raw_commands(const std::vector<pysc2::EchoedRawCommand>& seen, const pysc2::Observation& observation,
                                    const std::string& result) {
  for (const pysc2::EchoedRawCommand& echoed : seen) {
    ActionRecord record = record_now();
    record.game_loop = echoed.game_loop;
    record.raw = echoed.command;
    record.text = pysc2::to_string(echoed.command);
    record.source = Controller::agent;
    record.result = result;
    log_.add(std::move(record));
  }
  std::lock_guard lock(mutex_);
  if (seen.empty()) {  // copy the map only when a unit with a command is gone
    if (!snapshot_.unit_commands) return;
    std::unordered_set<std::uint64_t> present;
    for (const pysc2::RawUnit& unit : observation.raw_view.units) present.insert(unit.tag);
    const auto& last = *snapshot_.unit_commands;
    if (std::all_of(last.begin(), last.end(), [&](const auto& entry) { return present.contains(entry.first); })) return;
  }
  auto updated = std::make_shared<pysc2::LastUnitCommands>(snapshot_.unit_commands ? *snapshot_.unit_commands
                                                                                   : pysc2::LastUnitCommands{});
  pysc2::note_unit_commands(*updated, seen, observation.raw_view);
  snapshot_.unit_commands = std::move(updated);
}

}  // namespace sc2::app
