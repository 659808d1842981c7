// AgentDriver: loads a built-in agent by name for the game, asks it for calls, and turns every
// failure (unknown name, no agent for the map, an agent that throws) into words, unloaded.
#include <doctest/doctest.h>

#include <stdexcept>

#include "app/session/agent_driver.h"
#include "client/pysc2/actions.h"

using sc2::app::AgentDriver;

namespace {

sc2::agents::AgentSpec spec_for(std::string map) {
  sc2::agents::AgentSpec spec;
  spec.map = std::move(map);
  return spec;
}

sc2::pysc2::TimeStep offering(std::vector<int> available) {
  sc2::pysc2::TimeStep step;
  step.observation.available_actions = std::move(available);
  return step;
}

// An agent that plays no_op until its episode's third step, then throws.
class FailingAgent : public sc2::agents::Agent {
 public:
  void setup(const sc2::agents::AgentSpec&) override {}
  void reset() override { ++resets; steps = 0; }
  sc2::pysc2::FunctionCall step(const sc2::pysc2::TimeStep&) override {
    if (++steps == 3) throw std::runtime_error("out of ideas");
    return sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}};
  }
  std::string_view name() const override { return "failing"; }
  int resets = 0;
  int steps = 0;
};

}  // namespace

TEST_CASE("an agent that cannot be loaded leaves nothing loaded and says which and why") {
  AgentDriver driver(1);
  auto error = driver.load("no_such_agent", spec_for("MoveToBeacon"));
  REQUIRE(error);
  CHECK(error->starts_with("cannot watch the agent 'no_such_agent': "));
  CHECK(error->find("random") != std::string::npos);  // the known names are listed
  CHECK_FALSE(driver.loaded());

  REQUIRE_FALSE(driver.load("random", spec_for("MoveToBeacon")));
  CHECK(driver.loaded());
  error = driver.load("scripted", spec_for("NoSuchMap"));  // no scripted agent for that map
  REQUIRE(error);
  CHECK(error->find("'scripted'") != std::string::npos);
  CHECK_FALSE(driver.loaded());  // the random agent loaded before is gone too
}

TEST_CASE("a loaded agent chooses among the available calls, and one that throws is dropped with the reason") {
  AgentDriver random(7);
  REQUIRE_FALSE(random.load("random", spec_for("MoveToBeacon")));
  const std::vector<int> available = {sc2::pysc2::fn::no_op, sc2::pysc2::fn::select_army};
  for (int i = 0; i < 20; ++i) {
    const AgentDriver::Choice choice = random.choose(offering(available));
    REQUIRE_FALSE(choice.error);
    CHECK(std::find(available.begin(), available.end(), choice.call.function) != available.end());
  }

  FailingAgent* made = nullptr;
  sc2::agents::AgentOptions given;
  AgentDriver driver(sc2::agents::AgentOptions{1, "trained.pt", true},
                     [&](std::string_view, const sc2::agents::AgentOptions& options) {
    given = options;
    auto agent = std::make_unique<FailingAgent>();
    made = agent.get();
    return agent;
  });
  REQUIRE_FALSE(driver.load("failing", spec_for("MoveToBeacon")));
  REQUIRE(made != nullptr);
  // The seed and what a learned agent needs reach the factory.
  CHECK(given.seed == 1);
  CHECK(given.checkpoint == "trained.pt");
  CHECK(given.greedy);
  CHECK(made->resets == 1);  // ready for its first episode
  CHECK_FALSE(driver.choose(offering(available)).error);
  driver.new_episode();
  CHECK(made->resets == 2);
  CHECK_FALSE(driver.choose(offering(available)).error);
  CHECK_FALSE(driver.choose(offering(available)).error);
  const AgentDriver::Choice failed = driver.choose(offering(available));
  REQUIRE(failed.error);
  CHECK(*failed.error == "the agent failed: out of ideas");
  CHECK_FALSE(driver.loaded());
  CHECK(driver.choose(offering(available)).error);  // nothing to ask: an error, no crash
  driver.new_episode();                              // harmless without an agent
}

namespace {

// An agent with a policy to show: its value estimate is the step number, its call no_op.
class PolicyAgent : public sc2::agents::Agent {
 public:
  void setup(const sc2::agents::AgentSpec&) override {}
  void reset() override { step_ = 0; }
  sc2::pysc2::FunctionCall step(const sc2::pysc2::TimeStep&) override {
    view_.value = static_cast<float>(++step_);
    view_.function_probabilities.assign(573, 0.0f);
    view_.function_probabilities[0] = 1.0f;
    view_.chosen = sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}};
    return view_.chosen;
  }
  std::string_view name() const override { return "policy"; }
  const sc2::agents::PolicyView* policy_view() const override { return step_ > 0 ? &view_ : nullptr; }

 private:
  int step_ = 0;
  sc2::agents::PolicyView view_;
};

}  // namespace

TEST_CASE("an agent's policy comes with each call, with the episode's value estimates so far, none for agents without one") {
  AgentDriver driver(sc2::agents::AgentOptions{1, {}, false},
                     [](std::string_view, const sc2::agents::AgentOptions&) { return std::make_unique<PolicyAgent>(); });
  REQUIRE_FALSE(driver.load("policy", spec_for("MoveToBeacon")));
  sc2::pysc2::TimeStep step = offering({sc2::pysc2::fn::no_op});
  step.observation.game_loop = 16;
  const AgentDriver::Choice first = driver.choose(step);
  REQUIRE(first.policy);
  CHECK(first.policy->game_loop == 16);
  CHECK(first.policy->view.value == 1.0f);
  CHECK(first.policy->view.chosen == first.call);
  CHECK(first.policy->values == std::vector<float>{1.0f});
  const AgentDriver::Choice second = driver.choose(step);
  CHECK(second.policy->values == std::vector<float>{1.0f, 2.0f});
  CHECK(first.policy->values.size() == 1);  // what the UI holds is never changed under it
  driver.new_episode();  // the values start again with the episode
  CHECK(driver.choose(step).policy->values == std::vector<float>{1.0f});

  AgentDriver scripted(1);
  REQUIRE_FALSE(scripted.load("random", spec_for("MoveToBeacon")));
  CHECK(scripted.choose(offering({sc2::pysc2::fn::no_op})).policy == nullptr);
}

TEST_CASE("a long episode's value plot keeps the newest estimates only") {
  sc2::app::PolicyTrace trace;
  sc2::agents::PolicyView view;
  std::shared_ptr<const sc2::app::AgentPolicy> policy;
  for (std::size_t i = 0; i < sc2::app::PolicyTrace::kMaxValues + 10; ++i) {
    view.value = static_cast<float>(i);
    policy = trace.add(view, 0);
  }
  REQUIRE(policy->values.size() == sc2::app::PolicyTrace::kMaxValues);
  CHECK(policy->values.back() == static_cast<float>(sc2::app::PolicyTrace::kMaxValues + 9));
  CHECK(policy->values.front() == 10.0f);
  CHECK(policy->first_value_step == 10);
}
