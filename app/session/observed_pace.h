#pragma once
// ObservedPace: observe mode's link between the person's pace controls (speed slider, Pause,
// single step, max) and the observed game's own pace (client/game_pace.h, sc2lite's
// extension). When the server lets observers pace the game (sc2lite --observer_control) the
// controls pace the player's game: each change is sent, and the first one takes control.
// Otherwise (a real game, an sc2lite without the flag, another observer in control) they
// freeze only the view, and what is shown says why. Game thread only.
#include <chrono>
#include <optional>

#include "app/session/session_snapshot.h"
#include "client/game_pace.h"

namespace sc2 {
class Controller;
}

namespace sc2::app {

class ObservedPace {
 public:
  // How often the pace in force (and the game's rate) is asked for when nothing changes.
  static constexpr std::chrono::milliseconds kRefresh{500};

  struct Wish {
    double speed = 0;  // multiple of real time; <= 0 = as fast as the player steps
    bool paused = false;
    bool operator==(const Wish&) const = default;
  };

  // After each join: asks once what is in force (a real game is asked nothing more). Returns
  // the pause the person's controls should start from when they pace the game (the game may
  // be paused already: sc2lite --pause_on_start).
  std::optional<bool> joined(sc2::Controller& controller);
  // Each turn: the person's wish now and whether a single step was asked for. A change is
  // sent when the controls pace the game; the state is asked again every kRefresh. Throws
  // ControllerError only when the connection fails.
  void update(sc2::Controller& controller, Wish wish, bool single_step);
  // The controls pace the game (or will with their first change): pausing must not stop the
  // view from looking, or the single steps it asks for would not show.
  bool paces_game() const;
  ObservedGamePace shown() const;

 private:
  bool asked_ = false;
  std::optional<GamePaceState> state_;  // nothing: the game does not know game_pace
  std::optional<Wish> last_wish_;       // what the controls said when last looked at
  std::chrono::steady_clock::time_point last_asked_{};
};

}  // namespace sc2::app
