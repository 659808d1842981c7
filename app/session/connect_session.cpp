// Session, observe mode (sc2studio --connect HOST:PORT): joins the game running on another
// server as observer of player 1 (or SessionOptions::connect_player, --observe_player: a melee
// game's player 2, its side and fog) and shows it as it advances, whoever drives it. Nothing is
// sent to the game but observation requests and, to a server that lets observers pace the
// game (sc2lite --observer_control), the person's pace (ObservedPace): then the speed, Pause
// and single step pace the player's game; otherwise pausing stops only the view's polling.
// The player restarting is a new episode; the player leaving or starting another game makes
// the session wait and join the next one; a server that goes away fails the session.
#include <chrono>
#include <memory>
#include <stdexcept>

#include "app/session/observed_pace.h"
#include "app/session/session.h"
#include "client/controller.h"
#include "client/pysc2/game_requests.h"
#include "client/pysc2/observed_steps.h"

namespace sc2::app {

namespace {

constexpr auto kConnectTimeout = std::chrono::milliseconds(3000);
constexpr auto kCallTimeout = std::chrono::milliseconds(10000);
constexpr auto kPollInterval = std::chrono::milliseconds(15);
constexpr auto kRejoinInterval = std::chrono::milliseconds(500);

}  // namespace

void Session::run_observer() {
  const std::string address = options_.connect_host + ":" + std::to_string(options_.connect_port);
  set_status("connecting to " + address);
  ControllerOptions controller_options;
  controller_options.connect_timeout = kConnectTimeout;
  controller_options.call_timeout = kCallTimeout;
  std::unique_ptr<sc2::Controller> controller;
  try {
    controller = std::make_unique<sc2::Controller>(options_.connect_host, options_.connect_port, controller_options);
  } catch (const std::exception& error) {
    throw std::runtime_error("--connect " + address + ": cannot reach a game server there: " + error.what());
  }
  // A failed request either means "no game to observe (yet)" or a dead server; ping tells.
  const auto check_alive = [&] {
    try {
      controller->ping();
    } catch (const std::exception& error) {
      throw std::runtime_error("lost the connection to " + address + ": " + error.what());
    }
  };

  pysc2::ObservedSteps steps(pysc2::viewer_observation_spec(options_.env));
  ObservedPace pace;
  const auto show_pace = [&] {
    std::lock_guard lock(mutex_);
    snapshot_.observed_pace = pace.shown();
    snapshot_.paces_game = pace.paces_game();  // the controls' words: the game's, not the view's
  };

  const std::string watched = "player " + std::to_string(options_.connect_player);
  bool joined = false;
  while (!pacer_.stop_requested()) {
    if (!joined) {
      try {
        pysc2::join_as_observer(*controller, options_.env, options_.connect_player);
        steps.set_game_info(controller->game_info());
        steps.restart();
        joined = true;
        if (const auto paused = pace.joined(*controller)) pacer_.set_paused(*paused);
        show_pace();
        notice("observing " + watched + " on " + address + " (read only)");
        set_status("observing " + watched + " on " + address);
      } catch (const ControllerError& error) {
        check_alive();
        set_status("waiting for a game to observe on " + address + ": " + error.what());
        pacer_.sleep_for(kRejoinInterval);
        continue;
      }
    }
    if (pace.paces_game()) {
      if (!pacer_.sleep_for(kPollInterval)) break;  // paused or not, the view keeps looking
    } else if (!wait_for_step(StepPacer::Clock::now() + kPollInterval)) {
      break;
    }
    // The player drives the game, not us: nothing asked of the game thread applies but the pace.
    const StepPacer::Turn turn = pacer_.take_turn();
    try {
      pace.update(*controller, {pacer_.speed(), turn.paused}, turn.step);
    } catch (const ControllerError&) {
      check_alive();
    }
    show_pace();
    if (requests_.take().save_replay) {
      notice("an observer cannot save the replay: the player's client can (RequestSaveReplay)");
    }
    std::shared_ptr<const pysc2::TimeStep> timestep;
    try {
      auto response = controller->observe();
      if (!steps.is_new(response)) continue;  // the player has not stepped since
      timestep = steps.next(std::move(response));
    } catch (const ControllerError& error) {
      check_alive();
      notice(std::string("the observed game is gone (") + error.what() + "); waiting for the next one");
      joined = false;
      continue;
    }
    log_seen_calls(timestep->observation, "seen (the player's call)");
    publish(std::move(timestep), steps.episode(), steps.episode_steps(), std::nullopt);
    std::lock_guard lock(mutex_);
    snapshot_.state = SessionState::running;
  }
  set_status("leaving " + address);
  try {
    controller->leave_game();
  } catch (const std::exception&) {
    // The server may be gone already; the connection closes with the Controller.
  }
}

}  // namespace sc2::app
