#pragma once
// Agent: the one interface every policy follows (built-in or scripted), PySC2's
// BaseAgent contract in C++: setup once per run, reset per episode, step per TimeStep.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/policy_view.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::agents {

// What the agent may rely on for the whole run.
struct AgentSpec {
  std::string map = "MoveToBeacon";
  int feature_screen_size = 64;   // square screen layers: points x, y in [0, size)
  int feature_minimap_size = 64;  // square minimap layers
  int step_mul = 8;
};

class Agent {
 public:
  virtual ~Agent() = default;
  // Throws std::invalid_argument when the agent cannot play with this spec (e.g. no
  // scripted agent for the map), so callers can fail before starting a game.
  virtual void setup(const AgentSpec& spec) = 0;
  virtual void reset() = 0;  // a new episode begins
  virtual pysc2::FunctionCall step(const pysc2::TimeStep& time_step) = 0;
  virtual std::string_view name() const = 0;

  // What the agent's policy said at the last step (a learned agent's distributions and value),
  // for viewers; null for agents without one. Valid until the next step(); read it on the
  // thread that steps the agent.
  virtual const PolicyView* policy_view() const { return nullptr; }
  // The game the agent was made for, when it was made for one (a learned agent: its
  // checkpoint's map, resolutions and step_mul, 0 when it does not record one): programs take
  // it for the flags the user left out.
  virtual std::optional<AgentSpec> made_for() const { return std::nullopt; }
};

// What building an agent may take besides its name.
struct AgentOptions {
  std::uint64_t seed = 0;
  std::filesystem::path checkpoint;  // agents that play a trained network ("learned")
  bool greedy = false;               // those agents: the most likely action (default: sampled)
};

// "noop", "random", "scripted" (the map's scripted agent, chosen at setup) or a registered one.
// Throws std::invalid_argument listing agent_names() for any other name; a registered factory
// throws what it throws (e.g. the learned agent's CheckpointError for a damaged file).
std::unique_ptr<Agent> make_agent(std::string_view name, const AgentOptions& options);
std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed);
// The built-in names, then the registered ones in the order they were registered.
std::vector<std::string> agent_names();

// Agents that need what agents/ may not link (the learned agent needs torch): the programs
// that offer them register them at start-up (learning/learned_agent_registration.cpp is linked
// into sc2agent and sc2studio only). Registering a name again replaces its factory; a
// built-in name cannot be taken (std::invalid_argument).
using AgentFactory = std::function<std::unique_ptr<Agent>(const AgentOptions& options)>;
void register_agent(std::string name, AgentFactory factory);

}  // namespace sc2::agents
