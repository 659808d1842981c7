// The learned agent: plays a whole episode of the in-process engine from a checkpoint saved a
// moment before, keeps each step's policy view, greedy is repeatable, FullyConv LSTM carries its
// state and starts afresh each episode, and a checkpoint for another game or none is refused.
#include <unistd.h>

#include <filesystem>
#include <numeric>

#include "agents/runner.h"
#include "client/pysc2/env.h"
#include "learning/learned_agent.h"
#include "learning/networks.h"
#include "tests/client/engine_channel.h"
#include "tests/learning/torch_doctest.h"
#include "tests/learning/learning_test_support.h"

using namespace sc2;
using learning::Architecture;
using learning::CheckpointError;

namespace {

struct SavedCheckpoint {
  std::filesystem::path file;
  explicit SavedCheckpoint(Architecture architecture, const std::string& map = "MoveToBeacon", int size = 16) {
    static int count = 0;
    file = std::filesystem::temp_directory_path() /
           ("sc2_learned_agent_" + std::to_string(::getpid()) + "_" + std::to_string(count++) + ".pt");
    learning::NetworkSpec spec;
    spec.architecture = architecture;
    spec.screen_size = spec.minimap_size = size;
    spec.hidden_units = 64;
    torch::manual_seed(11);
    auto network = learning::make_network(spec);
    learning::CheckpointInfo info;
    info.map = map;
    learning::save_checkpoint(file, *network, info);
  }
  ~SavedCheckpoint() {
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
  }
};

agents::AgentSpec game(const std::string& map, int size) { return {map, size, size, 8}; }

pysc2::TimeStep first_step(std::vector<int> available, int beacon_x) {
  pysc2::TimeStep step;
  step.observation = test::zero_observation(16, 16, std::move(available));
  test::set_pixel(test::screen_layer(step.observation, "player_relative"), beacon_x, 5, 3);
  return step;
}

std::string message_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::exception& error) {
    return error.what();
  }
  FAIL("nothing thrown");
  return {};
}

}  // namespace

TEST_CASE("the learned agent plays a whole MoveToBeacon episode in-process from a fresh checkpoint") {
  SavedCheckpoint saved(Architecture::fullyconv);
  agents::register_agent("learned", learning::make_learned_agent);
  agents::RunOptions options;
  options.map = "MoveToBeacon";
  options.agent = "learned";
  options.checkpoint = saved.file;
  options.feature_screen_size = options.feature_minimap_size = 16;
  options.seed = 4;
  auto agent = agents::make_agent("learned", agents::agent_options(options));
  agent->setup(agents::agent_spec(options));
  CHECK(agent->name() == "learned");
  CHECK(agent->policy_view() == nullptr);  // nothing said yet

  Controller controller(std::make_unique<test::EngineChannel>());
  pysc2::Env env(controller, agents::env_options(options));
  int steps = 0;
  const auto result = agents::run_episode(env, *agent, [&](const pysc2::Observation& seen, const pysc2::FunctionCall& call, float) {
    ++steps;
    const agents::PolicyView* view = agent->policy_view();
    REQUIRE(view != nullptr);
    CHECK(view->chosen == call);
    CHECK_FALSE(view->greedy);
    REQUIRE(view->function_probabilities.size() == 573);
    float available = 0;
    for (int id : seen.available_actions) available += view->function_probabilities[static_cast<std::size_t>(id)];
    CHECK(available == doctest::Approx(1.0f).epsilon(1e-4));  // a0 only over what the game offers
    CHECK(std::find(seen.available_actions.begin(), seen.available_actions.end(), call.function) !=
          seen.available_actions.end());
    int width = 0, height = 0;
    const auto heat = agents::heat_map(*view, 0, &width, &height);  // screen
    CHECK(width == 16);
    CHECK(height == 16);
    CHECK(std::accumulate(heat.begin(), heat.end(), 0.0f) == doctest::Approx(1.0f).epsilon(1e-4));
  });
  CHECK(result.steps > 100);  // MoveToBeacon lasts 120 game seconds: ~240 steps of 8 loops
  CHECK(steps == result.steps);
}

TEST_CASE("greedy play is repeatable and sampling varies with the seed") {
  SavedCheckpoint saved(Architecture::atari, "MoveToBeacon", 20);
  const std::vector<int> available = {0, 2, 7, 12, 331};
  pysc2::TimeStep step;
  step.observation = test::zero_observation(20, 20, available);
  auto calls = [&](learning::ActionMode mode, std::uint64_t seed) {
    learning::LearnedAgent agent(saved.file, mode, seed);
    agent.setup(game("MoveToBeacon", 20));
    std::vector<pysc2::FunctionCall> made;
    for (int i = 0; i < 20; ++i) made.push_back(agent.step(step));
    CHECK(agent.policy_view()->greedy == (mode == learning::ActionMode::greedy));
    return made;
  };
  const auto greedy = calls(learning::ActionMode::greedy, 1);
  // (Double parentheses: glog's operator<< for vectors, which torch brings, cannot print calls.)
  CHECK((greedy == calls(learning::ActionMode::greedy, 2)));
  for (const auto& call : greedy) CHECK(call == greedy.front());  // the same input, the same argmax
  CHECK((calls(learning::ActionMode::sample, 1) == calls(learning::ActionMode::sample, 1)));
  CHECK((calls(learning::ActionMode::sample, 1) != calls(learning::ActionMode::sample, 2)));
}

TEST_CASE("FullyConv LSTM carries its state over steps and starts afresh each episode") {
  SavedCheckpoint saved(Architecture::fullyconv_lstm);
  learning::LearnedAgent agent(saved.file, learning::ActionMode::greedy, 0);
  agent.setup(game("MoveToBeacon", 16));
  agent.reset();
  auto step = first_step({0, 7, 331}, 3);
  step.step_type = pysc2::StepType::mid;
  agent.step(step);
  const float first_value = agent.policy_view()->value;
  agent.step(step);
  CHECK(agent.policy_view()->value != first_value);  // same observation, carried state
  agent.reset();
  agent.step(step);
  CHECK(agent.policy_view()->value == first_value);

  // A first TimeStep zeroes the state even without reset().
  agent.step(step);
  step.step_type = pysc2::StepType::first;
  agent.step(step);
  CHECK(agent.policy_view()->value == first_value);
}

TEST_CASE("the learned agent names the game it was made for and refuses another") {
  SavedCheckpoint saved(Architecture::fullyconv, "MoveToBeacon", 16);
  learning::LearnedAgent agent(saved.file, learning::ActionMode::sample, 0);
  const auto made_for = agent.made_for();
  REQUIRE(made_for.has_value());
  CHECK(made_for->map == "MoveToBeacon");
  CHECK(made_for->feature_screen_size == 16);
  CHECK(made_for->feature_minimap_size == 16);
  CHECK_NOTHROW(agent.setup(game("MoveToBeacon", 16)));
  CHECK(message_of([&] { agent.setup(game("DefeatRoaches", 64)); }) ==
        "checkpoint is for MoveToBeacon at 16x16, this game is DefeatRoaches at 64x64");
  CHECK_THROWS_AS(agent.setup(game("MoveToBeacon", 32)), CheckpointError);

  // An observation at another resolution than the network's is refused, not misread.
  pysc2::TimeStep wrong;
  wrong.observation = test::zero_observation(32, 32, {0});
  CHECK_THROWS_AS(agent.step(wrong), std::invalid_argument);
}

TEST_CASE("the learned agent needs a checkpoint, and a missing or damaged one is refused") {
  agents::AgentOptions options;
  CHECK(message_of([&] { learning::make_learned_agent(options); }).find("--checkpoint FILE") != std::string::npos);
  options.checkpoint = "/nonexistent/sc2/checkpoint.pt";
  CHECK(message_of([&] { learning::make_learned_agent(options); }) == "no checkpoint at /nonexistent/sc2/checkpoint.pt");

  SavedCheckpoint saved(Architecture::fullyconv);
  std::filesystem::resize_file(saved.file, std::filesystem::file_size(saved.file) / 3);
  options.checkpoint = saved.file;
  CHECK_THROWS_AS(learning::make_learned_agent(options), CheckpointError);

  // Through the registry as the programs build it.
  agents::register_agent("learned", learning::make_learned_agent);
  const auto names = agents::agent_names();
  CHECK(std::find(names.begin(), names.end(), "learned") != names.end());
  CHECK_THROWS_AS(agents::make_agent("learned", options), CheckpointError);
}
