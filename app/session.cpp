#include "app/session.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <exception>
#include <fstream>
#include <stdexcept>

#include "agents/agent.h"
#include "agents/atomic_file.h"
#include "agents/dataset/dataset_writer.h"
#include "client/launcher.h"
#include "client/map_paths.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/game_requests.h"
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

const char* to_string(Controller controller) {
  return controller == Controller::agent ? "agent" : "human";
}

Session::Session(SessionOptions options) : options_(std::move(options)), speed_(options_.speed) {
  snapshot_.status = "not started";
  snapshot_.step_mul = options_.env.step_mul;
  render_sync_ = snapshot_.render_sync = options_.render_sync;
  // The agent takes control as soon as it is loaded; until then nothing is sent either way.
  snapshot_.agent = options_.agent;
  snapshot_.controller = options_.agent.empty() ? Controller::human : Controller::agent;
  if (options_.record_dir) snapshot_.recording_folder = options_.record_dir->string();
  if (options_.connect_port != 0) {
    snapshot_.mode = SessionMode::observe;
    snapshot_.read_only =
        "observing " + options_.connect_host + ":" + std::to_string(options_.connect_port) + " \u2014 read only";
  } else if (options_.replay_file) {
    snapshot_.mode = SessionMode::replay;
    snapshot_.read_only = "replay " + options_.replay_file->filename().string() + " \u2014 read only";
  }
  if (snapshot_.mode != SessionMode::play) {
    snapshot_.agent.clear();
    snapshot_.controller = Controller::human;
    snapshot_.recording_folder.clear();
  }
}

Session::~Session() { stop(); }

void Session::start() {
  if (thread_.joinable()) return;
  stop_requested_ = false;
  thread_ = std::thread([this] { run(); });
}

void Session::stop() {
  stop_requested_ = true;
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Session::submit(pysc2::FunctionCall call) {
  ActionRecord record;
  record.text = pysc2::to_string(call);
  record.call = call;
  queue_submission(std::move(record), Pending{0, std::move(call), std::nullopt});
}

void Session::submit(pysc2::RawCommand command) {
  ActionRecord record;
  record.text = pysc2::to_string(command);
  record.call = pysc2::FunctionCall{pysc2::fn::no_op, {}};
  record.raw = command;
  queue_submission(std::move(record), Pending{0, pysc2::FunctionCall{pysc2::fn::no_op, {}}, std::move(command)});
}

void Session::queue_submission(ActionRecord record, Pending pending) {
  std::lock_guard lock(mutex_);
  record.sequence = pending.sequence = next_sequence_++;
  record.episode = snapshot_.episode;
  record.game_loop = snapshot_.timestep ? snapshot_.timestep->observation.game_loop : 0;
  record.result = "queued";
  if (!snapshot_.read_only.empty()) {
    record.result = "ignored: " + snapshot_.read_only;
    record.failed = true;
  } else if (snapshot_.controller == Controller::agent) {
    record.result = "ignored: the agent is in control (take over first)";
    record.failed = true;
  } else if (queue_.size() >= kMaxQueuedCalls) {
    record.result = "ignored: " + std::to_string(queue_.size()) + " calls already wait to be sent (at most " +
                    std::to_string(kMaxQueuedCalls) + ")";
    record.failed = true;
  } else if (pending.raw && snapshot_.recording) {
    record.result = "ignored: raw commands are not recorded (a dataset holds FunctionCalls)";
    record.failed = true;
  }
  log_.push_back(record);
  if (log_.size() > kMaxLog) log_.pop_front();
  ++snapshot_.log_version;
  if (!record.failed) queue_.push_back(std::move(pending));
}

std::uint64_t Session::log_call(const pysc2::FunctionCall& call, Controller source, std::vector<int> available,
                                std::string result) {
  std::lock_guard lock(mutex_);
  ActionRecord record;
  record.sequence = next_sequence_++;
  record.episode = snapshot_.episode;
  record.game_loop = snapshot_.timestep ? snapshot_.timestep->observation.game_loop : 0;
  record.text = pysc2::to_string(call);
  record.call = call;
  record.source = source;
  record.available = std::move(available);
  record.result = std::move(result);
  log_.push_back(std::move(record));
  if (log_.size() > kMaxLog) log_.pop_front();
  ++snapshot_.log_version;
  return log_.back().sequence;
}

void Session::drop_queued_calls(const std::string& reason) {
  for (const Pending& item : queue_) {
    for (ActionRecord& record : log_) {
      if (record.sequence != item.sequence) continue;
      record.result = reason;
      record.failed = true;
    }
  }
  if (!queue_.empty()) ++snapshot_.log_version;
  queue_.clear();
}

void Session::set_agent(std::string name) {
  {
    std::lock_guard lock(mutex_);
    agent_request_ = std::move(name);
  }
  wake_.notify_all();
}

void Session::set_controller(Controller controller) {
  {
    std::lock_guard lock(mutex_);
    if (controller == snapshot_.controller) return;
    if (controller == Controller::agent && snapshot_.agent.empty()) {
      notices_.push_back("no agent is loaded: choose one to hand control to");
      return;
    }
    snapshot_.controller = controller;
    if (controller == Controller::agent) drop_queued_calls("dropped: control went back to the agent");
    notices_.push_back(controller == Controller::agent ? "control handed back to the agent " + snapshot_.agent
                                                       : "the person took over from the agent " + snapshot_.agent);
  }
  wake_.notify_all();
}

void Session::start_recording(std::filesystem::path folder) {
  {
    std::lock_guard lock(mutex_);
    record_request_ = std::move(folder);
    stop_record_request_ = false;
  }
  wake_.notify_all();
}

void Session::stop_recording() {
  {
    std::lock_guard lock(mutex_);
    record_request_.reset();
    stop_record_request_ = true;
  }
  wake_.notify_all();
}

std::vector<EpisodeSummary> Session::episodes() const {
  std::lock_guard lock(mutex_);
  return {episodes_.begin(), episodes_.end()};
}

void Session::set_paused(bool paused) {
  {
    std::lock_guard lock(mutex_);
    paused_ = paused;
    snapshot_.paused = paused;
  }
  wake_.notify_all();
}

void Session::set_speed(double speed) {
  {
    std::lock_guard lock(mutex_);
    speed_ = speed;
  }
  wake_.notify_all();
}

void Session::set_step_mul(int step_mul) {
  {
    std::lock_guard lock(mutex_);
    step_mul_request_ = std::max(1, step_mul);
  }
  wake_.notify_all();
}

void Session::request_step() {
  {
    std::lock_guard lock(mutex_);
    if (paused_) step_requested_ = true;
  }
  wake_.notify_all();
}

void Session::set_render_sync(bool on) {
  {
    std::lock_guard lock(mutex_);
    render_sync_ = snapshot_.render_sync = on;
  }
  wake_.notify_all();
}

void Session::frame_drawn(std::uint64_t timestep_version) {
  {
    std::lock_guard lock(mutex_);
    if (timestep_version <= drawn_version_) return;
    drawn_version_ = timestep_version;
  }
  wake_.notify_all();
}

void Session::request_restart_episode() {
  {
    std::lock_guard lock(mutex_);
    restart_requested_ = true;
  }
  wake_.notify_all();
}

void Session::request_save_replay(std::filesystem::path folder) {
  {
    std::lock_guard lock(mutex_);
    save_replay_folder_ = std::move(folder);
  }
  wake_.notify_all();
}

std::vector<std::string> Session::take_notices() {
  std::lock_guard lock(mutex_);
  std::vector<std::string> taken;
  taken.swap(notices_);
  return taken;
}

void Session::notice(std::string text) {
  std::lock_guard lock(mutex_);
  notices_.push_back(std::move(text));
  if (notices_.size() > 100) notices_.erase(notices_.begin());
}

void Session::request_seek(std::uint32_t game_loop) {
  {
    std::lock_guard lock(mutex_);
    seek_request_ = game_loop;
  }
  wake_.notify_all();
}

void Session::set_observed_player(int player_id) {
  {
    std::lock_guard lock(mutex_);
    observed_player_request_ = player_id;
  }
  wake_.notify_all();
}

bool Session::requests_pending() const {
  return step_requested_ || restart_requested_ || save_replay_folder_.has_value() || agent_request_.has_value() ||
         record_request_.has_value() || stop_record_request_ || seek_request_.has_value() ||
         observed_player_request_.has_value() || step_mul_request_.has_value();
}

void Session::save_replay(pysc2::Env& env, const std::filesystem::path& folder) {
  try {
    const std::string replay = pysc2::save_replay(env.controller());
    std::filesystem::create_directories(folder);
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    std::filesystem::path file = folder / (options_.env.map + "-" + stamp + ".SC2Replay");
    for (int n = 2; std::filesystem::exists(file); ++n) {
      file = folder / (options_.env.map + "-" + stamp + "-" + std::to_string(n) + ".SC2Replay");
    }
    agents::write_file_atomically(file, replay);  // a full disk leaves no truncated replay
    notice("replay saved: " + file.string() + " (" + std::to_string(replay.size()) + " bytes)");
  } catch (const std::exception& error) {
    // A lost connection also shows up in the next step, which fails the session.
    notice(std::string("saving the replay failed: ") + error.what());
  }
}

SessionSnapshot Session::snapshot() const {
  std::lock_guard lock(mutex_);
  return snapshot_;
}

std::vector<ActionRecord> Session::action_log() const {
  std::lock_guard lock(mutex_);
  return {log_.begin(), log_.end()};
}

void Session::set_status(std::string status) {
  std::lock_guard lock(mutex_);
  snapshot_.status = std::move(status);
}

void Session::fail(const std::string& error) {
  std::lock_guard lock(mutex_);
  snapshot_.state = SessionState::failed;
  snapshot_.error = error;
  snapshot_.status = "failed";
}

void Session::run() {
  try {
    run_game();
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

void Session::fetch_available_maps(sc2::Controller& controller) {
  set_status("asking the game for its maps");
  std::vector<std::string> maps;
  std::string problem;
  try {
    for (const std::string& path : controller.available_maps().local_map_paths) maps.push_back(map_choice_for_path(path));
  } catch (const ControllerError& error) {
    problem = error.what();
  }
  if (options_.env.map.empty()) {
    if (maps.empty()) {
      throw std::runtime_error("no map given (--map), and " + (problem.empty() ? "the game lists none" : problem));
    }
    options_.env.map = maps.front();
  }
  if (!problem.empty()) notice("the game did not list its maps (the settings offer none): " + problem);
  std::lock_guard lock(mutex_);
  snapshot_.available_maps = std::move(maps);
  snapshot_.map = options_.env.map;
}

void Session::run_game() {
  if (options_.connect_port != 0) return run_observer();
  if (options_.replay_file) return run_replay();
  LaunchOptions launch;
  launch.sc2path = options_.sc2path;
  launch.sc2lite_dir = options_.sc2lite_dir;
  launch.startup_timeout = std::chrono::milliseconds(30000);
  const GameExecutable executable = choose_executable(launch);
  set_status("launching " + executable.path.string());
  std::unique_ptr<GameProcess> game = GameProcess::launch(launch);
  if (stop_requested_) return;
  fetch_available_maps(game->controller());

  set_status("creating the game (" + options_.env.map + ")");
  pysc2::Env env(game->controller(), options_.env);
  publish(env.reset(), env);
  {
    std::lock_guard lock(mutex_);
    snapshot_.state = SessionState::running;
    snapshot_.status = options_.env.map + " on " + executable.path.filename().string();
  }
  if (!options_.agent.empty()) load_agent(options_.agent);
  if (options_.record_dir) open_recording(*options_.record_dir);

  // --save_replay: every episode that saw a step leaves a replay, however it ends.
  bool episode_played = false;
  const auto keep_episode_replay = [&] {
    if (options_.save_replay_dir && episode_played) save_replay(env, *options_.save_replay_dir);
    episode_played = false;
  };
  auto deadline = std::chrono::steady_clock::now();
  while (!stop_requested_) {
    deadline = next_step_deadline(deadline);
    if (!wait_until_next_step(deadline)) break;
    bool restart = false, step = false, paused = false;
    std::optional<std::filesystem::path> replay_folder;
    std::optional<int> step_mul;
    {
      std::lock_guard lock(mutex_);
      std::swap(restart, restart_requested_);
      std::swap(step, step_requested_);
      replay_folder.swap(save_replay_folder_);
      step_mul.swap(step_mul_request_);
      paused = paused_;
    }
    if (step_mul && *step_mul != options_.env.step_mul) {
      if (recorder_) {
        notice("step_mul stays " + std::to_string(options_.env.step_mul) + " while recording (a dataset has one)");
      } else {
        env.set_step_mul(*step_mul);
        options_.env.step_mul = *step_mul;
        std::lock_guard lock(mutex_);
        snapshot_.step_mul = *step_mul;
      }
    }
    handle_agent_and_recording_requests();
    if (replay_folder) save_replay(env, *replay_folder);
    if (restart) {
      set_status("restarting the episode");
      if (recorded_episode_open_) {
        try {
          end_recorded_episode(env.game_loop());
        } catch (const std::exception& error) {
          recording_failed(std::string("recording stopped: ") + error.what());
        }
      }
      keep_episode_replay();
      publish(env.reset(), env);
      if (agent_) agent_->reset();
      set_status(options_.env.map + " on " + executable.path.filename().string());
      continue;
    }
    if (paused && !step) continue;
    const std::uint32_t loop_before = env.game_loop();
    step_once(env);
    const std::uint32_t loop_after = env.game_loop();
    episode_played = episode_played || loop_after != loop_before;
    if (loop_after > loop_before) total_game_loops_ += loop_after - loop_before;
    if (options_.max_game_loops > 0 && total_game_loops_ >= options_.max_game_loops) {
      const std::string reason = "played " + std::to_string(total_game_loops_) + " game loops (--max_game_steps " +
                                 std::to_string(options_.max_game_loops) + ")";
      notice(reason);
      std::lock_guard lock(mutex_);
      snapshot_.finished = reason;
      break;
    }
    if (env.last()->last()) {
      set_status("restarting the episode");
      keep_episode_replay();
      publish(env.reset(), env);
      if (agent_) agent_->reset();
      set_status(options_.env.map + " on " + executable.path.filename().string());
    }
  }
  keep_episode_replay();
  set_status("quitting the game");
  // `game` goes out of scope here: the GameProcess destructor quits the game process.
}

std::chrono::steady_clock::time_point Session::next_step_deadline(std::chrono::steady_clock::time_point previous) {
  double speed;
  {
    std::lock_guard lock(mutex_);
    speed = speed_;
  }
  if (speed <= 0) return std::chrono::steady_clock::now();
  const double seconds = options_.env.step_mul / (kGameLoopsPerSecond * speed);
  const auto next =
      previous + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  // After a pause or a slow step do not rush to catch up.
  return std::max(next, std::chrono::steady_clock::now() - std::chrono::milliseconds(100));
}

bool Session::wait_until_next_step(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  wake_.wait_until(lock, deadline, [this] { return stop_requested_.load(); });
  // While paused, wait until resumed, stopped or asked for something; with synchronous
  // rendering also until the UI has drawn the latest observation.
  wake_.wait(lock, [this] {
    const bool drawn = !render_sync_ || drawn_version_ >= snapshot_.timestep_version;
    return stop_requested_.load() || (!paused_ && drawn) || requests_pending();
  });
  return !stop_requested_;
}

std::vector<std::pair<std::uint64_t, pysc2::FunctionCall>> Session::take_human_calls(
    const pysc2::ActionSpace& space, const std::vector<int>& available, bool one_only,
    std::vector<pysc2::RawCommand>& raw, std::vector<std::uint64_t>& raw_sequences) {
  std::vector<std::pair<std::uint64_t, pysc2::FunctionCall>> calls;
  while (true) {
    Pending item;
    {
      std::lock_guard lock(mutex_);
      if (queue_.empty() || (one_only && !calls.empty())) break;
      item = std::move(queue_.front());
      queue_.pop_front();
    }
    if (item.raw) {
      raw.push_back(std::move(*item.raw));
      raw_sequences.push_back(item.sequence);
      continue;
    }
    // Validate each call on its own so that one bad call does not drop the others.
    try {
      pysc2::validate(item.call, space, &available);
      calls.emplace_back(item.sequence, std::move(item.call));
    } catch (const std::exception& error) {
      update_records({item.sequence}, std::string("rejected: ") + error.what(), true);
    }
  }
  return calls;
}

void Session::step_once(pysc2::Env& env) {
  const std::shared_ptr<const pysc2::TimeStep> before_step = env.last();  // kept across env.step
  const pysc2::Observation& before = before_step->observation;
  pysc2::ActionSpace space;
  space.screen_width = space.screen_height = options_.env.feature_screen_size;
  space.minimap_width = space.minimap_height = options_.env.feature_minimap_size;
  Controller controller;
  {
    std::lock_guard lock(mutex_);
    controller = snapshot_.controller;
  }

  std::vector<pysc2::FunctionCall> calls;
  std::vector<pysc2::RawCommand> raw_commands;
  std::vector<std::uint64_t> sent;
  if (controller == Controller::agent) {
    if (!agent_) return;  // the agent is still loading
    pysc2::FunctionCall chosen;
    try {
      chosen = agent_->step(*env.last());
    } catch (const std::exception& error) {
      agent_failed(std::string("the agent failed: ") + error.what());
      return;
    }
    const std::uint64_t sequence = log_call(chosen, Controller::agent, before.available_actions, "sent");
    try {
      pysc2::validate(chosen, space, &before.available_actions);
      calls.push_back(chosen);
      sent.push_back(sequence);
    } catch (const std::exception& error) {
      update_records({sequence}, std::string("rejected: ") + error.what(), true);
    }
  } else {
    std::vector<std::uint64_t> raw_sent;
    for (auto& [sequence, call] :
         take_human_calls(space, before.available_actions, recorder_ != nullptr, raw_commands, raw_sent)) {
      calls.push_back(std::move(call));
      sent.push_back(sequence);
    }
    sent.insert(sent.end(), raw_sent.begin(), raw_sent.end());  // the Env sends raw commands last
  }
  if (calls.empty()) calls.push_back(pysc2::FunctionCall{pysc2::fn::no_op, {}});

  std::shared_ptr<const pysc2::TimeStep> timestep;
  try {
    timestep = env.step(calls, raw_commands);
  } catch (const std::invalid_argument& error) {
    // The Env refused the batch (should not happen after validate); the game is still fine.
    update_records(sent, std::string("rejected: ") + error.what(), true);
    return;
  }
  std::string result = "ok";
  bool failed = false;
  for (int value : timestep->observation.action_result) {
    if (value == pysc2::kActionSuccess) continue;
    result = (failed ? result + ", " : std::string()) + pysc2::action_result_name(value);
    failed = true;
  }
  update_records(sent, result, failed);
  if (recorder_ && current_) record_step(current_->observation, calls.front(), *timestep);
  publish(std::move(timestep), env, controller);
}

void Session::handle_agent_and_recording_requests() {
  std::optional<std::string> agent;
  std::optional<std::filesystem::path> record;
  bool stop_record = false;
  {
    std::lock_guard lock(mutex_);
    agent.swap(agent_request_);
    record.swap(record_request_);
    std::swap(stop_record, stop_record_request_);
  }
  if (agent) load_agent(*agent);
  if (stop_record) close_recording();
  if (record) open_recording(*record);
}

void Session::load_agent(const std::string& name) {
  agent_.reset();
  if (name.empty()) {
    std::lock_guard lock(mutex_);
    snapshot_.agent.clear();
    snapshot_.controller = Controller::human;
    return;
  }
  try {
    std::unique_ptr<agents::Agent> agent = agents::make_agent(name, options_.agent_seed);
    agents::AgentSpec spec;
    spec.map = options_.env.map;
    spec.feature_screen_size = options_.env.feature_screen_size;
    spec.feature_minimap_size = options_.env.feature_minimap_size;
    spec.step_mul = options_.env.step_mul;
    agent->setup(spec);
    agent->reset();
    agent_ = std::move(agent);
  } catch (const std::exception& error) {
    agent_failed("cannot watch the agent '" + name + "': " + error.what());
    return;
  }
  std::lock_guard lock(mutex_);
  snapshot_.agent = name;
  snapshot_.agent_error.clear();
  snapshot_.controller = Controller::agent;
  drop_queued_calls("dropped: the agent took control");
  notices_.push_back("watching the agent " + name + " (take over: F6)");
}

void Session::agent_failed(const std::string& error) {
  agent_.reset();
  std::lock_guard lock(mutex_);
  snapshot_.agent.clear();
  snapshot_.agent_error = error;
  snapshot_.controller = Controller::human;
  notices_.push_back(error + "; the person has control");
}

void Session::update_records(const std::vector<std::uint64_t>& sequences, const std::string& result, bool failed) {
  if (sequences.empty()) return;
  std::lock_guard lock(mutex_);
  for (ActionRecord& record : log_) {
    if (std::find(sequences.begin(), sequences.end(), record.sequence) != sequences.end()) {
      record.result = result;
      record.failed = failed;
    }
  }
  ++snapshot_.log_version;
}

void Session::publish(std::shared_ptr<const pysc2::TimeStep> timestep, const pysc2::Env& env,
                      std::optional<Controller> source) {
  publish(std::move(timestep), env.episode(), env.episode_steps(), source);
}

// The TimeStep as the client decoded it, shared with the UI as it is (nothing is decoded or
// copied here or on the UI thread).
void Session::publish(std::shared_ptr<const pysc2::TimeStep> shared, int episode_number, std::int64_t episode_steps,
                      std::optional<Controller> source) {
  // The game's alerts (Observation.alerts) go to the log, as PySC2's viewer shows them.
  for (int alert : shared->observation.alerts) notice("alert: " + pysc2::alert_name(alert));
  std::lock_guard lock(mutex_);
  snapshot_.game_view = shared->observation.game_view;
  if (shared->first()) {
    snapshot_.episode_reward = 0.0;
  }
  snapshot_.last_reward = shared->reward;
  snapshot_.episode_reward += shared->reward;
  if (shared->last()) snapshot_.finished_episode_scores.push_back(snapshot_.episode_reward);
  if (shared->first() || episodes_.empty()) {
    episodes_.push_back(EpisodeSummary{});
    episodes_.back().episode = episode_number;
    episode_first_loop_ = shared->observation.game_loop;
    if (episodes_.size() > kMaxEpisodes) episodes_.pop_front();
    // Reward curves only for the recent episodes: the UI copies the list when it changes.
    if (episodes_.size() > kEpisodesWithCurves) {
      std::vector<float>().swap(episodes_[episodes_.size() - kEpisodesWithCurves - 1].reward_curve);
    }
  }
  EpisodeSummary& episode = episodes_.back();
  if (source) {
    ++episode.steps;
    ++(*source == Controller::agent ? episode.agent_steps : episode.human_steps);
    episode.score += shared->reward;
    episode.reward_curve.push_back(static_cast<float>(episode.score));
  }
  episode.game_loops = shared->observation.game_loop - episode_first_loop_;
  episode.finished = shared->last();
  ++snapshot_.episodes_version;
  current_ = shared;
  snapshot_.episode = episode_number;
  snapshot_.episode_steps = episode_steps;
  snapshot_.timestep = std::move(shared);
  ++snapshot_.timestep_version;
}

// [recording]
void Session::open_recording(const std::filesystem::path& folder) {
  close_recording();
  agents::dataset::DatasetInfo info;
  info.map = options_.env.map;
  {
    std::lock_guard lock(mutex_);
    info.agent = snapshot_.agent.empty() ? "human" : snapshot_.agent;
  }
  info.seed = options_.env.seed.value_or(0);
  info.step_mul = options_.env.step_mul;
  info.feature_screen_size = options_.env.feature_screen_size;
  info.feature_minimap_size = options_.env.feature_minimap_size;
  try {
    recorder_ = std::make_unique<agents::dataset::DatasetWriter>(folder, info);
  } catch (const std::exception& error) {
    std::lock_guard lock(mutex_);
    snapshot_.recording_folder = folder.string();
    snapshot_.recording = false;
    snapshot_.recording_error = "cannot record into " + folder.string() + ": " + error.what();
    notices_.push_back(snapshot_.recording_error);
    return;
  }
  recorded_episode_open_ = false;
  std::lock_guard lock(mutex_);
  snapshot_.recording = true;
  snapshot_.recording_folder = folder.string();
  snapshot_.recorded_steps = 0;
  snapshot_.recorded_episodes = 0;
  snapshot_.recording_error.clear();
  notices_.push_back("recording the steps into " + folder.string());
}

void Session::end_recorded_episode(std::uint32_t game_loop) {
  if (!recorder_ || !recorded_episode_open_) return;
  recorded_episode_open_ = false;
  recorder_->end_episode(recorded_episode_reward_, static_cast<std::int64_t>(game_loop) - recorded_episode_first_loop_);
  std::lock_guard lock(mutex_);
  snapshot_.recorded_episodes = recorder_->episodes().size();
}

void Session::record_step(const pysc2::Observation& seen, const pysc2::FunctionCall& call,
                          const pysc2::TimeStep& after) {
  if (!recorder_) return;
  try {
    if (!recorded_episode_open_) {
      recorder_->begin_episode();
      recorded_episode_open_ = true;
      recorded_episode_reward_ = 0;
      recorded_episode_first_loop_ = seen.game_loop;
    }
    recorder_->add_step(seen, call, after.reward);
    recorded_episode_reward_ += after.reward;
    if (after.last()) end_recorded_episode(after.observation.game_loop);
    std::lock_guard lock(mutex_);
    snapshot_.recorded_steps = recorder_->steps();
  } catch (const std::exception& error) {
    recording_failed(std::string("recording stopped: ") + error.what());
  }
}

void Session::close_recording() {
  if (!recorder_) return;
  try {
    if (recorded_episode_open_ && current_) end_recorded_episode(current_->observation.game_loop);
    recorder_->finish();
  } catch (const std::exception& error) {
    recording_failed(std::string("finishing the recording failed: ") + error.what());
    return;
  }
  const std::string summary = "recording finished: " + std::to_string(recorder_->steps()) + " steps, " +
                              std::to_string(recorder_->episodes().size()) + " episodes in " +
                              recorder_->folder().string();
  recorder_.reset();
  recorded_episode_open_ = false;
  std::lock_guard lock(mutex_);
  snapshot_.recording = false;
  notices_.push_back(summary);
}

// Keeps what was recorded: the writer is finished (index.json for the complete rows) when it
// still can be, then dropped.
void Session::recording_failed(const std::string& error) {
  if (recorder_) {
    try {
      recorder_->finish();
    } catch (const std::exception&) {
      // The folder stays an unfinished recording (no index.json); the error below says why.
    }
  }
  recorder_.reset();
  recorded_episode_open_ = false;
  std::lock_guard lock(mutex_);
  snapshot_.recording = false;
  snapshot_.recording_error = error;
  notices_.push_back(error);
}

}  // namespace sc2::app
