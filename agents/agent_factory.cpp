#include <stdexcept>

#include "agents/agent.h"
#include "agents/noop_agent.h"
#include "agents/random_agent.h"
#include "agents/scripted_agent.h"

namespace sc2::agents {

std::vector<std::string> agent_names() { return {"noop", "random", "scripted"}; }

std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed) {
  if (name == "noop") return std::make_unique<NoopAgent>();
  if (name == "random") return std::make_unique<RandomAgent>(seed);
  if (name == "scripted") return std::make_unique<ScriptedAgent>();
  std::string known;
  for (const auto& candidate : agent_names()) known += (known.empty() ? "" : ", ") + candidate;
  throw std::invalid_argument("unknown agent '" + std::string(name) + "' (known agents: " + known + ")");
}

}  // namespace sc2::agents
