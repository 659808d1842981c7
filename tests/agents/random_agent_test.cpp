// The random agent: only available functions, arguments within their sizes, deterministic per seed.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "agents/agent.h"
#include "agents/random_agent.h"
#include "client/pysc2/actions.h"
#include "tests/agents/test_observations.h"

using namespace sc2;

namespace {

// A random subset of all function ids, as a game could offer (always at least no_op).
std::vector<int> random_available(std::mt19937& random) {
  std::vector<int> available{0};
  std::bernoulli_distribution take(0.05);
  for (int id = 1; id < pysc2::kFunctionCount; ++id)
    if (take(random)) available.push_back(id);
  return available;
}

agents::AgentSpec spec_with(int screen, int minimap) {
  agents::AgentSpec spec;
  spec.feature_screen_size = screen;
  spec.feature_minimap_size = minimap;
  return spec;
}

}  // namespace

TEST_CASE("random agent emits only available, valid calls over many observations") {
  // Different screen and minimap sizes, so a point drawn in the wrong space is caught.
  const auto spec = spec_with(84, 32);
  const pysc2::ActionSpace space{84, 84, 32, 32};
  agents::RandomAgent agent(7);
  agent.setup(spec);
  agent.reset();

  std::mt19937 observations(123);
  std::set<int> functions_seen;
  int max_screen_x = 0, max_minimap_x = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto step = test::time_step_with(random_available(observations));
    const auto call = agent.step(step);
    CHECK_NOTHROW(pysc2::validate(call, space, &step.observation.available_actions));
    functions_seen.insert(call.function);
    const auto* function = pysc2::find_function(call.function);
    REQUIRE(function != nullptr);
    for (std::size_t a = 0; a < function->args.size(); ++a) {
      if (function->args[a] == pysc2::arg::screen) max_screen_x = std::max(max_screen_x, call.arguments[a][0]);
      if (function->args[a] == pysc2::arg::minimap) max_minimap_x = std::max(max_minimap_x, call.arguments[a][0]);
    }
  }
  // It explores: many functions, and points reach across the whole screen (not a default 64).
  CHECK(functions_seen.size() > 100);
  CHECK(max_screen_x >= 64);
  CHECK(max_minimap_x >= 16);
}

TEST_CASE("random agent with only no_op available sends no_op, with nothing offered it sends no_op") {
  agents::RandomAgent agent(1);
  agent.setup({});
  CHECK(agent.step(test::time_step_with({0})) == pysc2::FunctionCall{});
  CHECK(agent.step(test::time_step_with({})) == pysc2::FunctionCall{});
}

TEST_CASE("random agent is deterministic per seed and differs across seeds") {
  auto sequence = [](std::uint64_t seed) {
    auto agent = agents::make_agent("random", seed);
    agent->setup({});
    agent->reset();
    std::mt19937 observations(99);
    std::vector<pysc2::FunctionCall> calls;
    for (int i = 0; i < 200; ++i) calls.push_back(agent->step(test::time_step_with(random_available(observations))));
    return calls;
  };
  CHECK(sequence(42) == sequence(42));
  CHECK(sequence(42) != sequence(43));
}

TEST_CASE("random agent rejects a function id the actions table does not know") {
  agents::RandomAgent agent(3);
  agent.setup({});
  CHECK_THROWS_AS(agent.step(test::time_step_with({pysc2::kFunctionCount + 5})), std::invalid_argument);
}
