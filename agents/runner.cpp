#include "agents/runner.h"

#include <algorithm>
#include <optional>
#include <chrono>
#include <random>
#include <stdexcept>

#include "agents/dataset/dataset_writer.h"
#include "agents/parallel_runner.h"
#include "agents/replay_saver.h"
#include "agents/versus_runner.h"
#include "client/launcher.h"
#include "client/pysc2/opponent.h"
#include "client/core_pinning.h"

namespace sc2::agents {
namespace {

using Clock = std::chrono::steady_clock;

void require_positive(int value, const char* what) {
  if (value <= 0) throw std::invalid_argument(std::string(what) + " must be positive (got " + std::to_string(value) + ")");
}

// Without a seed the run is random, but it still uses (and reports) one definite seed, so
// any run can be repeated. (Left unset, sc2lite would always play its default seed.)
RunOptions with_seed(RunOptions options) {
  if (!options.seed) {
    std::random_device entropy;
    options.seed = (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
  }
  return options;
}

// Builds and sets up the agent first, so a wrong agent/map pair fails before a game starts.
std::unique_ptr<Agent> prepared_agent(const RunOptions& options) {
  auto agent = make_agent(options.agent, agent_options(options));
  agent->setup(agent_spec(options));
  return agent;
}

// The dataset and replay folders are made before any game starts, so a bad folder fails fast.
std::unique_ptr<dataset::DatasetWriter> prepared_recorder(const RunOptions& options) {
  if (options.replay_dir) prepare_replay_folder(*options.replay_dir);
  if (!options.record_dir) return nullptr;
  dataset::DatasetInfo info;
  info.map = options.map;
  info.agent = options.agent;
  info.seed = options.seed.value_or(0);
  info.step_mul = options.step_mul;
  info.feature_screen_size = options.feature_screen_size;
  info.feature_minimap_size = options.feature_minimap_size;
  return std::make_unique<dataset::DatasetWriter>(*options.record_dir, info);
}

// A failed write (disk full, folder gone) ends the recording or loses one replay, never the
// games: the problem is noted and play goes on. A recording that failed is left unfinished
// (no index.json), so no reader takes it for complete; `recorder` is then set to null.
RunSummary play(Controller& controller, Agent& agent, const RunOptions& options, const EpisodeCallback& on_episode,
                dataset::DatasetWriter*& recorder) {
  pysc2::Env env(controller, env_options(options));
  std::vector<EpisodeResult> results;
  std::vector<std::string> problems;
  StepCallback record;
  if (recorder != nullptr) {
    record = [&recorder, &problems](const pysc2::Observation& seen, const pysc2::FunctionCall& call, float reward) {
      if (recorder == nullptr) return;
      try {
        recorder->add_step(seen, call, reward);
      } catch (const dataset::DatasetError& error) {
        problems.push_back("recording stopped after " + std::to_string(recorder->steps()) + " steps: " + error.what() +
                           "; " + recorder->folder().string() + " stays an unfinished recording");
        recorder = nullptr;
      }
    };
  }
  for (int episode = 1; episode <= options.episodes; ++episode) {
    if (recorder != nullptr) recorder->begin_episode();
    EpisodeResult result = run_episode(env, agent, record);
    result.episode = episode;
    if (recorder != nullptr) recorder->end_episode(result.score, result.game_loops);
    if (options.replay_dir) {
      keep_episode_replay(controller, *options.replay_dir, options.map, options.seed.value_or(0), episode, problems);
    }
    results.push_back(result);
    if (on_episode) on_episode(result, options.episodes);
  }
  RunSummary summary = summarize(std::move(results));
  summary.problems = std::move(problems);
  summary.map = options.map;
  summary.agent = options.agent;
  summary.seed = options.seed.value_or(0);
  return summary;
}

// Writes index.json of a recording that is still going; a failure there is a problem too.
void finish_recording(dataset::DatasetWriter* recording, RunSummary& summary) {
  if (recording == nullptr) return;
  try {
    recording->finish();
  } catch (const dataset::DatasetError& error) {
    summary.problems.push_back(std::string("the recording could not be finished: ") + error.what());
  }
}

}  // namespace

void validate(const RunOptions& options) {
  if (options.map.empty()) throw std::invalid_argument("the map name is empty");
  require_positive(options.episodes, "episodes");
  require_positive(options.step_mul, "step_mul");
  require_positive(options.feature_screen_size, "feature_screen_size");
  require_positive(options.feature_minimap_size, "feature_minimap_size");
  require_positive(options.parallel, "parallel");
  if (const auto rival = opponent_agent(options.opponent)) {
    const auto names = agent_names();
    if (std::find(names.begin(), names.end(), *rival) == names.end()) {
      std::string known;
      for (const auto& name : names) known += (known.empty() ? "" : ", ") + name;
      throw std::invalid_argument("opponent '" + options.opponent + "': no agent named '" + *rival + "' (agents: " +
                                  known + ")");
    }
    const auto refuse = [&](const std::string& what) {
      throw std::invalid_argument(what + " is not available with --opponent " + options.opponent +
                                  " (agent against agent)");
    };
    if (options.parallel > 1) refuse("--parallel");
    if (options.record_dir) refuse("--record");
    if (options.pin_cores) refuse("--pin_cores");
  } else if (!options.opponent.empty()) {
    parse_opponent(options.opponent);
  }
  if (!options.opponent.empty()) {
    if (std::string refusal = pysc2::opponent_map_refusal(options.map); !refusal.empty()) {
      throw std::invalid_argument(refusal);
    }
  }
  if (options.pin_cores && options.agent == "learned") {
    throw std::invalid_argument("--pin_cores is not for a learned agent: its network runs on every core, and a pinned "
                                "game would hold it to one");
  }
  if (options.pin_cores && options.sc2path) {
    throw std::invalid_argument("--pin_cores pins sc2lite only; a real StarCraft II (--sc2path) runs many threads");
  }
  if (options.record_dir && options.parallel > 1) {
    throw std::invalid_argument("recording (--record) plays one game at a time; drop --parallel " +
                                std::to_string(options.parallel) + " or the recording");
  }
}

AgentSpec agent_spec(const RunOptions& options) {
  return AgentSpec{options.map, options.feature_screen_size, options.feature_minimap_size, options.step_mul};
}

AgentOptions agent_options(const RunOptions& options, int worker) {
  AgentOptions agent;
  agent.seed = options.seed.value_or(0) + static_cast<std::uint64_t>(worker);
  agent.checkpoint = options.checkpoint;
  agent.greedy = options.greedy;
  return agent;
}

pysc2::EnvOptions env_options(const RunOptions& options) {
  pysc2::EnvOptions env;
  env.map = options.map;
  env.feature_screen_size = options.feature_screen_size;
  env.feature_minimap_size = options.feature_minimap_size;
  env.step_mul = options.step_mul;
  if (options.seed) env.seed = static_cast<std::uint32_t>(*options.seed);
  if (!options.opponent.empty() && !opponent_agent(options.opponent)) env.computer = parse_opponent(options.opponent);
  return env;
}

pysc2::EnvOptions::Computer parse_opponent(const std::string& opponent) {
  const pysc2::Opponent parsed = pysc2::parse_opponent(opponent);
  if (!parsed.computer) {
    throw std::invalid_argument("opponent '" + opponent + "' is an agent, not a level of the built-in AI (" +
                                pysc2::bot_opponent_choices() + "); agents are played by run_versus()");
  }
  return *parsed.computer;
}

EpisodeResult run_episode(pysc2::Env& env, Agent& agent, const StepCallback& on_step) {
  EpisodeResult result;
  const auto start = Clock::now();
  std::shared_ptr<const pysc2::TimeStep> time_step = env.reset();
  agent.reset();
  const std::uint32_t first_loop = time_step->observation.game_loop;
  // As PySC2's run loop: the agent also sees the last TimeStep, but its answer is not sent.
  while (true) {
    const pysc2::FunctionCall call = agent.step(*time_step);
    if (time_step->last()) break;
    std::shared_ptr<const pysc2::TimeStep> next = env.step(call);
    if (on_step) on_step(time_step->observation, call, next->reward);
    time_step = std::move(next);
    result.score += time_step->reward;
    ++result.steps;
  }
  result.result = time_step->outcome;
  result.game_loops = static_cast<std::int64_t>(time_step->observation.game_loop) - first_loop;
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

RunSummary summarize(std::vector<EpisodeResult> episodes) {
  RunSummary summary;
  summary.episodes = std::move(episodes);
  if (summary.episodes.empty()) return summary;
  double total_score = 0;
  summary.max_score = summary.episodes.front().score;
  for (const auto& episode : summary.episodes) {
    total_score += episode.score;
    summary.max_score = std::max(summary.max_score, episode.score);
    summary.total_steps += episode.steps;
    summary.total_game_loops += episode.game_loops;
    summary.seconds += episode.seconds;
  }
  summary.mean_score = total_score / static_cast<double>(summary.episodes.size());
  if (summary.seconds > 0) {
    summary.steps_per_second = static_cast<double>(summary.total_steps) / summary.seconds;
    summary.game_loops_per_second = static_cast<double>(summary.total_game_loops) / summary.seconds;
  }
  return summary;
}

RunSummary run_on(Controller& controller, const RunOptions& requested, const EpisodeCallback& on_episode) {
  validate(requested);
  if (opponent_agent(requested.opponent)) {
    throw std::invalid_argument("--opponent " + requested.opponent +
                                " plays two game processes; it cannot play on one connected game");
  }
  if (requested.pin_cores) {
    throw std::invalid_argument("--pin_cores pins the game this program launches; a connected game runs where it was "
                                "started");
  }
  const RunOptions options = with_seed(requested);
  auto agent = prepared_agent(options);
  auto recorder = prepared_recorder(options);
  dataset::DatasetWriter* recording = recorder.get();
  RunSummary summary = play(controller, *agent, options, on_episode, recording);
  finish_recording(recording, summary);
  summary.game = "connected game";
  return summary;
}

RunSummary run(const RunOptions& requested, const EpisodeCallback& on_episode) {
  validate(requested);
  const RunOptions options = with_seed(requested);
  if (opponent_agent(options.opponent)) return run_versus(options, on_episode);
  if (options.parallel > 1) return run_parallel(options, launched_games(options), on_episode);
  auto agent = prepared_agent(options);
  auto recorder = prepared_recorder(options);
  // Pinned: this thread and the game on one core, this thread's cores restored at the end.
  std::optional<ScopedCorePin> pinned;
  GameChoice choice{options.sc2path, options.sc2lite_dir};
  if (options.pin_cores) {
    choice.core = cores_for_games(1).front();
    pinned.emplace(*choice.core);
  }
  auto game = launch_game(choice);
  dataset::DatasetWriter* recording = recorder.get();
  RunSummary summary = play(game->controller(), *agent, options, on_episode, recording);
  finish_recording(recording, summary);
  summary.game = game->executable().path.string();
  return summary;
}

}  // namespace sc2::agents
