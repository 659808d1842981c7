#pragma once
// "scripted": plays the map's own scripted agent (PySC2's scripted_agent.py behaviour,
// one class per mini-game). The map is known only at setup, so the choice happens there.
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"

namespace sc2::agents {

// Maps that have a scripted agent, e.g. {"MoveToBeacon"}.
std::vector<std::string> scripted_maps();
// The scripted agent for `map`; throws std::invalid_argument listing scripted_maps().
std::unique_ptr<Agent> make_scripted_agent(const std::string& map);

class ScriptedAgent final : public Agent {
 public:
  void setup(const AgentSpec& spec) override;
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  std::unique_ptr<Agent> chosen_;
};

}  // namespace sc2::agents
