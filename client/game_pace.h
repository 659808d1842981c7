#pragma once
// The pace of an observed game, through sc2lite's game_pace extension (a RequestDebug command
// numbered far from the real ones; proto/README.md). An observer asks what pace is in force
// and, when the server lets observers pace the game (sc2lite --observer_control), changes it:
// speed, pause, single step, or gives control back. A real game does not know the extension:
// it answers without it (or refuses the debug request), which reads as "not known" here.
// Plain types only: the app reads them without naming a protobuf message.
#include <optional>
#include <string>

namespace sc2 {

class Controller;

struct GamePaceAsk {
  std::optional<double> speed;  // multiple of real time; 0 = as fast as the player steps
  std::optional<bool> paused;
  bool single_step = false;  // paused: let the player's next step through
  bool release = false;      // give control back (the server's own pace returns, running)
};

struct GamePaceState {
  bool observers_may_pace = false;  // the server lets observers pace the game
  bool you_control = false;         // this connection's controls pace the game
  bool other_controls = false;      // another observer paces it (it keeps control)
  double speed = 0;                 // the pace in force; 0 = as fast as the player steps
  bool paused = false;
  double loops_per_second = 0;  // the player's real rate, as the server measures it
  std::string refused;          // why the ask changed nothing; empty when it did (or only asked)
};

// Sends the ask (nothing set: only asks what is in force). Nothing when the game does not know
// the extension or refuses the request. Throws ControllerError only when the connection fails.
std::optional<GamePaceState> ask_game_pace(Controller& controller, const GamePaceAsk& ask = {});

}  // namespace sc2
