#include "app/session/opponent_choice.h"

#include <stdexcept>
#include <vector>

#include "agents/agent.h"
#include "client/map_catalog.h"
#include "client/pysc2/opponent.h"

namespace sc2::app {
namespace {

bool is_melee(const MapFacts* facts) { return facts != nullptr && facts->players >= 2; }

// The agents that can be an opponent: every agent but the learned one (its checkpoint flag
// belongs to the agent the person watches).
std::vector<std::string> opponent_agents() {
  std::vector<std::string> names;
  for (std::string& name : agents::agent_names()) {
    if (name != "learned") names.push_back(std::move(name));
  }
  return names;
}

std::vector<std::string> prefixed_opponent_agents() {
  std::vector<std::string> names;
  for (const std::string& name : opponent_agents()) names.push_back("agent:" + name);
  return names;
}

std::string agent_refusal(const std::string& opponent, const std::string& agent) {
  if (agent == "learned") {
    return "--opponent " + opponent + ": a learned opponent would need a checkpoint of its own (--checkpoint is " +
           "the watched agent's); play against " + pysc2::choice_list(prefixed_opponent_agents());
  }
  for (const std::string& name : opponent_agents()) {
    if (name == agent) return {};
  }
  return "--opponent " + opponent + ": no agent is called '" + agent + "'; the agents: " +
         pysc2::choice_list(opponent_agents());
}

}  // namespace

std::string melee_map_names() { return pysc2::melee_map_names(); }

std::string opponent_refusal(const std::string& map, const std::string& opponent) {
  if (opponent.empty()) return {};
  pysc2::Opponent parsed;
  try {
    parsed = pysc2::parse_opponent(opponent);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  if (!parsed.computer) {
    if (std::string refusal = agent_refusal(opponent, parsed.agent); !refusal.empty()) return refusal;
  }
  if (map.empty()) return "--opponent needs a two-player melee map: add --map " + melee_map_names();
  return pysc2::opponent_map_refusal(map);
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

std::optional<std::string> opponent_agent_for(const std::string& map, const std::string& opponent) {
  if (opponent.empty() || !opponent_refusal(map, opponent).empty()) return std::nullopt;
  const MapFacts* facts = find_map_facts(map);
  if (facts != nullptr && !is_melee(facts)) return std::nullopt;
  pysc2::Opponent parsed = pysc2::parse_opponent(opponent);
  if (parsed.computer) return std::nullopt;
  return std::move(parsed.agent);
}

std::string opponent_agent_label(const std::string& agent) { return "the agent '" + agent + "'"; }

std::string opponent_label(const pysc2::EnvOptions::Computer& computer) {
  return "the built-in AI (" + pysc2::difficulty_name(computer.difficulty) + ")";
}

}  // namespace sc2::app
