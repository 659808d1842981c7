// ask_game_pace (client/game_pace.h): an observer asks sc2lite what pace is in force and
// changes it when allowed; a game without the extension (a real one) reads as "not known",
// whether it answers an empty ResponseDebug or refuses the request; a dead server throws.
#include <doctest/doctest.h>

#include <future>
#include <memory>

#include "client/controller.h"
#include "client/game_pace.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "client/pysc2/game_requests.h"
#include "engine/server/engine_host.h"
#include "tests/client/engine_channel.h"

using sc2::GamePaceAsk;
using sc2::ask_game_pace;

namespace {

sc2::pysc2::EnvOptions beacon() {
  sc2::pysc2::EnvOptions options;
  options.map = "MoveToBeacon";
  options.seed = 3;
  return options;
}

}  // namespace

TEST_CASE("an observer asks sc2lite for the pace in force and paces the player's game") {
  sc2::engine::ServerOptions server;
  server.observer_control = true;
  server.pace.speed = 2;
  sc2::engine::EngineHost host("127.0.0.1", 0, server);
  host.start();
  sc2::Controller player("127.0.0.1", host.port());
  sc2::pysc2::Env env(player, beacon());
  env.reset();
  sc2::Controller observer("127.0.0.1", host.port());
  sc2::pysc2::join_as_observer(observer, beacon(), 1);

  const auto asked = ask_game_pace(observer);
  REQUIRE(asked);
  CHECK(asked->observers_may_pace);
  CHECK_FALSE(asked->you_control);
  CHECK(asked->speed == 2.0);
  CHECK_FALSE(asked->paused);

  GamePaceAsk pause;
  pause.paused = true;
  pause.speed = 0;
  const auto paused = ask_game_pace(observer, pause);
  REQUIRE(paused);
  CHECK(paused->you_control);
  CHECK(paused->paused);
  CHECK(paused->speed == 0);
  CHECK(paused->refused.empty());

  auto step = std::async(std::launch::async, [&] { return env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}}); });
  CHECK(step.wait_for(std::chrono::milliseconds(200)) == std::future_status::timeout);
  GamePaceAsk one;
  one.single_step = true;
  REQUIRE(ask_game_pace(observer, one));
  REQUIRE(step.wait_for(std::chrono::seconds(3)) == std::future_status::ready);
  CHECK(step.get()->observation.game_loop == 8);

  GamePaceAsk release;
  release.release = true;
  const auto released = ask_game_pace(observer, release);
  REQUIRE(released);
  CHECK_FALSE(released->you_control);
  CHECK(released->speed == 2.0);
  CHECK_FALSE(released->paused);
}

TEST_CASE("a game without the game_pace extension reads as not known, not as an error") {
  auto channel = std::make_unique<sc2::test::EngineChannel>();
  auto* tampered = channel.get();
  sc2::Controller controller(std::move(channel));
  sc2::pysc2::Env env(controller, beacon());
  env.reset();

  SUBCASE("an empty ResponseDebug, as a real game answers debug") {
    tampered->tamper = [](SC2APIProtocol::Response& response) {
      if (response.has_debug() || response.error_size() > 0) {
        response.clear_error();
        response.mutable_debug()->Clear();
      }
    };
    CHECK_FALSE(ask_game_pace(controller));
  }
  SUBCASE("a refusal (sc2lite refuses game_pace from the player's connection)") {
    CHECK_FALSE(ask_game_pace(controller));
  }
  // The connection is still in step.
  CHECK(controller.ping().base_build() > 0);
}

TEST_CASE("asking a server that went away throws") {
  auto host = std::make_unique<sc2::engine::EngineHost>("127.0.0.1", 0);
  host->start();
  sc2::ControllerOptions options;
  options.call_timeout = std::chrono::milliseconds(2000);
  sc2::Controller controller("127.0.0.1", host->port(), options);
  host.reset();
  CHECK_THROWS_AS(ask_game_pace(controller), sc2::ControllerError);
}
