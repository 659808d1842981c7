#pragma once
// The other player of a two-player melee map as the programs' --opponent flag names it
// (sc2agent, sc2studio): "bot:very_easy|easy|medium|hard" is the game's built-in AI at that
// difficulty (a Computer in RequestCreateGame.player_setup, EnvOptions::computer);
// "agent:NAME" another agent. Each program says itself whether it can play an agent.
#include <optional>
#include <string>
#include <vector>

#include "client/pysc2/env.h"

namespace sc2::pysc2 {

struct Opponent {
  std::optional<EnvOptions::Computer> computer;  // bot:<level>
  std::string agent;                              // agent:<NAME> (NAME not checked here)
};

// The bot levels as the flag takes them, easiest first: "bot:very_easy", ..., "bot:hard".
std::vector<std::string> bot_opponents();
// The same as one phrase: "bot:very_easy, bot:easy, bot:medium or bot:hard".
std::string bot_opponent_choices();
// Names as one phrase for a message: "a, b or c" ("a" alone, "" for none).
std::string choice_list(const std::vector<std::string>& names);
// Throws std::invalid_argument naming the choices for anything else (an unknown level, an
// empty agent name, no "bot:" / "agent:" prefix).
Opponent parse_opponent(const std::string& text);
// The catalogue's two-player melee maps as one phrase: "Flat32, Flat64 or Simple64".
std::string melee_map_names();
// Why `map` cannot have an opponent ("<Name> is a single-player mini-game: --opponent
// needs a two-player melee map (...)"), or "" for a melee map or one the catalogue does not
// know (a real game's map: the game itself decides).
std::string opponent_map_refusal(const std::string& map);
// The protocol's name of a difficulty: "VeryEasy", "Easy", ...; "Difficulty N" for others.
std::string difficulty_name(SC2APIProtocol::Difficulty difficulty);

}  // namespace sc2::pysc2
