// The no-op agent, the agent factory and the scripted-agent dispatch by map.
#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "agents/agent.h"
#include "agents/scripted_agent.h"
#include "client/pysc2/actions.h"
#include "tests/agents/test_observations.h"

using namespace sc2;

namespace {

std::string message_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("noop agent always sends no_op, whatever is available") {
  auto agent = agents::make_agent("noop", 0);
  agent->setup({});
  agent->reset();
  CHECK(agent->name() == "noop");
  const int move_screen = pysc2::find_function("Move_screen")->id;
  CHECK(agent->step(test::time_step_with({0, 1, 2, 3, 4, 7, move_screen})) == pysc2::FunctionCall{});
  CHECK(agent->step(test::time_step_with({})) == pysc2::FunctionCall{});
}

TEST_CASE("make_agent builds every listed agent and names it") {
  for (const auto& name : agents::agent_names()) {
    auto agent = agents::make_agent(name, 5);
    REQUIRE(agent != nullptr);
    CHECK(agent->name() == name);
  }
}

TEST_CASE("make_agent with an unknown name says which agents exist") {
  CHECK_THROWS_AS(agents::make_agent("alphastar", 0), std::invalid_argument);
  const auto message = message_of([] { agents::make_agent("alphastar", 0); });
  CHECK(message.find("alphastar") != std::string::npos);
  for (const auto& name : agents::agent_names()) CHECK(message.find(name) != std::string::npos);
  CHECK_THROWS_AS(agents::make_agent("", 0), std::invalid_argument);
}

TEST_CASE("scripted agent on a map without one fails at setup, listing the maps that have one") {
  auto agent = agents::make_agent("scripted", 0);
  agents::AgentSpec spec;
  spec.map = "NoSuchMiniGame";
  CHECK_THROWS_AS(agent->setup(spec), std::invalid_argument);
  const auto message = message_of([&] { agent->setup(spec); });
  CHECK(message.find("NoSuchMiniGame") != std::string::npos);
  for (const auto& map : agents::scripted_maps()) CHECK(message.find(map) != std::string::npos);
}

TEST_CASE("scripted agent used before setup fails clearly instead of crashing") {
  auto agent = agents::make_agent("scripted", 0);
  CHECK_THROWS_AS(agent->step(test::time_step_with({0})), std::logic_error);
  CHECK_THROWS_AS(agent->reset(), std::logic_error);
}

namespace {

// Stands for an agent a program registers (the learned agent): remembers what it was built with.
class RegisteredAgent : public agents::Agent {
 public:
  explicit RegisteredAgent(agents::AgentOptions options) : options(std::move(options)) {}
  void setup(const agents::AgentSpec&) override {}
  void reset() override {}
  pysc2::FunctionCall step(const pysc2::TimeStep&) override { return {}; }
  std::string_view name() const override { return "trained"; }
  agents::AgentOptions options;
};

}  // namespace

TEST_CASE("a registered agent is listed after the built-in ones and built with the options given") {
  const auto before = agents::agent_names();
  CHECK_THROWS_AS(agents::make_agent("trained", 0), std::invalid_argument);  // unknown until registered
  agents::register_agent("trained", [](const agents::AgentOptions& options) {
    return std::make_unique<RegisteredAgent>(options);
  });
  auto names = agents::agent_names();
  REQUIRE(names.size() == before.size() + 1);
  CHECK(names.back() == "trained");
  agents::AgentOptions options;
  options.seed = 9;
  options.checkpoint = "run/checkpoint.pt";
  options.greedy = true;
  auto agent = agents::make_agent("trained", options);
  const auto& made = dynamic_cast<RegisteredAgent&>(*agent).options;
  CHECK(made.seed == 9);
  CHECK(made.checkpoint == "run/checkpoint.pt");
  CHECK(made.greedy);
  CHECK(agent->policy_view() == nullptr);  // the defaults of agents without a policy to show
  CHECK_FALSE(agent->made_for().has_value());

  // Registering the name again replaces the factory and keeps one entry; built-in names are kept.
  agents::register_agent("trained", [](const agents::AgentOptions&) -> std::unique_ptr<agents::Agent> {
    throw std::runtime_error("no checkpoint at nowhere.pt");
  });
  CHECK(agents::agent_names().size() == names.size());
  CHECK_THROWS_WITH_AS(agents::make_agent("trained", options), "no checkpoint at nowhere.pt", std::runtime_error);
  CHECK_THROWS_AS(agents::register_agent("scripted", [](const agents::AgentOptions&) { return nullptr; }),
                  std::invalid_argument);
  CHECK(agents::make_agent("scripted", 0)->name() == "scripted");
}
