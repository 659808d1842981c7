#pragma once
// AgentDriver: the built-in agent that watch mode plays with. Loaded by name for the session's
// game (map, resolutions, step_mul), asked for each step's call, reset with each episode. A
// failure (an unknown name, no scripted agent for the map, an agent that throws) drops the
// agent and comes back as the words to show; the Session then gives the person control.
//
// A learned agent's policy at each step (its distributions and value estimate) comes with its
// call as an AgentPolicy (app/policy_trace.h) for the UI to show.
//
// Game thread only (not thread-safe): the Session publishes the agent's name, its errors, its
// policy and who is in control in the snapshot.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "agents/agent.h"
#include "app/session/policy_trace.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

class AgentDriver {
 public:
  // Makes an agent by name (agents::make_agent; tests give their own).
  using Factory =
      std::function<std::unique_ptr<agents::Agent>(std::string_view name, const agents::AgentOptions& options)>;

  // `options`: the seed, and the checkpoint a learned agent plays.
  explicit AgentDriver(agents::AgentOptions options, Factory make = default_factory());
  explicit AgentDriver(std::uint64_t seed) : AgentDriver(agents::AgentOptions{seed, {}, false}) {}
  static Factory default_factory();
  ~AgentDriver();

  // Drops the agent loaded before and loads `name` set up for `spec`; the error text
  // ("cannot watch the agent '<name>': <why>") when that fails, nothing loaded then.
  std::optional<std::string> load(const std::string& name, const agents::AgentSpec& spec);
  void unload();
  bool loaded() const { return agent_ != nullptr; }
  void new_episode();  // resets the agent for the episode beginning

  // The agent's call for this TimeStep, or the error ("the agent failed: <why>") after which
  // the agent is dropped; with what its policy said (null for agents without one: scripted,
  // random, noop).
  struct Choice {
    pysc2::FunctionCall call;
    std::optional<std::string> error;
    std::shared_ptr<const AgentPolicy> policy;
  };
  Choice choose(const pysc2::TimeStep& timestep);

 private:
  agents::AgentOptions options_;
  Factory make_;
  std::unique_ptr<agents::Agent> agent_;
  PolicyTrace trace_;
};

}  // namespace sc2::app
