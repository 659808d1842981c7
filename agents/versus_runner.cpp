#include "agents/versus_runner.h"

#include <atomic>
#include <barrier>
#include <exception>
#include <memory>
#include <thread>

#include "agents/replay_saver.h"
#include "client/launcher.h"
#include "client/pysc2/opponent.h"

namespace sc2::agents {

std::optional<std::string> opponent_agent(const std::string& opponent) {
  if (opponent.empty()) return std::nullopt;
  try {
    pysc2::Opponent parsed = pysc2::parse_opponent(opponent);
    if (parsed.computer) return std::nullopt;
    return std::move(parsed.agent);
  } catch (const std::invalid_argument&) {
    return std::nullopt;  // not an agent: the caller's parse_opponent names the choices
  }
}

namespace {

pysc2::EnvOptions player_env(const RunOptions& options, bool creates_game, std::uint16_t game_port,
                             std::shared_ptr<pysc2::GameRendezvous> rendezvous) {
  RunOptions without_bot = options;
  without_bot.opponent.clear();
  pysc2::EnvOptions env = env_options(without_bot);
  env.multiplayer = pysc2::EnvOptions::Multiplayer{creates_game, game_port, std::move(rendezvous)};
  return env;
}

std::unique_ptr<Agent> setup_agent(const std::string& name, const RunOptions& options, int worker) {
  auto agent = make_agent(name, agent_options(options, worker));
  agent->setup(agent_spec(options));
  return agent;
}

}  // namespace

RunSummary run_versus_on(Controller& first, Controller& second, std::uint16_t game_port, const RunOptions& options,
                         const EpisodeCallback& on_episode) {
  const auto opponent = opponent_agent(options.opponent);
  if (!opponent || opponent->empty()) {
    throw std::invalid_argument("opponent '" + options.opponent + "' is not agent:NAME (NAME one of the agents)");
  }
  if (options.replay_dir) prepare_replay_folder(*options.replay_dir);  // a bad folder fails before any game
  auto ours = setup_agent(options.agent, options, 0);
  auto theirs = setup_agent(*opponent, options, 1);
  auto rendezvous = std::make_shared<pysc2::GameRendezvous>();
  pysc2::Env our_env(first, player_env(options, true, game_port, rendezvous));
  pysc2::Env their_env(second, player_env(options, false, game_port, rendezvous));

  // Both players start each episode together: a new game is created only once both have
  // seen the last one end (the other's requests would otherwise reach the new game). A side
  // that fails leaves its game, so the other's lock-step step returns, and stops both.
  std::barrier episode_start(2);
  std::atomic<bool> stopping = false;
  std::exception_ptr their_failure;
  std::thread other([&] {
    try {
      for (int episode = 1; episode <= options.episodes; ++episode) {
        episode_start.arrive_and_wait();
        if (stopping) return;
        run_episode(their_env, *theirs);
      }
    } catch (...) {
      their_failure = std::current_exception();
      stopping = true;
      try {
        second.leave_game();
      } catch (...) {
      }
      episode_start.arrive_and_drop();
    }
  });

  std::vector<EpisodeResult> results;
  std::vector<std::string> problems;
  std::exception_ptr our_failure;
  try {
    for (int episode = 1; episode <= options.episodes; ++episode) {
      episode_start.arrive_and_wait();
      if (stopping) break;
      EpisodeResult result = run_episode(our_env, *ours);
      result.episode = episode;
      // The game that just ended still runs until both have started the next: its replay
      // (the hosting process records both players' actions) is saved from our side.
      if (options.replay_dir) {
        keep_episode_replay(first, *options.replay_dir, options.map, options.seed.value_or(0), episode, problems);
      }
      results.push_back(result);
      if (on_episode) on_episode(result, options.episodes);
    }
  } catch (...) {
    our_failure = std::current_exception();
    stopping = true;
    rendezvous->abandon();
    try {
      first.leave_game();
    } catch (...) {
    }
    episode_start.arrive_and_drop();
  }
  other.join();
  if (our_failure) std::rethrow_exception(our_failure);
  if (their_failure) {
    try {
      std::rethrow_exception(their_failure);
    } catch (const std::exception& e) {
      throw std::runtime_error("the opponent agent '" + *opponent + "' failed: " + e.what());
    }
  }
  RunSummary summary = summarize(std::move(results));
  summary.problems = std::move(problems);
  summary.map = options.map;
  summary.agent = options.agent;
  summary.seed = options.seed.value_or(0);
  return summary;
}

RunSummary run_versus(const RunOptions& options, const EpisodeCallback& on_episode) {
  const GameChoice choice{options.sc2path, options.sc2lite_dir};
  auto host = launch_game(choice);
  auto other = launch_game(choice);
  RunSummary summary = run_versus_on(host->controller(), other->controller(), pick_free_port(), options, on_episode);
  summary.game = host->executable().path.string() + " (two processes)";
  return summary;
}

}  // namespace sc2::agents
