#pragma once
// The no-op agent: every step is no_op(), so the game runs untouched (a baseline and
// the cheapest way to exercise an environment).
#include "agents/agent.h"

namespace sc2::agents {

class NoopAgent final : public Agent {
 public:
  void setup(const AgentSpec&) override {}
  void reset() override {}
  pysc2::FunctionCall step(const pysc2::TimeStep&) override { return pysc2::FunctionCall{}; }
  std::string_view name() const override { return "noop"; }
};

}  // namespace sc2::agents
