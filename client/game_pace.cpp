#include "client/game_pace.h"

#include "client/controller.h"

namespace sc2 {

std::optional<GamePaceState> ask_game_pace(Controller& controller, const GamePaceAsk& ask) {
  SC2APIProtocol::Request request;
  auto* pace = request.mutable_debug()->add_debug()->mutable_game_pace();
  if (ask.speed) pace->set_speed(static_cast<float>(*ask.speed));
  if (ask.paused) pace->set_paused(*ask.paused);
  if (ask.single_step) pace->set_single_step(true);
  if (ask.release) pace->set_release(true);
  SC2APIProtocol::Response response;
  try {
    response = controller.call(std::move(request));
  } catch (const ControllerError&) {
    // Refused (a real game, or a status where debug is not taken) or the connection failed:
    // a ping tells them apart, and throws for the second.
    controller.ping();
    return std::nullopt;
  }
  if (!response.debug().has_game_pace()) return std::nullopt;  // a game without the extension
  const auto& in_force = response.debug().game_pace();
  GamePaceState state;
  state.observers_may_pace = in_force.observers_may_pace();
  state.you_control = in_force.you_control();
  state.other_controls = in_force.other_controls();
  state.speed = in_force.speed();
  state.paused = in_force.paused();
  state.loops_per_second = in_force.loops_per_second();
  state.refused = in_force.refused();
  return state;
}

}  // namespace sc2
