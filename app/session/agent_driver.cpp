#include "app/session/agent_driver.h"

#include <exception>

namespace sc2::app {

AgentDriver::AgentDriver(agents::AgentOptions options, Factory make)
    : options_(std::move(options)), make_(std::move(make)) {}

AgentDriver::Factory AgentDriver::default_factory() {
  return [](std::string_view name, const agents::AgentOptions& options) { return agents::make_agent(name, options); };
}

AgentDriver::~AgentDriver() = default;

std::optional<std::string> AgentDriver::load(const std::string& name, const agents::AgentSpec& spec) {
  agent_.reset();
  trace_.new_episode();
  try {
    std::unique_ptr<agents::Agent> agent = make_(name, options_);
    agent->setup(spec);
    agent->reset();
    agent_ = std::move(agent);
  } catch (const std::exception& error) {
    return "cannot watch the agent '" + name + "': " + error.what();
  }
  return std::nullopt;
}

void AgentDriver::unload() { agent_.reset(); }

void AgentDriver::new_episode() {
  trace_.new_episode();
  if (agent_) agent_->reset();
}

AgentDriver::Choice AgentDriver::choose(const pysc2::TimeStep& timestep) {
  Choice choice;
  if (!agent_) {
    choice.error = "no agent is loaded";
    return choice;
  }
  try {
    choice.call = agent_->step(timestep);
    if (const agents::PolicyView* view = agent_->policy_view()) {
      choice.policy = trace_.add(*view, timestep.observation.game_loop);
    }
  } catch (const std::exception& error) {
    agent_.reset();
    choice.error = std::string("the agent failed: ") + error.what();
  }
  return choice;
}

}  // namespace sc2::app
