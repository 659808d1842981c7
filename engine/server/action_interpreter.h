#pragma once
// Applies one SC2APIProtocol::Action of the agent player to a running game: feature-layer
// (spatial) actions, the UI actions we support, and raw unit commands / camera moves.
// Never throws on bad input: failures come back as an ActionResult and are recorded in
// game.action_errors; successful spatial/UI actions are recorded in game.echoed_actions.
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "s2clientprotocol/error.pb.h"

namespace sc2::engine {

SC2APIProtocol::ActionResult apply_action(Game& game, const InterfaceSetup& iface,
                                          const SC2APIProtocol::Action& action);

}  // namespace sc2::engine
