#include "learning/environments.h"

#include <algorithm>
#include <future>
#include <stdexcept>
#include <string_view>

#include "client/controller.h"
#include "client/launcher.h"
#include "engine/server/engine_host.h"
#include "learning/in_process_channel.h"

namespace sc2::learning {

struct EnvironmentSet::Game {
  // Game 0 with options.observe_port: its GameServer, served to observers over the websocket
  // while this process plays it as connection 0 (GameServer is thread-safe). Declared first:
  // it outlives the controller that plays on its server.
  std::unique_ptr<engine::EngineHost> observed_host;
  std::unique_ptr<GameProcess> process;        // launched games only
  std::unique_ptr<Controller> own_controller;  // in-process games only
  std::unique_ptr<pysc2::Env> env;
  std::shared_ptr<const pysc2::TimeStep> current;
  double score = 0;
  std::int64_t steps = 0;
};

namespace {

// The server of the observed game, listening already: only this process plays it
// (connection 0, in-process), observers join over the websocket. Pace and observer control
// stay off, so nobody on the port can slow or pause the training.
std::unique_ptr<engine::EngineHost> observed_game_host(const EnvironmentOptions& options) {
  engine::ServerOptions server;
  server.sole_player = engine::kDefaultConnection;
  std::unique_ptr<engine::EngineHost> host;
  try {
    host = std::make_unique<engine::EngineHost>(options.observe_host, *options.observe_port, std::move(server));
  } catch (const std::exception& error) {
    throw std::runtime_error("--observe_port " + std::to_string(*options.observe_port) +
                             ": cannot serve the training game to observers: " + error.what() +
                             " (another program uses that port? pick another, or 0 for any free one)");
  }
  host->start();
  return host;
}

}  // namespace

EnvironmentSet::EnvironmentSet(const EnvironmentOptions& options) : options_(options) {
  if (options.observe_port && options.source != GameSource::in_process) {
    throw std::invalid_argument("--observe_port needs in-process games (--game in_process): a launched game "
                                "is its own server");
  }
  if (options.count < 1) throw std::invalid_argument("environments: need at least 1 game, got " + std::to_string(options.count));
  if (options.threads < 1) throw std::invalid_argument("environments: need at least 1 thread");
  if (options.step_mul < 1) throw std::invalid_argument("environments: step_mul must be at least 1");
  for (int i = 0; i < options.count; ++i) {
    auto game = std::make_unique<Game>();
    Controller* controller = nullptr;
    if (options.source == GameSource::in_process && i == 0 && options.observe_port) {
      game->observed_host = observed_game_host(options);
      game->own_controller = std::make_unique<Controller>(std::make_unique<InProcessChannel>(game->observed_host->server()));
      controller = game->own_controller.get();
    } else if (options.source == GameSource::in_process) {
      game->own_controller = std::make_unique<Controller>(std::make_unique<InProcessChannel>());
      controller = game->own_controller.get();
    } else {
      GameChoice choice;
      choice.sc2path = options.sc2path;
      choice.sc2lite_dir = options.sc2lite_dir;
      game->process = launch_game(choice);
      controller = &game->process->controller();
    }
    pysc2::EnvOptions env;
    env.map = options.map;
    env.feature_screen_size = options.screen_size;
    env.feature_minimap_size = options.minimap_size;
    env.step_mul = options.step_mul;
    env.seed = static_cast<std::uint32_t>(options.seed * 1000003u + static_cast<std::uint64_t>(i));
    env.raw = false;  // the networks read feature layers only
    game->env = std::make_unique<pysc2::Env>(*controller, env);
    game->current = game->env->reset();
    games_.push_back(std::move(game));
  }
}

EnvironmentSet::~EnvironmentSet() = default;

std::optional<std::uint16_t> EnvironmentSet::observe_port() const {
  if (games_.empty() || !games_.front()->observed_host) return std::nullopt;
  return games_.front()->observed_host->port();
}

std::size_t EnvironmentSet::observer_count() const {
  if (games_.empty() || !games_.front()->observed_host) return 0;
  return games_.front()->observed_host->server().observer_count();
}

int EnvironmentSet::size() const { return static_cast<int>(games_.size()); }

const pysc2::TimeStep& EnvironmentSet::current(int i) const { return *games_.at(static_cast<std::size_t>(i))->current; }

void EnvironmentSet::step_range(const std::vector<pysc2::FunctionCall>& calls, std::vector<StepOutcome>& outcomes,
                                int first, int last) {
  for (int i = first; i < last; ++i) {
    Game& game = *games_[static_cast<std::size_t>(i)];
    auto next = game.env->step(calls[static_cast<std::size_t>(i)]);
    StepOutcome& outcome = outcomes[static_cast<std::size_t>(i)];
    outcome.reward = next->reward;
    game.score += next->reward;
    ++game.steps;
    if (next->last()) {
      outcome.episode_ended = true;
      outcome.episode_score = game.score;
      outcome.episode_steps = game.steps;
      game.score = 0;
      game.steps = 0;
      next = game.env->reset();
    }
    game.current = std::move(next);
  }
}

std::vector<StepOutcome> EnvironmentSet::step(const std::vector<pysc2::FunctionCall>& calls) {
  if (calls.size() != games_.size()) {
    throw std::invalid_argument("environments: " + std::to_string(calls.size()) + " calls for " +
                                std::to_string(games_.size()) + " games");
  }
  std::vector<StepOutcome> outcomes(games_.size());
  const int count = size();
  const int workers = std::min(options_.threads, count);
  if (workers <= 1) {
    step_range(calls, outcomes, 0, count);
    return outcomes;
  }
  // Contiguous shares; the caller's thread takes the first.
  std::vector<std::future<void>> others;
  auto bound = [&](int w) { return count * w / workers; };
  for (int w = 1; w < workers; ++w) {
    others.push_back(std::async(std::launch::async, [&, w] { step_range(calls, outcomes, bound(w), bound(w + 1)); }));
  }
  std::exception_ptr failure;
  try {
    step_range(calls, outcomes, 0, bound(1));
  } catch (...) {
    failure = std::current_exception();
  }
  for (auto& other : others) {
    try {
      other.get();
    } catch (...) {
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
  return outcomes;
}

}  // namespace sc2::learning
