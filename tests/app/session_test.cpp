// Session: the game thread. Failure becomes an error state (never a throw or a hang);
// with sc2lite it publishes TimeSteps, sends queued calls and records their results.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "app/session/session.h"
#include "client/map_catalog.h"
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

TEST_CASE("without a map the session plays the first map the game lists, and publishes the list") {
  if (!have_sc2lite()) return;
  SessionOptions options;  // no env.map: --map not given
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;
  options.env.seed = 3;
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(20)));
  const auto snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state != SessionState::failed);
  // What sc2lite answers to available_maps, as the choices --map takes (the catalogue is built
  // from the same map data, in the same order).
  std::vector<std::string> expected;
  for (const sc2::MapFacts& facts : sc2::map_catalog()) expected.emplace_back(facts.name);
  CHECK(snapshot.available_maps == expected);
  REQUIRE_FALSE(snapshot.available_maps.empty());
  CHECK(snapshot.available_maps.front() == "MoveToBeacon");
  CHECK(snapshot.map == "MoveToBeacon");
  CHECK(snapshot.timestep->observation.map_name == "MoveToBeacon");
  session.stop();
}

TEST_CASE("with a map the session plays it and still publishes the game's list") {
  if (!have_sc2lite()) return;
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;
  options.env.map = "DefeatRoaches";
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; },
                   std::chrono::seconds(20)));
  const auto snapshot = session.snapshot();
  INFO(snapshot.error);
  REQUIRE(snapshot.state != SessionState::failed);
  CHECK(snapshot.map == "DefeatRoaches");
  CHECK(snapshot.timestep->observation.map_name == "DefeatRoaches");
  CHECK(snapshot.available_maps.size() == sc2::map_catalog().size());
  session.stop();
}

TEST_CASE("a map the game does not have fails the session naming it, with the list still published") {
  if (!have_sc2lite()) return;
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.env.map = "NoSuchMap";
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().state == SessionState::failed; }, std::chrono::seconds(20)));
  const auto snapshot = session.snapshot();
  CHECK(snapshot.error.find("NoSuchMap") != std::string::npos);
  CHECK_FALSE(snapshot.available_maps.empty());  // the error banner offers the first one instead
  session.stop();
}
