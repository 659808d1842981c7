#pragma once
// Agent against agent on a melee map (sc2agent --opponent agent:NAME), as PySC2 plays
// players=[Agent, Agent]: two game processes, the first sent create_game with two
// Participants, both joined with the same server_ports, one thread per agent stepping its own
// process in lock-step. The summary is the first agent's (options.agent): each episode's
// result is 1 win, 0 tie, -1 loss for it.
#include <optional>
#include <string>

#include "agents/runner.h"

namespace sc2::agents {

// "agent:NAME" -> NAME; nullopt for anything else (a "bot:" level, empty).
std::optional<std::string> opponent_agent(const std::string& opponent);

// The two players on controllers already connected (two processes or one): `first` creates
// each game. `game_port` is the port both joins name (the host serves the other process there).
RunSummary run_versus_on(Controller& first, Controller& second, std::uint16_t game_port, const RunOptions& options,
                         const EpisodeCallback& on_episode = {});
// Launches the two game processes (real SC2 or sc2lite, as run() chooses) and plays.
RunSummary run_versus(const RunOptions& options, const EpisodeCallback& on_episode = {});

}  // namespace sc2::agents
