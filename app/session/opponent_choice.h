#pragma once
// Whom sc2studio plays against. On a two-player melee map (the map catalogue's players = 2)
// the person, or the watched agent, plays against the game's built-in AI: --opponent
// bot:LEVEL chooses its difficulty (client/pysc2/opponent.h), and without --opponent a melee
// map is played against VeryEasy, as PySC2's play adds a bot to a two-player map; --opponent
// agent:NAME plays against a built-in agent instead (noop, random or scripted: the learned
// agent would need a checkpoint of its own), in a game process of its own (app/opponent_agent.h).
// A mini-game has no opponent.
#include <optional>
#include <string>

#include "client/pysc2/env.h"

namespace sc2::app {

// Why --opponent `opponent` cannot be played on `map` (empty map: the game's first, a
// mini-game); empty when it can. Checked by the command line before anything starts.
std::string opponent_refusal(const std::string& map, const std::string& opponent);

// The Computer player of the game on `map`: --opponent's bot (on a melee map, or on a map the
// catalogue does not know, e.g. a real game's), VeryEasy on a melee map without one; none on a
// mini-game (an opponent chosen earlier is kept in the options for the next melee map) or
// for an opponent opponent_refusal() refuses.
std::optional<pysc2::EnvOptions::Computer> computer_for(const std::string& map, const std::string& opponent);

// The agent of --opponent agent:NAME on a melee map (or a map the catalogue does not know);
// none for a bot, a mini-game, or an opponent opponent_refusal() refuses.
std::optional<std::string> opponent_agent_for(const std::string& map, const std::string& opponent);

// "the built-in AI (Easy)", "the agent 'scripted'", for the UI.
std::string opponent_label(const pysc2::EnvOptions::Computer& computer);
std::string opponent_agent_label(const std::string& agent);

// The melee maps the catalogue knows, as a list for messages: "Flat32, Flat64 or Simple64".
std::string melee_map_names();

}  // namespace sc2::app
