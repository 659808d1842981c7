// RecordedSession: recorded steps published one per advance() as a Session publishes them
// (versions, episodes, the calls in the log), what the panels ask kept, pause and step.
#include <doctest/doctest.h>

#include <memory>
#include <stdexcept>

#include "app/session/recorded_session.h"
#include "client/pysc2/actions.h"

using sc2::app::Controller;
using sc2::app::RecordedSession;
using sc2::app::RecordedSessionOptions;
using sc2::app::RecordedStep;
namespace pysc2 = sc2::pysc2;

namespace {

RecordedStep step(std::uint32_t game_loop, float reward, bool first = false) {
  auto timestep = std::make_shared<pysc2::TimeStep>();
  timestep->step_type = first ? pysc2::StepType::first : pysc2::StepType::mid;
  timestep->reward = reward;
  timestep->observation.game_loop = game_loop;
  timestep->observation.available_actions = {pysc2::fn::no_op, pysc2::fn::select_army};
  return RecordedStep{timestep, pysc2::FunctionCall{pysc2::fn::select_army, {{0}}}, nullptr};
}

std::vector<RecordedStep> three_steps() { return {step(0, 0, true), step(8, 1), step(16, 2)}; }

}  // namespace

TEST_CASE("recorded session: each advance publishes the next step, logs its call and sums the episode") {
  RecordedSession session(three_steps(), RecordedSessionOptions{"CollectMineralsAndGas", "scripted", 8, true});
  const auto before = session.snapshot();
  CHECK(before.timestep == nullptr);
  CHECK(before.map == "CollectMineralsAndGas");
  CHECK(before.controller == Controller::agent);

  REQUIRE(session.advance());
  REQUIRE(session.advance());
  const auto now = session.snapshot();
  REQUIRE(now.timestep != nullptr);
  CHECK(now.timestep->observation.game_loop == 8);
  CHECK(now.timestep_version == 2);
  CHECK(now.episode == 1);
  CHECK(now.episode_steps == 2);
  CHECK(now.episode_reward == doctest::Approx(1.0));
  CHECK(now.log_version > before.log_version);
  CHECK(now.episodes_version > before.episodes_version);

  const auto log = session.action_log();
  REQUIRE(log.size() == 2);
  CHECK(log[1].text == "select_army(\"select\")");
  CHECK(log[1].source == Controller::agent);
  CHECK(log[1].game_loop == 8);
  CHECK(log[1].available == std::vector<int>{pysc2::fn::no_op, pysc2::fn::select_army});
  const auto episodes = session.episodes();
  REQUIRE(episodes.size() == 1);
  CHECK(episodes[0].agent_steps == 2);
  CHECK(episodes[0].reward_curve == std::vector<float>{0.0f, 1.0f});
}

TEST_CASE("recorded session: after the last step the first comes again as a new episode, or nothing") {
  RecordedSession looping(three_steps(), RecordedSessionOptions{"m", "", 8, true});
  for (int i = 0; i < 4; ++i) REQUIRE(looping.advance());
  const auto snapshot = looping.snapshot();
  CHECK(snapshot.timestep->observation.game_loop == 0);
  CHECK(snapshot.episode == 2);
  CHECK(snapshot.finished_episode_scores == std::vector<double>{3.0});
  const auto episodes = looping.episodes();
  REQUIRE(episodes.size() == 2);
  CHECK(episodes[0].finished);
  CHECK(episodes[0].human_steps == 3);  // no agent: the person's steps

  RecordedSession once(three_steps(), RecordedSessionOptions{"m", "", 8, false});
  for (int i = 0; i < 3; ++i) REQUIRE(once.advance());
  CHECK_FALSE(once.advance());
  CHECK(once.snapshot().timestep_version == 3);
}

TEST_CASE("recorded session: paused it publishes only the steps asked for") {
  RecordedSession session(three_steps(), RecordedSessionOptions{});
  REQUIRE(session.advance());
  session.set_paused(true);
  CHECK(session.snapshot().paused);
  CHECK_FALSE(session.advance());
  session.request_step();
  CHECK(session.advance());
  CHECK_FALSE(session.advance());
  CHECK(session.snapshot().timestep->observation.game_loop == 8);
  CHECK(session.requests() == std::vector<std::string>{"pause", "step"});
}

TEST_CASE("recorded session: what the panels ask is kept and submitted calls are logged as queued") {
  RecordedSession session(three_steps(), RecordedSessionOptions{});
  REQUIRE(session.advance());
  const pysc2::FunctionCall move{pysc2::find_function("Move_screen")->id, {{0}, {12, 30}}};
  session.submit(move);
  session.set_step_mul(4);
  session.request_seek(200);
  session.frame_drawn(1);
  REQUIRE(session.submitted_calls().size() == 1);
  CHECK(session.submitted_calls()[0] == move);
  const auto log = session.action_log();
  REQUIRE(log.size() == 2);  // the recorded call, then the submitted one
  CHECK(log[1].result == "queued");
  CHECK(log[1].source == Controller::human);
  CHECK(session.snapshot().step_mul == 4);
  CHECK(session.requests() == std::vector<std::string>{"step_mul 4", "seek 200"});
  CHECK(session.drawn_version() == 1);
  // Handing control to an agent needs one, as in a Session.
  session.set_controller(Controller::agent);
  CHECK(session.snapshot().controller == Controller::human);
}

TEST_CASE("recorded session: a step without a TimeStep is refused with its index") {
  std::vector<RecordedStep> steps = three_steps();
  steps[1].timestep.reset();
  CHECK_THROWS_WITH_AS(RecordedSession(std::move(steps), RecordedSessionOptions{}),
                       "recorded step 1 has no TimeStep", std::invalid_argument);
}
