#include <mutex>
#include <stdexcept>
#include <utility>

#include "agents/agent.h"
#include "agents/noop_agent.h"
#include "agents/random_agent.h"
#include "agents/scripted_agent.h"

namespace sc2::agents {

namespace {

const std::vector<std::string>& built_in_names() {
  static const std::vector<std::string> names = {"noop", "random", "scripted"};
  return names;
}

// Registered agents, filled before main() by the programs' registration files and read after.
struct Registry {
  std::mutex mutex;
  std::vector<std::pair<std::string, AgentFactory>> entries;
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

std::vector<std::string> agent_names() {
  std::vector<std::string> names = built_in_names();
  std::lock_guard lock(registry().mutex);
  for (const auto& entry : registry().entries) names.push_back(entry.first);
  return names;
}

void register_agent(std::string name, AgentFactory factory) {
  for (const auto& built_in : built_in_names()) {
    if (name == built_in) throw std::invalid_argument("the agent name '" + name + "' is built in");
  }
  if (name.empty() || !factory) throw std::invalid_argument("an agent needs a name and a factory");
  std::lock_guard lock(registry().mutex);
  for (auto& entry : registry().entries) {
    if (entry.first == name) {
      entry.second = std::move(factory);
      return;
    }
  }
  registry().entries.emplace_back(std::move(name), std::move(factory));
}

std::unique_ptr<Agent> make_agent(std::string_view name, const AgentOptions& options) {
  if (name == "noop") return std::make_unique<NoopAgent>();
  if (name == "random") return std::make_unique<RandomAgent>(options.seed);
  if (name == "scripted") return std::make_unique<ScriptedAgent>();
  AgentFactory factory;
  {
    std::lock_guard lock(registry().mutex);
    for (const auto& entry : registry().entries) {
      if (entry.first == name) factory = entry.second;
    }
  }
  if (factory) return factory(options);
  std::string known;
  for (const auto& candidate : agent_names()) known += (known.empty() ? "" : ", ") + candidate;
  throw std::invalid_argument("unknown agent '" + std::string(name) + "' (known agents: " + known + ")");
}

std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed) {
  AgentOptions options;
  options.seed = seed;
  return make_agent(name, options);
}

}  // namespace sc2::agents
