// app/ui/pace_text.h: the top bar shows the game's measured rate, and says whose the speed
// control is: the game's when this session paces it, the view's own when an observed player's
// client does.
#include <doctest/doctest.h>

#include <string>

#include "app/ui/pace_text.h"

namespace {

using namespace sc2::app::ui;

}  // namespace

TEST_CASE("loop rate text: loops per second and times real time") {
  CHECK(loop_rate_text(22.4) == "22.4 (1.00x)");
  CHECK(loop_rate_text(0.0) == "0.0 (0.00x)");
  CHECK(loop_rate_text(179.2) == "179 (8.0x)");
  CHECK(loop_rate_text(3512.0) == "3512 (157x)");  // the observed PySC2 agent
}

TEST_CASE("top bar while observing: the observed game's rate, the speed control labelled as the view's") {
  // The player ran at ~3,500 loops/s while the top bar said "speed 1.00x".
  const BarItem rate = game_rate_item(3512.0, /*paces_game=*/false, /*paused=*/false);
  CHECK(rate.caption == "game loops/s");
  CHECK(rate.value == "3512 (157x)");
  const BarItem speed = speed_item(false, false, false, 1.0);
  CHECK(speed.caption == "view");
  CHECK(speed.value == "live");
  CHECK(speed.value.find("1.00x") == std::string::npos);
  CHECK(speed.tooltip.find("paces the game") != std::string::npos);
  // A paused view gets no observations: the game's rate is unknown, not 0 (the game goes on).
  CHECK(game_rate_item(3512.0, false, true).value == "-");
  CHECK(speed_item(false, true, false, 1.0).value == "paused");
  CHECK(std::string(pause_label(false, false)) == "Pause view");
  CHECK(std::string(pause_label(false, true)) == "Resume view");
  CHECK(std::string(paused_banner(false)).find("the game goes on") != std::string::npos);
  CHECK(pace_note(false).find("this view only") != std::string::npos);
}

TEST_CASE("top bar when the session paces the game (play, replay, an observer allowed to pace): the speed set") {
  CHECK(speed_item(true, false, false, 1.0).caption == "speed");
  CHECK(speed_item(true, false, false, 1.0).value == "1.00x");
  CHECK(speed_item(true, false, false, 4.0).value == "4.00x");
  CHECK(speed_item(true, false, false, 0.25).value == "0.25x");
  CHECK(speed_item(true, false, true, 1.0).value == "fastest");
  CHECK(speed_item(true, true, false, 1.0).value == "PAUSED");
  CHECK(game_rate_item(22.4, true, false).caption == "loops/s");
  CHECK(game_rate_item(22.4, true, false).value == "22.4 (1.00x)");
  CHECK(game_rate_item(22.4, true, true).value == "0.0 (0.00x)");  // a paused game advances no loops
  CHECK(std::string(pause_label(true, false)) == "Pause");
  CHECK(std::string(pause_label(true, true)) == "Resume");
  CHECK(std::string(paused_banner(true)) == "PAUSED (Space)");
  CHECK(pace_note(true).empty());
}

TEST_CASE("observing sc2lite: the top bar shows the game's own rate and the pace in force, and who sets it") {
  sc2::app::ObservedGamePace pace;
  pace.known = true;
  pace.loops_per_second = 22.4;
  CHECK(observed_rate_item(pace).caption == "game loops/s");
  CHECK(observed_rate_item(pace).value == "22.4 (1.00x)");
  auto item = observed_pace_item(pace);
  CHECK(item.caption == "game pace");
  CHECK(item.value == "max");
  CHECK(item.tooltip.find("--speed") != std::string::npos);
  pace.speed = 0.5;
  pace.you_control = true;
  item = observed_pace_item(pace);
  CHECK(item.value == "0.50x");
  CHECK(item.tooltip.find("You set it") != std::string::npos);
  pace.paused = true;
  pace.you_control = false;
  pace.other_controls = true;
  item = observed_pace_item(pace);
  CHECK(item.value == "paused");
  CHECK(item.tooltip.find("Another observer") != std::string::npos);
}

TEST_CASE("observing: the note under the controls says whether they pace the player's game, and why not") {
  sc2::app::SessionSnapshot snapshot;
  CHECK(observed_pace_note(snapshot).empty());  // play mode
  snapshot.mode = sc2::app::SessionMode::observe;
  snapshot.paces_game = false;
  CHECK(observed_pace_note(snapshot) == pace_note(false));  // nothing known yet
  snapshot.observed_pace.note = "This sc2lite does not let observers pace the game: start it with --observer_control.";
  CHECK(observed_pace_note(snapshot) == pace_note(false) + "\n" + snapshot.observed_pace.note);

  snapshot.paces_game = true;
  snapshot.observed_pace = {};
  snapshot.observed_pace.known = true;
  snapshot.observed_pace.may_pace = true;
  CHECK(observed_pace_note(snapshot).find("Your first change") == 0);
  snapshot.observed_pace.you_control = true;
  CHECK(observed_pace_note(snapshot) == "Your controls pace the player's game (sc2lite --observer_control).");
}
