#include "agents/parallel_runner.h"

#include <algorithm>
#include <optional>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "agents/replay_saver.h"
#include "client/launcher.h"
#include "client/core_pinning.h"

namespace sc2::agents {
namespace {

using Clock = std::chrono::steady_clock;

// The episode numbers worker `worker` plays.
std::vector<int> episodes_of(int worker, int workers, int episodes) {
  std::vector<int> numbers;
  for (int episode = worker + 1; episode <= episodes; episode += workers) numbers.push_back(episode);
  return numbers;
}

}  // namespace

RunSummary run_parallel(const RunOptions& requested, const GameProvider& games, const EpisodeCallback& on_episode) {
  validate(requested);
  if (requested.record_dir) throw std::invalid_argument("run_parallel does not record; record with one game (run)");
  RunOptions options = requested;
  if (!options.seed) {
    std::random_device entropy;
    options.seed = (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
  }
  const int workers = std::min(options.parallel, options.episodes);
  if (options.replay_dir) prepare_replay_folder(*options.replay_dir);

  // Agents are built (and the map checked) before any game starts.
  std::vector<std::unique_ptr<Agent>> agents;
  for (int worker = 0; worker < workers; ++worker) {
    agents.push_back(make_agent(options.agent, agent_options(options, worker)));
    agents.back()->setup(agent_spec(options));
  }

  std::mutex mutex;  // guards results, descriptions, failure and the callback
  std::vector<EpisodeResult> results;
  std::vector<std::string> problems;
  std::vector<std::string> served_by(static_cast<std::size_t>(workers));
  std::exception_ptr failure;
  std::string failure_prefix;
  std::atomic<bool> stop{false};

  const auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int worker = 0; worker < workers; ++worker) {
    threads.emplace_back([&, worker] {
      try {
        RunOptions mine = options;
        mine.seed = *options.seed + static_cast<std::uint64_t>(worker);
        const auto numbers = episodes_of(worker, workers, options.episodes);
        const std::string description = games(worker, [&](Controller& controller) {
          pysc2::Env env(controller, env_options(mine));
          for (const int number : numbers) {
            if (stop) return;
            EpisodeResult result = run_episode(env, *agents[static_cast<std::size_t>(worker)]);
            result.episode = number;
            std::string problem;
            if (mine.replay_dir) {
              try {
                save_episode_replay(controller, *mine.replay_dir, mine.map, *mine.seed, number);
              } catch (const ControllerError&) {
                throw;  // the game is gone
              } catch (const std::runtime_error& error) {
                problem = "episode " + std::to_string(number) + ": " + error.what();  // the games go on
              }
            }
            std::lock_guard lock(mutex);
            if (!problem.empty()) problems.push_back(problem);
            results.push_back(result);
            if (on_episode) on_episode(result, options.episodes);
          }
        });
        std::lock_guard lock(mutex);
        served_by[static_cast<std::size_t>(worker)] = description;
      } catch (...) {
        stop = true;
        std::lock_guard lock(mutex);
        if (!failure) {
          failure = std::current_exception();
          failure_prefix = "game " + std::to_string(worker + 1) + " of " + std::to_string(workers) + ": ";
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& error) {
      throw std::runtime_error(failure_prefix + error.what());
    }
  }

  std::sort(results.begin(), results.end(), [](const auto& a, const auto& b) { return a.episode < b.episode; });
  RunSummary summary = summarize(std::move(results));
  summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (summary.seconds > 0) {
    summary.steps_per_second = static_cast<double>(summary.total_steps) / summary.seconds;
    summary.game_loops_per_second = static_cast<double>(summary.total_game_loops) / summary.seconds;
  }
  summary.map = options.map;
  summary.agent = options.agent;
  summary.seed = *options.seed;
  summary.game = std::to_string(workers) + " games: " + served_by.front();
  summary.problems = std::move(problems);
  return summary;
}

GameProvider launched_games(const RunOptions& options) {
  auto launch_mutex = std::make_shared<std::mutex>();
  const GameChoice shared_choice{options.sc2path, options.sc2lite_dir};
  // Chosen here, once, on the starting thread: each worker choosing from the core it runs on
  // could give two workers the same core.
  const std::vector<int> cores = options.pin_cores ? cores_for_games(options.parallel) : std::vector<int>{};
  return [shared_choice, cores, launch_mutex](int worker, const std::function<void(Controller&)>& play) {
    // Pinned: the worker's thread (its own) and its game on the worker's core.
    GameChoice choice = shared_choice;
    std::optional<ScopedCorePin> pinned;
    if (!cores.empty()) {
      choice.core = cores[static_cast<std::size_t>(worker) % cores.size()];
      pinned.emplace(*choice.core);
    }
    std::unique_ptr<GameProcess> game;
    {
      std::lock_guard lock(*launch_mutex);
      game = launch_game(choice);
    }
    play(game->controller());
    return game->executable().path.string();
  };
}

}  // namespace sc2::agents
