#include "client/pysc2/opponent.h"

#include <stdexcept>

#include "client/map_catalog.h"
#include "client/map_paths.h"

namespace sc2::pysc2 {
namespace {

struct Level {
  const char* name;
  SC2APIProtocol::Difficulty difficulty;
};
constexpr Level kLevels[] = {{"very_easy", SC2APIProtocol::VeryEasy},
                             {"easy", SC2APIProtocol::Easy},
                             {"medium", SC2APIProtocol::Medium},
                             {"hard", SC2APIProtocol::Hard}};
constexpr const char* kBotPrefix = "bot:";
constexpr const char* kAgentPrefix = "agent:";

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

std::vector<std::string> bot_opponents() {
  std::vector<std::string> names;
  for (const Level& l : kLevels) names.push_back(kBotPrefix + std::string(l.name));
  return names;
}

std::string bot_opponent_choices() { return choice_list(bot_opponents()); }

std::string choice_list(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

Opponent parse_opponent(const std::string& text) {
  if (starts_with(text, kAgentPrefix) && text.size() > std::string(kAgentPrefix).size()) {
    return Opponent{std::nullopt, text.substr(std::string(kAgentPrefix).size())};
  }
  if (starts_with(text, kBotPrefix)) {
    const std::string level = text.substr(std::string(kBotPrefix).size());
    for (const Level& l : kLevels) {
      if (level == l.name) return Opponent{EnvOptions::Computer{l.difficulty, SC2APIProtocol::RandomBuild}, {}};
    }
  }
  throw std::invalid_argument("unknown opponent '" + text + "': use " + bot_opponent_choices());
}

std::string melee_map_names() {
  std::vector<std::string> names;
  for (const MapFacts& facts : map_catalog()) {
    if (facts.players >= 2) names.emplace_back(facts.name);
  }
  return choice_list(names);
}

std::string opponent_map_refusal(const std::string& map) {
  const MapFacts* facts = find_map_facts(map);
  if (facts == nullptr || facts->players >= 2) return {};
  return map_name_from_path(map) + " is a single-player mini-game: --opponent needs a two-player melee map (" +
         melee_map_names() + ")";
}

std::string difficulty_name(SC2APIProtocol::Difficulty difficulty) {
  if (SC2APIProtocol::Difficulty_IsValid(difficulty)) return SC2APIProtocol::Difficulty_Name(difficulty);
  return "Difficulty " + std::to_string(static_cast<int>(difficulty));
}

}  // namespace sc2::pysc2
