// Session, replay mode (sc2studio --replay FILE): launches the game (sc2lite or a real SC2),
// asks it to describe the replay (RequestReplayInfo) and plays it back (RequestStartReplay,
// then step_mul loops per step at the chosen speed). Seeking forward steps there in one
// request; seeking back starts the replay again and steps there (sc2lite re-simulates a
// mini-game episode in milliseconds). A replay the game refuses fails the session with the
// game's own words (engine/REPLAY_FORMAT.md lists them).
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "app/session/session.h"
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

std::runtime_error refused(const std::filesystem::path& file, const ControllerError& error) {
  return std::runtime_error("the game refused the replay " + file.string() + ": " + error.what());
}

pysc2::ReplayInfo describe_replay(sc2::Controller& controller, const std::string& bytes,
                                  const std::filesystem::path& file) {
  try {
    return pysc2::replay_info(controller, bytes);
  } catch (const ControllerError& error) {
    throw refused(file, error);
  }
}

}  // namespace

// One replay being played back on a launched game: where it is, as whom it is observed, and
// the steps of the game thread's loop.
class Session::ReplayPlayback {
 public:
  ReplayPlayback(Session& session, sc2::Controller& controller, std::filesystem::path file, const std::string& bytes,
                 const pysc2::ReplayInfo& info, const std::string& game_name);
  void play();  // until stopped

 private:
  void start();  // (re)starts the replay at loop 0 as observed_player_
  void observe_and_publish(bool log_calls);
  // Nothing of play mode applies to a replay; the rest of the requests.
  Requests take_requests();
  // Observe as `player` from `target` (else where the replay is); false when the replay has
  // no such player (a notice says so) or it is the one observed already.
  bool switch_player(int player, std::optional<std::uint32_t> target);
  // Steps to `target` (clamped to the replay) from wherever the replay is, in one request;
  // `restart`: from the start in any case (another observed player).
  void seek(std::uint32_t target, bool restart);
  // Reaching the end pauses; playing on from there starts the replay over.
  void at_end(bool paused);
  void step_forward();  // step_mul loops, not beyond the end
  std::uint32_t loop_now() const { return steps_.last_loop().value_or(0); }
  bool ended() const { return pysc2::game_ended(controller_); }

  Session& session_;
  sc2::Controller& controller_;
  const std::filesystem::path file_;
  const std::string& bytes_;
  const std::uint32_t length_;     // game loops; 0 when the game does not say
  const std::vector<int> players_;  // who it can be observed as
  const std::string title_;
  pysc2::ObservedSteps steps_;
  int observed_player_;
  bool at_end_ = false;  // the end was reached and the replay paused there
};

void Session::run_replay() {
  const std::filesystem::path file = *options_.replay_file;
  const std::string bytes = read_replay(file);
  std::unique_ptr<GameProcess> game = launch_game();
  if (pacer_.stop_requested()) return;
  set_status("reading the replay " + file.filename().string());
  const pysc2::ReplayInfo info = describe_replay(game->controller(), bytes, file);
  ReplayPlayback playback(*this, game->controller(), file, bytes, info, game->executable().path.filename().string());
  playback.play();
  set_status("quitting the game");
}

Session::ReplayPlayback::ReplayPlayback(Session& session, sc2::Controller& controller, std::filesystem::path file,
                                        const std::string& bytes, const pysc2::ReplayInfo& info,
                                        const std::string& game_name)
    : session_(session),
      controller_(controller),
      file_(std::move(file)),
      bytes_(bytes),
      length_(info.game_loops),
      players_(info.player_ids.empty() ? std::vector<int>{1} : info.player_ids),
      title_(info.map_name + " replay on " + game_name),
      steps_(pysc2::viewer_observation_spec(session.options_.env, info.map_name)),
      observed_player_(players_.front()) {
  std::lock_guard lock(session_.mutex_);
  session_.snapshot_.replay_loops = length_;
  session_.snapshot_.replay_players = players_;
  session_.snapshot_.observed_player = observed_player_;
}

void Session::ReplayPlayback::play() {
  session_.set_status("starting the replay");
  start();
  observe_and_publish(false);
  session_.set_running(title_);

  StepPacer& pacer = session_.pacer_;
  auto deadline = StepPacer::Clock::now();
  while (!pacer.stop_requested()) {
    deadline = pacer.next_deadline(deadline, session_.options_.env.step_mul);
    if (!session_.wait_for_step(deadline)) break;
    const StepPacer::Turn turn = pacer.take_turn();
    Requests requests = take_requests();
    if (requests.observed_player && switch_player(*requests.observed_player, requests.seek)) continue;
    if (requests.restart) requests.seek = 0;
    if (requests.seek) {
      seek(*requests.seek, false);
      continue;
    }
    if (turn.paused && !turn.step) continue;
    if (ended()) {
      at_end(turn.paused);
      continue;
    }
    step_forward();
  }
}

void Session::ReplayPlayback::start() {
  try {
    pysc2::start_replay(controller_, bytes_, session_.options_.env, observed_player_);
  } catch (const ControllerError& error) {
    throw refused(file_, error);
  }
  steps_.set_game_info(controller_.game_info());
  steps_.jump();  // a restart to seek or to change the player: the same replay, the same episode
}

void Session::ReplayPlayback::observe_and_publish(bool log_calls) {
  std::shared_ptr<const pysc2::TimeStep> timestep = steps_.next(controller_.observe());
  if (log_calls) session_.log_seen_calls(timestep->observation, "in the replay");
  session_.publish(std::move(timestep), steps_.episode(), steps_.episode_steps(), std::nullopt);
}

Requests Session::ReplayPlayback::take_requests() {
  Requests requests = session_.requests_.take();
  if (requests.save_replay) session_.notice("this is a replay already: " + file_.string());
  return requests;
}

bool Session::ReplayPlayback::switch_player(int player, std::optional<std::uint32_t> target) {
  if (player == observed_player_) return false;
  if (std::find(players_.begin(), players_.end(), player) == players_.end()) {
    session_.notice("player " + std::to_string(player) + " is not in this replay");
    return false;
  }
  observed_player_ = player;
  {
    std::lock_guard lock(session_.mutex_);
    session_.snapshot_.observed_player = observed_player_;
  }
  seek(target.value_or(loop_now()), true);
  return true;
}

void Session::ReplayPlayback::seek(std::uint32_t target, bool restart) {
  at_end_ = false;
  if (length_ > 0) target = std::min(target, length_);
  {
    std::lock_guard lock(session_.mutex_);
    session_.snapshot_.seeking = true;
    session_.snapshot_.status = "seeking to game loop " + std::to_string(target);
  }
  const bool again = restart || target < loop_now() || ended();
  if (again) start();
  const std::uint32_t from = again ? 0 : loop_now();
  if (target > from) controller_.step(target - from);
  steps_.jump();
  observe_and_publish(false);
  std::lock_guard lock(session_.mutex_);
  session_.snapshot_.seeking = false;
  session_.snapshot_.status = title_;
}

void Session::ReplayPlayback::at_end(bool paused) {
  if (!at_end_) {
    at_end_ = true;
    session_.pacer_.set_paused(true);
    session_.notice("end of the replay (game loop " + std::to_string(loop_now()) +
                    "): seek, or resume to watch it again");
  } else if (!paused) {
    seek(0, false);
  }
}

void Session::ReplayPlayback::step_forward() {
  std::uint32_t count = static_cast<std::uint32_t>(session_.options_.env.step_mul);
  if (length_ > loop_now()) count = std::min(count, length_ - loop_now());
  controller_.step(count);
  observe_and_publish(true);
}

}  // namespace sc2::app
