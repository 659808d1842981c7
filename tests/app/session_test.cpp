// Session: the game thread. Failure becomes an error state (never a throw or a hang);
// with sc2lite it publishes TimeSteps, sends queued calls and records their results.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/session.h"
#include "client/pysc2/actions.h"
#include "tests/app/app_test_support.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;

using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;

TEST_CASE("a session whose game cannot be found fails with a message instead of throwing") {
  sc2::test::TempDir dir;
  SessionOptions options;
  options.sc2path = dir.path() / "missing-sc2";
  options.sc2lite_dir = dir.path();
  Session session(options);
  session.start();
  session.submit(sc2::pysc2::FunctionCall{0, {}});  // queuing while failing is harmless
  REQUIRE(wait_for([&] { return session.snapshot().state == SessionState::failed; }, std::chrono::seconds(10)));
  const auto snapshot = session.snapshot();
  CHECK(snapshot.error.find("missing-sc2") != std::string::npos);
  CHECK(snapshot.timestep == nullptr);
  session.stop();
  session.stop();  // twice is fine
}

TEST_CASE("a session against sc2lite publishes TimeSteps and records every call's result") {
  const std::filesystem::path bin = SC2_BIN_DIR;
  if (!std::filesystem::exists(bin / "sc2lite")) {
    MESSAGE("skipped: sc2lite is not built in " << bin.string());
    return;
  }
  SessionOptions options;
  options.sc2lite_dir = bin;
  options.speed = 0;  // as fast as possible
  options.env.seed = 3;
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(20)));
  auto snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state != SessionState::failed);
  CHECK(snapshot.episode == 1);
  CHECK_FALSE(snapshot.timestep->observation.feature_screen.empty());

  session.submit(sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_rect, {{0}, {0, 0}, {63, 63}}});
  session.submit(sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_point, {{0}, {99, 5}}});  // off the screen
  REQUIRE(wait_for(
      [&] {
        const auto log = session.action_log();
        return log.size() == 2 && log[0].result != "queued" && log[1].result != "queued";
      },
      std::chrono::seconds(10)));
  const auto log = session.action_log();
  CHECK(log[0].text == "select_rect(\"select\", [0, 0], [63, 63])");
  CHECK_FALSE(log[0].failed);
  CHECK(log[1].failed);
  CHECK(log[1].result.find("rejected") == 0);
  // The game kept going after the rejected call.
  const auto version = session.snapshot().timestep_version;
  CHECK(wait_for([&] { return session.snapshot().timestep_version > version; }, std::chrono::seconds(10)));
  session.stop();
  CHECK(session.snapshot().state == SessionState::stopped);
}
