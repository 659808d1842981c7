// Session on a melee map against a built-in agent (--opponent agent:NAME): the agent plays
// from a game process of its own, the game runs to its end with its result shown, a restart
// (at the end or in the middle of a game, which the person then loses) starts a new game the
// agent joins again, and stopping ends everything without a hang. Refusals: unknown agents,
// the learned agent, an agent on a mini-game.
#include <doctest/doctest.h>

#include <chrono>

#include "app/opponent_choice.h"
#include "app/session.h"
#include "tests/app/session_test_support.h"

using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;
using sc2::test::wait_for;

TEST_CASE("a person plays a melee game against a built-in agent, restarts, and stops") {
  if (!sc2::test::have_sc2lite()) return;
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;  // as fast as possible
  options.env.map = "Flat32";
  options.env.seed = 3;
  options.env.step_mul = 400;  // a whole game (at most 28,800 loops, then a tie) in few steps
  options.env.computer = sc2::app::computer_for("Flat32", "agent:scripted");
  CHECK_FALSE(options.env.computer.has_value());
  options.opponent_agent = sc2::app::opponent_agent_for("Flat32", "agent:scripted").value_or("");
  REQUIRE(options.opponent_agent == "scripted");
  Session session(options);
  CHECK(session.snapshot().opponent == "the agent 'scripted'");
  session.start();
  const auto ended_or_failed = [&] {
    const auto snapshot = session.snapshot();
    return snapshot.game_result.has_value() || snapshot.state == SessionState::failed;
  };
  REQUIRE(wait_for(ended_or_failed, std::chrono::seconds(150)));
  auto snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  CHECK(snapshot.status.find("game over") != std::string::npos);
  const int first = *snapshot.game_result;
  MESSAGE("first game: result " << first << " at loop " << snapshot.timestep->observation.game_loop);
  CHECK((first == -1 || first == 0));  // a person who does nothing cannot win

  // Restart at the end: the agent joins the next game.
  session.request_restart_episode();
  REQUIRE(wait_for([&] { return session.snapshot().episode == 2 || session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(60)));
  snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  CHECK_FALSE(snapshot.game_result.has_value());
  REQUIRE(snapshot.timestep != nullptr);
  CHECK_FALSE(snapshot.timestep->last());
  CHECK(wait_for([&] { return session.snapshot().status.find("against the agent 'scripted'") != std::string::npos; },
                 std::chrono::seconds(10)));

  // Restart in the middle: the person leaves that game (a loss) and a third one starts.
  session.request_restart_episode();
  REQUIRE(wait_for([&] { return session.snapshot().episode == 3 || session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(60)));
  snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  const auto episodes = session.episodes();
  REQUIRE(episodes.size() >= 2);
  CHECK(episodes[0].outcome == first);

  const auto before_stop = std::chrono::steady_clock::now();
  session.stop();
  CHECK(std::chrono::steady_clock::now() - before_stop < std::chrono::seconds(20));
  CHECK(session.snapshot().state != SessionState::failed);
}

TEST_CASE("--opponent agent:NAME is refused for unknown agents, the learned agent and mini-games") {
  using sc2::app::opponent_refusal;
  CHECK(opponent_refusal("Flat64", "agent:scripted").empty());
  CHECK(opponent_refusal("Flat64", "agent:random").empty());
  const std::string unknown = opponent_refusal("Flat64", "agent:nosuch");
  CHECK(unknown.find("no agent is called 'nosuch'") != std::string::npos);
  CHECK(unknown.find("scripted") != std::string::npos);
  CHECK(opponent_refusal("Flat64", "agent:learned").find("checkpoint of its own") != std::string::npos);
  CHECK(opponent_refusal("MoveToBeacon", "agent:scripted").find("single-player mini-game") != std::string::npos);
  CHECK_FALSE(sc2::app::opponent_agent_for("MoveToBeacon", "agent:scripted").has_value());
  CHECK_FALSE(sc2::app::opponent_agent_for("Flat64", "bot:easy").has_value());
}

TEST_CASE("an opponent agent that cannot be made fails the session at once with the reason") {
  if (!sc2::test::have_sc2lite()) return;
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.env.map = "Flat32";
  options.opponent_agent = "nosuch";  // what the command line would have refused
  Session session(options);
  const auto started = std::chrono::steady_clock::now();
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().state == SessionState::failed; }, std::chrono::seconds(30)));
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));  // not the join's 120 s
  const std::string error = session.snapshot().error;
  CHECK(error.find("cannot play against the agent 'nosuch'") != std::string::npos);
  session.stop();
}
