// Session on a melee map against the built-in AI: the game runs to its end by itself (the
// person does nothing), its result is published and stays (the game waits: no new episode
// starts by itself, as a mini-game's would), the episode list records it, and a restart
// starts the next game with the result cleared.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/session/opponent_choice.h"
#include "app/session/session.h"
#include "tests/app/session_test_support.h"

using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;
using sc2::test::wait_for;

TEST_CASE("a melee game ends with its result, which stays until a restart, and the episode list records it") {
  if (!sc2::test::have_sc2lite()) return;
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;  // as fast as possible
  options.env.map = "Flat32";
  options.env.seed = 2;
  options.env.step_mul = 400;  // a whole game (at most 28,800 loops, then a tie) in few steps
  options.env.computer = sc2::app::computer_for("Flat32", "bot:hard");
  REQUIRE(options.env.computer.has_value());
  Session session(options);
  CHECK(session.snapshot().opponent == "the built-in AI (Hard)");
  session.start();
  REQUIRE(wait_for(
      [&] {
        const auto snapshot = session.snapshot();
        return snapshot.game_result.has_value() || snapshot.state == SessionState::failed;
      },
      std::chrono::seconds(150)));
  auto snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state == SessionState::running);
  const int result = *snapshot.game_result;
  CHECK((result == -1 || result == 0));  // a passive player cannot win
  REQUIRE(snapshot.timestep != nullptr);
  CHECK(snapshot.timestep->last());
  CHECK(snapshot.timestep->outcome == result);
  CHECK(snapshot.status.find("game over") != std::string::npos);
  const std::uint64_t version = snapshot.timestep_version;

  // It stays: nothing new is published while the game waits.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  snapshot = session.snapshot();
  CHECK(snapshot.timestep_version == version);
  CHECK(snapshot.episode == 1);
  CHECK(snapshot.game_result == result);
  auto episodes = session.episodes();
  REQUIRE(episodes.size() == 1);
  CHECK(episodes[0].finished);
  CHECK(episodes[0].outcome == result);
  CHECK(episodes[0].score == result);  // PySC2's Melee reward: the outcome

  // A restart: the next game, the result cleared; the first keeps its own.
  session.request_restart_episode();
  REQUIRE(wait_for([&] { return session.snapshot().episode == 2 || session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(30)));
  snapshot = session.snapshot();
  INFO(snapshot.error);
  CHECK(snapshot.state == SessionState::running);
  CHECK_FALSE(snapshot.game_result.has_value());
  episodes = session.episodes();
  REQUIRE(episodes.size() >= 2);
  CHECK(episodes[0].outcome == result);
  CHECK_FALSE(episodes[1].outcome.has_value());
  session.stop();
}
