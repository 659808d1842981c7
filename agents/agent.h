#pragma once
// Agent: the one interface every policy follows (built-in or scripted), PySC2's
// BaseAgent contract in C++: setup once per run, reset per episode, step per TimeStep.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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
};

// "noop", "random" or "scripted" (the map's scripted agent, chosen at setup).
// Throws std::invalid_argument listing agent_names() for any other name.
std::unique_ptr<Agent> make_agent(std::string_view name, std::uint64_t seed);
std::vector<std::string> agent_names();

}  // namespace sc2::agents
