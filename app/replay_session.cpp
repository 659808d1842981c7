// Session, replay mode (sc2studio --replay FILE): launches the game (sc2lite or a real SC2),
// asks it to describe the replay (RequestReplayInfo) and plays it back (RequestStartReplay,
// then step_mul loops per step at the chosen speed). Seeking forward steps there in one
// request; seeking back starts the replay again and steps there (sc2lite re-simulates a
// mini-game episode in milliseconds). A replay the game refuses fails the session with the
// game's own words (engine/REPLAY_FORMAT.md lists them).
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "app/session.h"
#include "client/launcher.h"
#include "client/pysc2/game_requests.h"
#include "client/pysc2/observed_steps.h"

namespace sc2::app {

namespace {

std::string read_replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open the replay " + file.string() + ": " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw std::runtime_error("cannot read the replay " + file.string());
  if (bytes.empty()) throw std::runtime_error("the replay " + file.string() + " is empty");
  return bytes;
}

}  // namespace

void Session::run_replay() {
  const std::filesystem::path file = *options_.replay_file;
  const std::string bytes = read_replay(file);

  LaunchOptions launch;
  launch.sc2path = options_.sc2path;
  launch.sc2lite_dir = options_.sc2lite_dir;
  launch.startup_timeout = std::chrono::milliseconds(30000);
  const GameExecutable executable = choose_executable(launch);
  set_status("launching " + executable.path.string());
  std::unique_ptr<GameProcess> game = GameProcess::launch(launch);
  if (stop_requested_) return;
  sc2::Controller& controller = game->controller();

  set_status("reading the replay " + file.filename().string());
  pysc2::ReplayInfo info;
  try {
    info = pysc2::replay_info(controller, bytes);
  } catch (const ControllerError& error) {
    throw std::runtime_error("the game refused the replay " + file.string() + ": " + error.what());
  }
  std::vector<int> players = info.player_ids;
  if (players.empty()) players.push_back(1);
  const std::uint32_t length = info.game_loops;
  {
    std::lock_guard lock(mutex_);
    snapshot_.replay_loops = length;
    snapshot_.replay_players = players;
    snapshot_.observed_player = players.front();
  }

  pysc2::ObservedSteps steps(pysc2::viewer_observation_spec(options_.env, info.map_name));
  int observed_player = players.front();
  const std::string title = info.map_name + " replay on " + executable.path.filename().string();

  // (Re)starts the replay at loop 0 as `observed_player`; the game's refusal says why.
  const auto start = [&] {
    try {
      pysc2::start_replay(controller, bytes, options_.env, observed_player);
    } catch (const ControllerError& error) {
      throw std::runtime_error("the game refused the replay " + file.string() + ": " + error.what());
    }
    steps.set_game_info(controller.game_info());
    steps.jump();  // a restart to seek or to change the player: the same replay, the same episode
  };
  const auto observe_and_publish = [&](bool log_calls) {
    std::shared_ptr<const pysc2::TimeStep> timestep = steps.next(controller.observe());
    if (log_calls) log_seen_calls(timestep->observation, "in the replay");
    publish(std::move(timestep), steps.episode(), steps.episode_steps(), std::nullopt);
  };
  const auto loop_now = [&] { return steps.last_loop().value_or(0); };
  const auto ended = [&] { return pysc2::game_ended(controller); };
  // Steps to `target` (clamped to the replay) from wherever the replay is, in one request;
  // `restart`: from the start in any case (another observed player).
  const auto seek = [&](std::uint32_t target, bool restart) {
    if (length > 0) target = std::min(target, length);
    {
      std::lock_guard lock(mutex_);
      snapshot_.seeking = true;
      snapshot_.status = "seeking to game loop " + std::to_string(target);
    }
    const bool again = restart || target < loop_now() || ended();
    if (again) start();
    const std::uint32_t from = again ? 0 : loop_now();
    if (target > from) controller.step(target - from);
    steps.jump();
    observe_and_publish(false);
    std::lock_guard lock(mutex_);
    snapshot_.seeking = false;
    snapshot_.status = title;
  };

  set_status("starting the replay");
  start();
  observe_and_publish(false);
  {
    std::lock_guard lock(mutex_);
    snapshot_.state = SessionState::running;
    snapshot_.status = title;
  }

  bool at_end = false;  // the end was reached and the replay paused there
  auto deadline = std::chrono::steady_clock::now();
  while (!stop_requested_) {
    deadline = next_step_deadline(deadline);
    if (!wait_until_next_step(deadline)) break;
    bool restart = false, step = false, paused = false;
    std::optional<std::uint32_t> target;
    std::optional<int> player;
    {
      std::lock_guard lock(mutex_);
      std::swap(restart, restart_requested_);
      std::swap(step, step_requested_);
      target.swap(seek_request_);
      player.swap(observed_player_request_);
      paused = paused_;
      // Nothing of play mode applies to a replay.
      if (save_replay_folder_) notices_.push_back("this is a replay already: " + file.string());
      save_replay_folder_.reset();
      agent_request_.reset();
      record_request_.reset();
      stop_record_request_ = false;
    }
    if (player && *player != observed_player) {
      if (std::find(players.begin(), players.end(), *player) == players.end()) {
        notice("player " + std::to_string(*player) + " is not in this replay");
      } else {
        observed_player = *player;
        {
          std::lock_guard lock(mutex_);
          snapshot_.observed_player = observed_player;
        }
        at_end = false;
        seek(target.value_or(loop_now()), true);
        continue;
      }
    }
    if (restart) target = 0;
    if (target) {
      at_end = false;
      seek(*target, false);
      continue;
    }
    if (paused && !step) continue;
    if (ended()) {
      // Reaching the end pauses; playing on from there starts the replay over.
      if (!at_end) {
        at_end = true;
        std::lock_guard lock(mutex_);
        paused_ = snapshot_.paused = true;
        notices_.push_back("end of the replay (game loop " + std::to_string(loop_now()) +
                           "): seek, or resume to watch it again");
      } else if (!paused) {
        at_end = false;
        seek(0, false);
      }
      continue;
    }
    std::uint32_t count = static_cast<std::uint32_t>(options_.env.step_mul);
    if (length > loop_now()) count = std::min(count, length - loop_now());
    controller.step(count);
    observe_and_publish(true);
  }
  set_status("quitting the game");
}

}  // namespace sc2::app
