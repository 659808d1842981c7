// Session on a melee map against a built-in agent (--opponent agent:NAME): the agent plays
// from a game process of its own, the game runs to its end with its result shown, a restart
// (at the end or in the middle of a game, which the person then loses) starts a new game the
// agent joins again, and stopping ends everything without a hang. Restarts taken as a game
// begins (the agent still joining it) wait for the agent to see that game end; so does the
// agent's own count of games over. Refusals: unknown agents, the learned agent, an agent on a
// mini-game.
#include <doctest/doctest.h>

#include <chrono>

#include "app/session/opponent_agent.h"
#include "app/session/opponent_choice.h"
#include "app/session/session.h"
#include "client/launcher.h"
#include "client/map_paths.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
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

TEST_CASE("restarts taken before a game against an agent has seen a step start new games the agent joins") {
  // Paused, nothing steps: each restart is taken as soon as the game it ends has begun, while
  // the agent may still be joining it or reading its first observation. The session leaves
  // that game and creates the next only once the agent has seen the end of the one it joined
  // (created sooner, the new game would refuse the agent's next request, which ends the
  // agent, and then wait in vain for its second player).
  if (!sc2::test::have_sc2lite()) return;
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;
  options.env.map = "Flat32";
  options.env.seed = 5;
  options.env.step_mul = 8;
  options.opponent_agent = "scripted";
  Session session(options);
  session.set_paused(true);
  session.request_restart_episode();  // waits for the first game, and ends it as it begins
  session.start();
  const auto reached = [&](int episode) {
    return [&session, episode] {
      const auto snapshot = session.snapshot();
      return snapshot.episode >= episode || snapshot.state == SessionState::failed;
    };
  };
  REQUIRE(wait_for(reached(2), std::chrono::seconds(60)));
  auto snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  session.request_restart_episode();  // at once: the agent may still be joining game 2
  REQUIRE(wait_for(reached(3), std::chrono::seconds(60)));
  snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  CHECK(snapshot.episode == 3);

  // The agent plays game 3: a single step (lock-step, it needs the agent's step too) returns.
  const std::uint64_t before = snapshot.timestep_version;
  session.request_step();
  const auto stepped = [&] {
    const auto now = session.snapshot();
    return now.timestep_version > before || now.state == SessionState::failed;
  };
  REQUIRE(wait_for(stepped, std::chrono::seconds(60)));
  snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  CHECK(snapshot.episode == 3);
  CHECK(snapshot.episode_steps == 1);
  for (const std::string& notice : session.take_notices()) {
    CHECK_MESSAGE(notice.find("opponent agent") == std::string::npos, notice);
  }
  session.stop();
  CHECK(session.snapshot().state != SessionState::failed);
}

TEST_CASE("a game is over for the opponent agent once it has seen the end, also when left as it begins") {
  // What the session's restart waits for (app/opponent_agent.h), the session's side played by
  // hand: each game is created, then the agent is let join it, then we join and leave at once.
  if (!sc2::test::have_sc2lite()) return;
  using namespace std::chrono_literals;
  namespace pysc2 = sc2::pysc2;
  const sc2::GameChoice choice{std::nullopt, SC2_BIN_DIR};
  std::unique_ptr<sc2::GameProcess> host = sc2::launch_game(choice);
  const std::uint16_t game_port = sc2::pick_free_port();
  auto theirs = std::make_shared<pysc2::GameRendezvous>();
  pysc2::EnvOptions env_options;
  env_options.map = "Flat32";
  env_options.step_mul = 8;
  env_options.multiplayer = pysc2::EnvOptions::Multiplayer{true, game_port, theirs};
  sc2::app::OpponentAgent agent("scripted", sc2::agents::AgentOptions{1, {}, false}, env_options, choice);
  agent.start();
  CHECK_FALSE(agent.wait_game_over(1, 0ms));

  // Our Env only joins (its own rendezvous, told by hand); the games are created here.
  auto ours = std::make_shared<pysc2::GameRendezvous>();
  pysc2::EnvOptions our_options = env_options;
  our_options.multiplayer = pysc2::EnvOptions::Multiplayer{false, game_port, ours};
  pysc2::Env env(host->controller(), our_options);
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path(sc2::map_path_for("Flat32"));
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  create.set_random_seed(7);

  for (int game = 1; game <= 2; ++game) {
    CAPTURE(game);
    host->controller().create_game(create);  // ours creates: player 1
    theirs->created();  // the agent joins; its join waits for ours
    // The agent is joining this game (or about to): not over for it. ("Between games" while
    // it joined and read its first observation was the race a restart hit.)
    CHECK_FALSE(agent.wait_game_over(game, 0ms));
    ours->created();
    REQUIRE_FALSE(env.reset()->last());  // both have joined
    CHECK_FALSE(agent.wait_game_over(game, 0ms));
    host->controller().leave_game();  // at once, as a restart: the agent may still read the game
    REQUIRE(agent.wait_game_over(game, 30s));
    REQUIRE_FALSE(agent.stopped());
    const std::optional<std::string> failure = agent.take_failure();
    CHECK_MESSAGE(!failure, failure.value_or(""));
  }

  // The agent plays the next game: lock-step steps return only once it has stepped too.
  host->controller().create_game(create);
  theirs->created();
  ours->created();
  std::shared_ptr<const pysc2::TimeStep> step = env.reset();
  for (int i = 0; i < 3; ++i) step = env.step(pysc2::FunctionCall{pysc2::fn::no_op, {}});
  CHECK(step->observation.game_loop == 24);
  CHECK_FALSE(agent.wait_game_over(3, 0ms));
  host->controller().leave_game();
  REQUIRE(agent.wait_game_over(3, 30s));
  CHECK_FALSE(agent.stopped());  // left between its action and its step, it still saw the end
  const std::optional<std::string> failure = agent.take_failure();
  CHECK_MESSAGE(!failure, failure.value_or(""));
  agent.stop();
  CHECK(agent.stopped());
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
