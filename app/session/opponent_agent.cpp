#include "app/session/opponent_agent.h"

#include <exception>
#include <stdexcept>
#include <utility>

namespace sc2::app {

namespace {

// The person sets the pace (and may pause for long): the agent's lock-step step waits as
// long as the relay between the two game processes does (a day). Stopping closes the games,
// which ends any wait.
constexpr std::chrono::hours kNoCallTimeout{24};

}  // namespace

OpponentAgent::OpponentAgent(std::string name, agents::AgentOptions agent_options, pysc2::EnvOptions env,
                             GameChoice game)
    : name_(std::move(name)), agent_options_(std::move(agent_options)), env_(std::move(env)), game_(std::move(game)) {
  if (!env_.multiplayer || !env_.multiplayer->rendezvous) {
    throw std::invalid_argument("an opponent agent joins a two-player game: the options need multiplayer");
  }
  env_.multiplayer->creates_game = false;
  env_.computer.reset();
}

OpponentAgent::~OpponentAgent() { stop(); }

void OpponentAgent::start() {
  if (thread_.joinable()) return;
  agents::AgentSpec spec;
  spec.map = env_.map;
  spec.feature_screen_size = env_.feature_screen_size;
  spec.feature_minimap_size = env_.feature_minimap_size;
  spec.step_mul = env_.step_mul;
  agent_ = agents::make_agent(name_, agent_options_);
  agent_->setup(spec);
  thread_ = std::thread([this] { run(); });
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return connected_ || stopped_; });
  if (!connected_) {
    const std::string why = failure_.value_or("the agent's game process stopped");
    failure_.reset();
    lock.unlock();
    thread_.join();
    throw std::runtime_error(why);
  }
}

void OpponentAgent::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  if (env_.multiplayer && env_.multiplayer->rendezvous) env_.multiplayer->rendezvous->abandon();
  if (thread_.joinable()) thread_.join();
}

bool OpponentAgent::wait_game_over(int game, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [this, game] { return games_over_ >= game || stopped_; });
}

bool OpponentAgent::stopped() const {
  std::lock_guard lock(mutex_);
  return stopped_;
}

std::optional<std::string> OpponentAgent::take_failure() {
  std::lock_guard lock(mutex_);
  return std::exchange(failure_, std::nullopt);
}

void OpponentAgent::game_over() {
  std::lock_guard lock(mutex_);
  ++games_over_;
  changed_.notify_all();
}

void OpponentAgent::fail(std::string what) {
  std::lock_guard lock(mutex_);
  failure_ = "the opponent agent '" + name_ + "': " + std::move(what);
}

void OpponentAgent::run() {
  try {
    std::unique_ptr<GameProcess> game = launch_game(game_);
    // A connection of its own: the process's controller keeps the usual call timeout.
    Controller controller("127.0.0.1", game->port(), ControllerOptions{std::chrono::milliseconds(10000), kNoCallTimeout});
    pysc2::Env env(controller, env_);
    {
      std::lock_guard lock(mutex_);
      connected_ = true;
      changed_.notify_all();
    }
    play_episodes(env);
    // `game` quits here; `controller` (declared after it) closes first.
  } catch (const std::exception& error) {
    std::lock_guard lock(mutex_);
    if (!stopping_) failure_ = "the opponent agent '" + name_ + "' stopped: " + error.what();
  }
  std::lock_guard lock(mutex_);
  stopped_ = true;
  changed_.notify_all();
}

void OpponentAgent::play_episodes(pysc2::Env& env) {
  for (;;) {
    // Waits for the session's next game and joins it; the game counts as over only once its
    // end is seen below (a game the session left as it began ends at the agent's first step).
    std::shared_ptr<const pysc2::TimeStep> step = env.reset();
    try {
      agent_->reset();
      while (!step->last()) step = env.step(agent_->step(*step));
    } catch (const ControllerError&) {
      throw;  // the game or the connection is gone: nothing more to play
    } catch (const std::exception& error) {
      fail(std::string("its episode ended early: ") + error.what());
    }
    game_over();
    std::lock_guard lock(mutex_);
    if (stopping_) return;
  }
}

}  // namespace sc2::app
