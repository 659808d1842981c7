#pragma once
// Whom sc2studio plays against. On a two-player melee map (the map catalogue's players = 2)
// the person, or the watched agent, plays against the game's built-in AI: --opponent
// bot:LEVEL chooses its difficulty (client/pysc2/opponent.h), and without --opponent a melee
// map is played against VeryEasy, as PySC2's play adds a bot to a two-player map. A mini-game
// has no opponent. Playing against an agent (agent:NAME) is not available in the app yet.
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

// "the built-in AI (Easy)", for the UI.
std::string opponent_label(const pysc2::EnvOptions::Computer& computer);

// The melee maps the catalogue knows, as a list for messages: "Flat32, Flat64 or Simple64".
std::string melee_map_names();

}  // namespace sc2::app
