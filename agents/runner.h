#pragma once
// Runner: plays an agent for N episodes of one map (PySC2's run_loop) and measures it.
// run() launches the game (real SC2 under sc2path/$SC2PATH, else sc2lite); the lower
// levels work on any Controller/Env, e.g. an in-process engine in tests and benchmarks.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "client/controller.h"
#include "client/pysc2/env.h"

namespace sc2::agents {

struct RunOptions {
  std::string map = "MoveToBeacon";
  std::string agent = "scripted";
  std::filesystem::path checkpoint;  // the network a learned agent plays (--checkpoint)
  bool greedy = false;               // a learned agent takes its most likely action (--greedy)
  int episodes = 1;
  int step_mul = 8;
  int feature_screen_size = 64;
  int feature_minimap_size = 64;
  // Fixes both the game's random_seed (low 32 bits) and the agent's RNG; unset = a random
  // seed is drawn (and reported in RunSummary::seed).
  std::optional<std::uint64_t> seed;
  std::optional<std::filesystem::path> sc2path;  // StarCraft II install root
  std::filesystem::path sc2lite_dir;             // folder holding sc2lite
  // Games played at once by run() (each its own game process and thread); see
  // parallel_runner.h for how episodes and seeds are shared out.
  int parallel = 1;
  // Record every agent step into this dataset folder (agents/dataset/FORMAT.md); must be
  // new or empty. Only with parallel == 1.
  std::optional<std::filesystem::path> record_dir;
  // Save each episode's replay (RequestSaveReplay) into this folder (created if missing).
  std::optional<std::filesystem::path> replay_dir;
  // The other player of a two-player melee map: "bot:very_easy|easy|medium|hard" (the game's
  // built-in AI) or "agent:NAME" (another agent, in its own game process: versus_runner.h);
  // empty on a mini-game.
  std::string opponent;
  // Each game and its agent share one core (transport/core_pinning.h): the games take the
  // allowed cores in turn, from the one run() starts on. sc2lite only; not with a learned agent
  // (its network uses every core) or an agent opponent.
  bool pin_cores = false;
};

struct EpisodeResult {
  int episode = 0;                 // 1-based
  double score = 0;                // sum of rewards
  std::int64_t steps = 0;          // env.step calls (agent steps)
  std::int64_t game_loops = 0;     // game loops the episode lasted
  double seconds = 0;              // wall time, reset included
  // The outcome when the game reported one (1 win, 0 tie, -1 loss); melee games always do.
  std::optional<int> result;
};

struct RunSummary {
  std::string map;
  std::string agent;
  std::string game;  // what served the games (path of the executable, or "connected game")
  std::uint64_t seed = 0;  // the seed used (drawn when RunOptions::seed was unset)
  std::vector<EpisodeResult> episodes;
  double mean_score = 0;
  double max_score = 0;
  std::int64_t total_steps = 0;
  std::int64_t total_game_loops = 0;
  double seconds = 0;
  double steps_per_second = 0;
  double game_loops_per_second = 0;
  // Failures that did not stop the games: a replay that could not be saved, a recording that
  // stopped (disk full, folder gone). Each names the file and the reason.
  std::vector<std::string> problems;
};

// Called after each finished episode (e.g. for a progress line).
using EpisodeCallback = std::function<void(const EpisodeResult& result, int total_episodes)>;
// Called for every step the agent's call was sent: the observation it saw, its call, and the
// reward of the step that followed.
using StepCallback = std::function<void(const pysc2::Observation& seen, const pysc2::FunctionCall& call, float reward)>;

// Checks the options before anything starts; throws std::invalid_argument naming the bad one.
void validate(const RunOptions& options);
AgentSpec agent_spec(const RunOptions& options);
// What make_agent is given for worker `worker` (seed + worker, the checkpoint, greedy).
AgentOptions agent_options(const RunOptions& options, int worker = 0);
pysc2::EnvOptions env_options(const RunOptions& options);
// "bot:<level>" -> the Computer player; std::invalid_argument naming the choices otherwise.
pysc2::EnvOptions::Computer parse_opponent(const std::string& opponent);

// One episode: reset env and agent, step until the last TimeStep.
EpisodeResult run_episode(pysc2::Env& env, Agent& agent, const StepCallback& on_step = {});
// Totals, means and rates over finished episodes.
RunSummary summarize(std::vector<EpisodeResult> episodes);

// Plays options.episodes episodes on an already connected game (options.parallel is
// ignored: one connection is one game).
RunSummary run_on(Controller& controller, const RunOptions& options, const EpisodeCallback& on_episode = {});
// Validates, builds the agent, launches the game (throws LaunchError when it cannot
// start), plays, and stops the game. With options.parallel > 1, run_parallel() over
// launched games (parallel_runner.h).
RunSummary run(const RunOptions& options, const EpisodeCallback& on_episode = {});

}  // namespace sc2::agents
