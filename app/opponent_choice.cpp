#include "app/opponent_choice.h"

#include <stdexcept>
#include <vector>

#include "client/map_catalog.h"
#include "client/map_paths.h"
#include "client/pysc2/opponent.h"

namespace sc2::app {
namespace {

bool is_melee(const MapFacts* facts) { return facts != nullptr && facts->players >= 2; }

}  // namespace

std::string melee_map_names() {
  std::vector<std::string> names;
  for (const MapFacts& facts : map_catalog()) {
    if (facts.players >= 2) names.emplace_back(facts.name);
  }
  return pysc2::choice_list(names);
}

std::string opponent_refusal(const std::string& map, const std::string& opponent) {
  if (opponent.empty()) return {};
  pysc2::Opponent parsed;
  try {
    parsed = pysc2::parse_opponent(opponent);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  if (!parsed.computer) {
    return "--opponent " + opponent + ": playing against an agent is not supported in the app yet; it plays against " +
           "the built-in AI: " + pysc2::bot_opponent_choices();
  }
  if (map.empty()) return "--opponent needs a two-player melee map: add --map " + melee_map_names();
  const MapFacts* facts = find_map_facts(map);
  if (facts != nullptr && !is_melee(facts)) {
    return map_name_from_path(map) + " is a single-player mini-game: --opponent needs a two-player melee map (" +
           melee_map_names() + ")";
  }
  return {};
}

std::optional<pysc2::EnvOptions::Computer> computer_for(const std::string& map, const std::string& opponent) {
  const MapFacts* facts = find_map_facts(map);
  if (facts != nullptr && !is_melee(facts)) return std::nullopt;
  if (!opponent.empty()) {
    if (!opponent_refusal(map, opponent).empty()) return std::nullopt;
    return pysc2::parse_opponent(opponent).computer;
  }
  if (is_melee(facts)) return pysc2::EnvOptions::Computer{};  // VeryEasy, RandomBuild
  return std::nullopt;
}

std::string opponent_label(const pysc2::EnvOptions::Computer& computer) {
  return "the built-in AI (" + pysc2::difficulty_name(computer.difficulty) + ")";
}

}  // namespace sc2::app
