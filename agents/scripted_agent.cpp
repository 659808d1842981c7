#include "agents/scripted_agent.h"

#include <stdexcept>

#include "agents/move_to_beacon_agent.h"

namespace sc2::agents {

std::vector<std::string> scripted_maps() { return {"MoveToBeacon"}; }

std::unique_ptr<Agent> make_scripted_agent(const std::string& map) {
  if (map == "MoveToBeacon") return std::make_unique<MoveToBeaconAgent>();
  std::string known;
  for (const auto& candidate : scripted_maps()) known += (known.empty() ? "" : ", ") + candidate;
  throw std::invalid_argument("no scripted agent for map '" + map + "' (scripted agents exist for: " +
                              known + "; use --agent random or noop for other maps)");
}

void ScriptedAgent::setup(const AgentSpec& spec) {
  chosen_ = make_scripted_agent(spec.map);
  chosen_->setup(spec);
}

void ScriptedAgent::reset() {
  if (!chosen_) throw std::logic_error("scripted agent: reset() before setup()");
  chosen_->reset();
}

pysc2::FunctionCall ScriptedAgent::step(const pysc2::TimeStep& time_step) {
  if (!chosen_) throw std::logic_error("scripted agent: step() before setup()");
  return chosen_->step(time_step);
}

}  // namespace sc2::agents
