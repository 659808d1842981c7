// ObservedPace (app/observed_pace.h) against a real sc2lite: the person's controls pace the
// player's game only when the server allows it, the first change takes control, and what
// the UI is shown says why the controls pause only the view otherwise.
#include <doctest/doctest.h>

#include <chrono>
#include <future>

#include "app/session/observed_pace.h"
#include "client/controller.h"
#include "client/launcher.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "client/pysc2/game_requests.h"
#include "tests/app/gui_test_support.h"

using sc2::app::ObservedPace;
using namespace std::chrono_literals;

namespace {

struct Watched {
  explicit Watched(std::vector<std::string> flags) {
    sc2::LaunchOptions launch;
    launch.sc2lite_dir = sc2::test::kBinDir;
    launch.extra_args = std::move(flags);
    game = sc2::GameProcess::launch(launch);
    options.map = "MoveToBeacon";
    options.seed = 2;
    env = std::make_unique<sc2::pysc2::Env>(game->controller(), options);
    env->reset();
    observer = std::make_unique<sc2::Controller>("127.0.0.1", game->port());
    sc2::pysc2::join_as_observer(*observer, options, 1);
  }
  std::future<std::uint32_t> step() {
    return std::async(std::launch::async, [this] {
      return env->step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}})->observation.game_loop;
    });
  }

  sc2::pysc2::EnvOptions options;
  std::unique_ptr<sc2::GameProcess> game;
  std::unique_ptr<sc2::pysc2::Env> env;
  std::unique_ptr<sc2::Controller> observer;
};

}  // namespace

TEST_CASE("with --observer_control the person's first change takes control and paces the game") {
  if (!sc2::test::have_programs()) return;
  Watched watched({"--observer_control", "--pause_on_start"});
  ObservedPace pace;
  CHECK(pace.shown().note.empty());
  const auto start_paused = pace.joined(*watched.observer);
  REQUIRE(start_paused);
  CHECK(*start_paused);  // the controls start from the game's pause
  CHECK(pace.paces_game());
  CHECK(pace.shown().known);
  CHECK(pace.shown().may_pace);
  CHECK_FALSE(pace.shown().you_control);

  // The first look sends nothing: the game stays held.
  pace.update(*watched.observer, {1.0, true}, false);
  CHECK_FALSE(pace.shown().you_control);
  auto step = watched.step();
  CHECK(step.wait_for(200ms) == std::future_status::timeout);

  // A single step is a change: control is taken, one step goes through.
  pace.update(*watched.observer, {1.0, true}, true);
  CHECK(pace.shown().you_control);
  CHECK(pace.shown().paused);
  CHECK(pace.shown().speed == 1.0);
  REQUIRE(step.wait_for(3s) == std::future_status::ready);
  CHECK(step.get() == 8);

  // Resumed at max: the player runs free.
  pace.update(*watched.observer, {0.0, false}, false);
  CHECK_FALSE(pace.shown().paused);
  CHECK(pace.shown().speed == 0);
  auto free = watched.step();
  REQUIRE(free.wait_for(3s) == std::future_status::ready);
  CHECK(free.get() == 16);
  CHECK(pace.shown().note.empty());
}

TEST_CASE("without --observer_control nothing is sent and the controls say they pause only the view") {
  if (!sc2::test::have_programs()) return;
  Watched watched({});
  ObservedPace pace;
  CHECK_FALSE(pace.joined(*watched.observer));
  CHECK_FALSE(pace.paces_game());
  pace.update(*watched.observer, {1.0, false}, false);
  pace.update(*watched.observer, {1.0, true}, true);  // a change: not sent
  CHECK(pace.shown().known);
  CHECK_FALSE(pace.shown().may_pace);
  CHECK_FALSE(pace.shown().paused);
  CHECK(pace.shown().note.find("--observer_control") != std::string::npos);
  auto step = watched.step();
  REQUIRE(step.wait_for(3s) == std::future_status::ready);  // not held
  CHECK(step.get() == 8);
}
