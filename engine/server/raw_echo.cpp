#include "engine/server/raw_echo.h"

namespace sc2::engine {

std::optional<SC2APIProtocol::Action> raw_command_echo(const SC2APIProtocol::Action& action, std::uint32_t game_loop) {
  if (!action.has_action_raw()) return std::nullopt;
  const SC2APIProtocol::ActionRaw& raw = action.action_raw();
  if (!raw.has_unit_command() && !raw.has_toggle_autocast()) return std::nullopt;
  SC2APIProtocol::Action echo;
  *echo.mutable_action_raw() = raw;
  echo.set_game_loop(game_loop);
  return echo;
}

bool raw_only(const SC2APIProtocol::Action& action) {
  return action.has_action_raw() && !action.has_action_feature_layer() && !action.has_action_ui() &&
         !action.has_action_render() && !action.has_action_chat();
}

}  // namespace sc2::engine
