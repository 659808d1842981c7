#include "app/session.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <exception>
#include <fstream>
#include <stdexcept>

#include "client/launcher.h"
#include "client/pysc2/actions.h"
#include "s2clientprotocol/error.pb.h"

namespace sc2::app {

namespace {

std::string action_result_name(int value) {
  if (SC2APIProtocol::ActionResult_IsValid(value)) {
    return SC2APIProtocol::ActionResult_Name(static_cast<SC2APIProtocol::ActionResult>(value));
  }
  return "ActionResult " + std::to_string(value);
}

}  // namespace

const char* to_string(SessionState state) {
  switch (state) {
    case SessionState::starting: return "starting";
    case SessionState::running: return "running";
    case SessionState::failed: return "failed";
    case SessionState::stopped: return "stopped";
  }
  return "?";
}

Session::Session(SessionOptions options) : options_(std::move(options)), speed_(options_.speed) {
  snapshot_.status = "not started";
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
  std::lock_guard lock(mutex_);
  ActionRecord record;
  record.sequence = next_sequence_++;
  record.episode = snapshot_.episode;
  record.game_loop = snapshot_.timestep ? snapshot_.timestep->observation.game_loop : 0;
  record.text = pysc2::to_string(call);
  record.call = call;
  record.result = "queued";
  log_.push_back(record);
  if (log_.size() > kMaxLog) log_.pop_front();
  ++snapshot_.log_version;
  queue_.push_back({record.sequence, std::move(call)});
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

void Session::request_step() {
  {
    std::lock_guard lock(mutex_);
    if (paused_) step_requested_ = true;
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

bool Session::requests_pending() const {
  return step_requested_ || restart_requested_ || save_replay_folder_.has_value();
}

void Session::save_replay(pysc2::Env& env, const std::filesystem::path& folder) {
  try {
    const SC2APIProtocol::ResponseSaveReplay response = env.controller().save_replay();
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
    std::ofstream out(file, std::ios::binary);
    out.write(response.data().data(), static_cast<std::streamsize>(response.data().size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + file.string());
    notice("replay saved: " + file.string() + " (" + std::to_string(response.data().size()) + " bytes)");
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
    return;
  } catch (...) {
    fail("unknown error in the game thread");
    return;
  }
  std::lock_guard lock(mutex_);
  if (snapshot_.state != SessionState::failed) {
    snapshot_.state = SessionState::stopped;
    snapshot_.status = "stopped";
  }
}

void Session::run_game() {
  LaunchOptions launch;
  launch.sc2path = options_.sc2path;
  launch.sc2lite_dir = options_.sc2lite_dir;
  launch.startup_timeout = std::chrono::milliseconds(30000);
  const GameExecutable executable = choose_executable(launch);
  set_status("launching " + executable.path.string());
  std::unique_ptr<GameProcess> game = GameProcess::launch(launch);
  if (stop_requested_) return;

  set_status("creating the game (" + options_.env.map + ")");
  pysc2::Env env(game->controller(), options_.env);
  publish(env.reset(), env);
  {
    std::lock_guard lock(mutex_);
    snapshot_.state = SessionState::running;
    snapshot_.status = options_.env.map + " on " + executable.path.filename().string();
  }

  auto deadline = std::chrono::steady_clock::now();
  while (!stop_requested_) {
    double speed;
    {
      std::lock_guard lock(mutex_);
      speed = speed_;
    }
    if (speed > 0) {
      const double seconds = options_.env.step_mul / (kGameLoopsPerSecond * speed);
      deadline += std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
      // After a pause or a slow step do not rush to catch up.
      deadline = std::max(deadline, std::chrono::steady_clock::now() - std::chrono::milliseconds(100));
    } else {
      deadline = std::chrono::steady_clock::now();
    }
    if (!wait_until_next_step(deadline)) break;
    bool restart = false, step = false, paused = false;
    std::optional<std::filesystem::path> replay_folder;
    {
      std::lock_guard lock(mutex_);
      std::swap(restart, restart_requested_);
      std::swap(step, step_requested_);
      replay_folder.swap(save_replay_folder_);
      paused = paused_;
    }
    if (replay_folder) save_replay(env, *replay_folder);
    if (restart) {
      set_status("restarting the episode");
      publish(env.reset(), env);
      set_status(options_.env.map + " on " + executable.path.filename().string());
      continue;
    }
    if (paused && !step) continue;
    step_once(env);
    if (env.last().last()) {
      set_status("restarting the episode");
      publish(env.reset(), env);
      set_status(options_.env.map + " on " + executable.path.filename().string());
    }
  }
  set_status("quitting the game");
  // `game` goes out of scope here: the GameProcess destructor quits the game process.
}

bool Session::wait_until_next_step(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  wake_.wait_until(lock, deadline, [this] { return stop_requested_.load(); });
  // While paused, wait until resumed, stopped or asked for something.
  wake_.wait(lock, [this] { return stop_requested_.load() || !paused_ || requests_pending(); });
  return !stop_requested_;
}

void Session::step_once(pysc2::Env& env) {
  std::deque<Pending> pending;
  {
    std::lock_guard lock(mutex_);
    pending.swap(queue_);
  }
  const pysc2::Observation& before = env.last().observation;
  pysc2::ActionSpace space;
  space.screen_width = space.screen_height = options_.env.feature_screen_size;
  space.minimap_width = space.minimap_height = options_.env.feature_minimap_size;

  // Validate each call on its own so that one bad call does not drop the others.
  std::vector<pysc2::FunctionCall> calls;
  std::vector<std::uint64_t> sent;
  for (Pending& item : pending) {
    try {
      pysc2::validate(item.call, space, &before.available_actions);
      calls.push_back(item.call);
      sent.push_back(item.sequence);
    } catch (const std::exception& error) {
      update_records({item.sequence}, std::string("rejected: ") + error.what(), true);
    }
  }
  if (calls.empty()) calls.push_back(pysc2::FunctionCall{pysc2::fn::no_op, {}});

  pysc2::TimeStep timestep;
  try {
    timestep = env.step(calls);
  } catch (const std::invalid_argument& error) {
    // The Env refused the batch (should not happen after validate); the game is still fine.
    update_records(sent, std::string("rejected: ") + error.what(), true);
    return;
  }
  std::string result = "ok";
  bool failed = false;
  for (int value : timestep.observation.action_result) {
    if (value == SC2APIProtocol::Success) continue;
    result = (failed ? result + ", " : std::string()) + action_result_name(value);
    failed = true;
  }
  update_records(sent, result, failed);
  publish(std::move(timestep), env);
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

void Session::publish(pysc2::TimeStep timestep, const pysc2::Env& env) {
  auto shared = std::make_shared<const pysc2::TimeStep>(std::move(timestep));
  std::shared_ptr<const SC2APIProtocol::ResponseGameInfo> info;
  {
    std::lock_guard lock(mutex_);
    if (!snapshot_.game_info) info = std::make_shared<const SC2APIProtocol::ResponseGameInfo>(env.game_info());
  }
  std::lock_guard lock(mutex_);
  if (info) snapshot_.game_info = std::move(info);
  if (shared->first()) {
    snapshot_.episode_reward = 0.0;
  }
  snapshot_.last_reward = shared->reward;
  snapshot_.episode_reward += shared->reward;
  if (shared->last()) snapshot_.finished_episode_scores.push_back(snapshot_.episode_reward);
  snapshot_.episode = env.episode();
  snapshot_.episode_steps = env.episode_steps();
  snapshot_.timestep = std::move(shared);
  ++snapshot_.timestep_version;
}

}  // namespace sc2::app
