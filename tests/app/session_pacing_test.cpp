// Session pacing against sc2lite: synchronous rendering (each observation waits until the UI
// says it was drawn) and the total game-loop limit (PySC2's --max_game_steps).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "app/session/session.h"
#include "tests/app/app_test_support.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;

using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;

namespace {

SessionOptions fast_options() {
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;  // as fast as possible: only the pacing under test holds the game back
  options.env.seed = 11;
  return options;
}

}  // namespace

TEST_CASE("with synchronous rendering the game steps once per drawn observation, and runs freely when it is off") {
  if (!have_sc2lite()) return;
  SessionOptions options = fast_options();
  options.render_sync = true;
  Session session(options);
  CHECK(session.snapshot().render_sync);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr; }, std::chrono::seconds(20)));
  const std::uint64_t first = session.snapshot().timestep_version;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(session.snapshot().timestep_version == first);  // nothing drawn yet: the game waits

  for (int i = 0; i < 3; ++i) {
    const std::uint64_t shown = session.snapshot().timestep_version;
    session.frame_drawn(shown);
    REQUIRE(wait_for([&] { return session.snapshot().timestep_version == shown + 1; }, std::chrono::seconds(10)));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(session.snapshot().timestep_version == shown + 1);  // exactly one step per drawn frame
  }
  session.frame_drawn(first);  // an older frame changes nothing
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(session.snapshot().timestep_version == first + 3);

  session.set_render_sync(false);
  CHECK_FALSE(session.snapshot().render_sync);
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version > first + 20; }, std::chrono::seconds(10)));
  session.stop();
}

TEST_CASE("wait_for_timestep returns as the next observation is published, and after the timeout when none is") {
  if (!have_sc2lite()) return;
  SessionOptions options = fast_options();
  options.render_sync = true;  // the game steps only when told the frame was drawn
  Session session(options);
  session.start();
  REQUIRE(session.wait_for_timestep(0, std::chrono::seconds(20)));
  const std::uint64_t first = session.snapshot().timestep_version;
  CHECK(first >= 1);

  const auto before = std::chrono::steady_clock::now();
  CHECK_FALSE(session.wait_for_timestep(first, std::chrono::milliseconds(150)));  // nothing drawn: no step
  CHECK(std::chrono::steady_clock::now() - before >= std::chrono::milliseconds(150));

  session.frame_drawn(first);
  CHECK(session.wait_for_timestep(first, std::chrono::seconds(10)));
  CHECK(session.snapshot().timestep_version == first + 1);
  CHECK(session.snapshot().speed == 0);
  session.stop();
}

TEST_CASE("max_game_loops ends the session by itself after that many loops, over episode ends") {
  if (!have_sc2lite()) return;
  SessionOptions options = fast_options();
  options.env.map = "MoveToBeacon";
  options.env.step_mul = 64;
  options.max_game_loops = 3000;  // MoveToBeacon lasts 1920 loops (30 steps): then 17 more steps
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().state == SessionState::stopped ||
                                session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(60)));
  const auto snapshot = session.snapshot();
  INFO(snapshot.error);
  CHECK(snapshot.state == SessionState::stopped);
  CHECK(snapshot.finished.find("3008 game loops") != std::string::npos);
  CHECK(snapshot.finished.find("--max_game_steps 3000") != std::string::npos);
  CHECK(snapshot.episode == 2);
  const auto notices = session.take_notices();
  CHECK(std::find(notices.begin(), notices.end(), snapshot.finished) != notices.end());
  session.stop();
}

TEST_CASE("a session stopped from outside has no finished reason") {
  if (!have_sc2lite()) return;
  Session session(fast_options());
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr; }, std::chrono::seconds(20)));
  session.stop();
  CHECK(session.snapshot().state == SessionState::stopped);
  CHECK(session.snapshot().finished.empty());
}
