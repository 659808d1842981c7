// The watched agent's policy in the Session's snapshot, against sc2lite: an agent with a policy
// (a hand-made one, registered as learned agents are) has each step's PolicyView and the
// episode's value estimates there, shared with the reader rather than copied; taking over
// clears it; an agent without a policy (scripted) says so.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "agents/agent.h"
#include "app/session/session.h"
#include "client/pysc2/actions.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;

using sc2::app::ActionRecord;
using sc2::app::Controller;
using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;

namespace {

// Points Move_screen at (step % 64, 10) once the army is selected; its policy says so: all of
// the screen argument's mass on that pixel, value estimate = the step number.
class PointingAgent : public sc2::agents::Agent {
 public:
  void setup(const sc2::agents::AgentSpec& spec) override { size_ = spec.feature_screen_size; }
  void reset() override { step_ = 0; }
  sc2::pysc2::FunctionCall step(const sc2::pysc2::TimeStep& time_step) override {
    ++step_;
    const auto& available = time_step.observation.available_actions;
    const int move = sc2::pysc2::find_function("Move_screen")->id;
    const bool can_move = std::find(available.begin(), available.end(), move) != available.end();
    const int x = step_ % size_;
    view_ = sc2::agents::PolicyView{};
    view_.function_probabilities.assign(573, 0.0f);
    view_.function_probabilities[can_move ? move : sc2::pysc2::fn::select_army] = 1.0f;
    sc2::agents::ArgumentDistribution screen;
    screen.argument_type = sc2::pysc2::arg::screen;
    screen.axis = sc2::agents::ArgumentDistribution::Axis::pixels;
    screen.width = screen.height = size_;
    screen.probabilities.assign(static_cast<std::size_t>(size_) * size_, 0.0f);
    screen.probabilities[static_cast<std::size_t>(10) * size_ + x] = 1.0f;
    view_.arguments.push_back(std::move(screen));
    view_.value = static_cast<float>(step_);
    view_.chosen = can_move ? sc2::pysc2::FunctionCall{move, {{0}, {x, 10}}}
                            : sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_army, {{0}}};
    return view_.chosen;
  }
  std::string_view name() const override { return "pointing"; }
  const sc2::agents::PolicyView* policy_view() const override { return step_ > 0 ? &view_ : nullptr; }

 private:
  int size_ = 64;
  int step_ = 0;
  sc2::agents::PolicyView view_;
};

SessionOptions fast_options(std::string agent) {
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;
  options.env.seed = 5;
  options.agent = std::move(agent);
  return options;
}

bool wait_running(Session& session) {
  return wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; }) &&
         session.snapshot().state != SessionState::failed;
}

void pause(Session& session) {
  session.set_paused(true);
  std::uint64_t version = 0;
  REQUIRE(wait_for([&] {
    const auto now = session.snapshot().timestep_version;
    const bool settled = now == version;
    version = now;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return settled;
  }));
}

void step_and_wait(Session& session) {
  const auto version = session.snapshot().timestep_version;
  session.request_step();
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version > version; }));
}

}  // namespace

TEST_CASE("the snapshot carries the agent's policy of its last step and the episode's value estimates") {
  if (!have_sc2lite()) return;
  sc2::agents::register_agent("pointing_test", [](const sc2::agents::AgentOptions&) { return std::make_unique<PointingAgent>(); });
  Session session(fast_options("pointing_test"));
  session.start();
  REQUIRE(wait_running(session));
  REQUIRE(wait_for([&] {
    const auto policy = session.snapshot().policy;
    return policy && policy->values.size() >= 5;
  }));
  pause(session);
  const auto snapshot = session.snapshot();
  REQUIRE(snapshot.policy);
  CHECK_FALSE(snapshot.agent_without_policy);
  const sc2::app::AgentPolicy& policy = *snapshot.policy;
  // The view of the step whose call the log shows last.
  const auto log = session.action_log();
  REQUIRE_FALSE(log.empty());
  CHECK(log.back().source == Controller::agent);
  CHECK(policy.view.chosen == log.back().call);
  CHECK(policy.game_loop == log.back().game_loop);
  // Its distributions as the agent made them, the values one per step of this episode.
  const auto heat = sc2::agents::heat_map(policy.view, sc2::pysc2::arg::screen);
  REQUIRE(heat.size() == 64u * 64u);
  const int steps = static_cast<int>(policy.view.value);
  CHECK(heat[static_cast<std::size_t>(10) * 64 + steps % 64] == 1.0f);
  REQUIRE(policy.values.size() == static_cast<std::size_t>(steps));
  for (int i = 0; i < steps; ++i) CHECK(policy.values[i] == static_cast<float>(i + 1));
  // Shared, not copied: the reader gets the same policy until the next agent step.
  CHECK(session.snapshot().policy.get() == snapshot.policy.get());
  step_and_wait(session);
  const auto next = session.snapshot().policy;
  REQUIRE(next);
  CHECK(next.get() != snapshot.policy.get());
  CHECK(next->values.size() == static_cast<std::size_t>(next->view.value));  // this episode's steps
  CHECK(next->values.back() == next->view.value);
  CHECK(policy.values.size() == static_cast<std::size_t>(steps));  // the one held is unchanged

  // The person takes over: no policy is shown for their steps.
  session.set_controller(Controller::human);
  step_and_wait(session);
  CHECK(session.snapshot().policy == nullptr);
  session.stop();
}

TEST_CASE("an agent without a policy (scripted) is said to have none, and has no policy in the snapshot") {
  if (!have_sc2lite()) return;
  Session session(fast_options("scripted"));
  session.start();
  REQUIRE(wait_running(session));
  REQUIRE(wait_for([&] { return session.snapshot().agent_without_policy; }));
  CHECK(session.snapshot().policy == nullptr);
  session.stop();
}
