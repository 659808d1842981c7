#pragma once
// run_parallel: N games at once, one thread and one game each (sc2agent --parallel N).
//
// Sharing out: worker w (0-based) of N plays episodes w+1, w+1+N, w+1+2N, ... in its own
// game, with seed (options.seed + w) for both the game and its agent. So worker 0 plays
// exactly what a serial run with the same seed would play first, every result is
// reproducible from (seed, N), and an episode's number says which game played it.
// Progress callbacks are serialised (one at a time, in finishing order). The summary
// lists episodes by number; its seconds is the wall time of the whole run, so its rates
// are the combined throughput of all games.
#include <functional>
#include <string>

#include "agents/runner.h"
#include "client/controller.h"

namespace sc2::agents {

// Provides worker `worker`'s game: calls play(controller) while the game is up, then
// stops it, and returns a description of what served it (e.g. the executable's path).
using GameProvider = std::function<std::string(int worker, const std::function<void(Controller&)>& play)>;

// Plays options.episodes episodes over min(options.parallel, episodes) workers. Throws
// std::invalid_argument for bad options (as validate()); when a worker fails, the others
// stop after their current episode and the first failure is rethrown (prefixed with the
// worker's number).
RunSummary run_parallel(const RunOptions& options, const GameProvider& games, const EpisodeCallback& on_episode = {});

// Launches one game process per worker (real SC2 or sc2lite, as run() does). Launches
// are serialised so two games never race for the same free port.
GameProvider launched_games(const RunOptions& options);

}  // namespace sc2::agents
