#pragma once
// What the UI says about the game's pace. Pause, single step and the speed control pace the
// game when this session steps it (play, replay). While observing, the player's client steps
// the game and paces it: the same controls are then the view's own (pause freezes the view, the
// game goes on), and only the rate measured from the observations tells how fast the game runs
// (an observer at ~60 polls a second sees a game at thousands of loops a second). Which case
// holds is SessionSnapshot::paces_game, not the mode, so an observer that the game lets pace it
// (issue 20) gets the words of a session that paces its game.
#include <cstdio>
#include <string>

#include "app/session/session_snapshot.h"

namespace sc2::app::ui {

// A top bar item: a dim caption, a value and what hovering it explains.
struct BarItem {
  std::string caption;
  std::string value;
  std::string tooltip;
};

// A rate of game loops per second and what it is in real time (22.4 loops a second):
// "22.4 (1.00x)", "3512 (157x)".
inline std::string loop_rate_text(double loops_per_second) {
  const double times = loops_per_second / kGameLoopsPerSecond;
  const char* format = loops_per_second < 100.0 ? "%.1f (%.2fx)" : (times < 10.0 ? "%.0f (%.1fx)" : "%.0f (%.0fx)");
  char text[64];
  std::snprintf(text, sizeof text, format, loops_per_second, times);
  return text;
}

// The game's rate as measured from the observations' game loop over wall time (app/ui/loop_rate.h).
// A paused game advances no loops; a paused view of a game paced elsewhere sees nothing, so
// the rate is then unknown.
inline BarItem game_rate_item(double loops_per_second, bool paces_game, bool paused) {
  if (paused && !paces_game) {
    return {"game loops/s", "-", "This view is paused: it gets no observations, and the game goes on at its own pace."};
  }
  if (paused) return {"loops/s", loop_rate_text(0.0), "The game is paused."};
  if (!paces_game) {
    return {"game loops/s", loop_rate_text(loops_per_second),
            "The observed game's rate: game loops advanced per second of wall time (22.4 = real time), measured from "
            "the observations. The player's client sets it."};
  }
  return {"loops/s", loop_rate_text(loops_per_second),
          "Game loops advanced per second of wall time (22.4 = real time), measured from the observations."};
}

// The speed control's setting: the game's pace when it paces the game ("speed 1.00x",
// "speed fastest", "PAUSED" with no caption), else the view's own ("view live", "view paused").
inline BarItem speed_item(bool paces_game, bool paused, bool fastest, double factor) {
  if (!paces_game) {
    return {"view", paused ? "paused" : "live",
            "The player's client paces the game; this view shows each observation it gets. Pause and Step act on "
            "this view only."};
  }
  if (paused) return {"", "PAUSED", "The game waits: Space resumes, Step takes one step."};
  if (fastest) return {"speed", "fastest", "As fast as the game answers."};
  char value[32];
  std::snprintf(value, sizeof value, "%.2fx", factor);
  return {"speed", value, "Times real time (22.4 game loops a second)."};
}

// The pause button of the Game panel.
inline const char* pause_label(bool paces_game, bool paused) {
  if (!paces_game) return paused ? "Resume view" : "Pause view";
  return paused ? "Resume" : "Pause";
}

// Said over the World view while paused.
inline const char* paused_banner(bool paces_game) {
  return paces_game ? "PAUSED (Space)" : "VIEW PAUSED (Space): the game goes on";
}

// Said where the speed control would be when it does not pace the game; "" when it does.
inline std::string pace_note(bool paces_game) {
  if (paces_game) return {};
  return "The player's client paces the game (its rate: game loops/s in the top bar). Pause and Step act on this "
         "view only; the speed does not apply.";
}

// Observing a game whose server tells its own pace (sc2lite, SessionSnapshot::observed_pace):
// the player's rate as the server measures it (every step, seen or not, and while this view is
// paused), and the pace the server holds the player to.
inline BarItem observed_rate_item(const ObservedGamePace& pace) {
  return {"game loops/s", loop_rate_text(pace.loops_per_second),
          "The player's game loops per second of wall time (22.4 = real time), as its server measures them."};
}

inline BarItem observed_pace_item(const ObservedGamePace& pace) {
  std::string value = "max";
  if (pace.paused) {
    value = "paused";
  } else if (pace.speed > 0) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", pace.speed);
    value = text;
  }
  const char* who = pace.you_control     ? "You set it (Pause, Step, the speed control)."
                    : pace.other_controls ? "Another observer sets it."
                                          : "The server's own (sc2lite --speed; max = as fast as the player steps).";
  return {"game pace", value, std::string("The pace the game holds the player's steps to. ") + who};
}

// Under the controls while observing: whether they pace the player's game and, when they pace
// only the view, why (the server's reason). "" outside observe mode.
inline std::string observed_pace_note(const SessionSnapshot& snapshot) {
  if (snapshot.mode != SessionMode::observe) return {};
  const ObservedGamePace& pace = snapshot.observed_pace;
  if (!snapshot.paces_game) return pace.note.empty() ? pace_note(false) : pace_note(false) + "\n" + pace.note;
  std::string text = pace.you_control
                         ? "Your controls pace the player's game (sc2lite --observer_control)."
                         : "Your first change of the controls paces the player's game (sc2lite --observer_control); "
                           "until then it keeps its own pace.";
  return pace.note.empty() ? text : text + "\n" + pace.note;
}

}  // namespace sc2::app::ui
