#pragma once
// What observers (observer connections, replay viewers) see and how they move their own
// camera, without disturbing the player's view of the same game.
#include <optional>
#include <string>

#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/sim/vec2.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

// Builds an observation of the game as player `iface.player` sees it (its units, fog,
// selection): `camera` (when set) replaces that player's camera for this one observation,
// and unless `consume` the player's pending echoed actions, action errors, dead units and
// alerts stay for the player's own next observation.
void observe_game(Game& game, const InterfaceSetup& iface, const std::optional<Vec2>& camera, bool consume,
                  SC2APIProtocol::ResponseObservation* out);

// Applies ObserverActions to an observer's camera (nullopt = follow the observed player's,
// iface.player's, camera). camera_move sets it (world coordinates, relative to the playable
// area when the observer's raw_crop_to_playable_area is on), camera_follow_player of the
// observed player (or 0) returns to following; player_perspective of the observed player
// (or 0) and camera_follow_units are accepted and change nothing. Returns
// an error text for actions it cannot honour (empty = all fine).
std::string apply_observer_actions(const Game& game, const InterfaceSetup& iface,
                                   const SC2APIProtocol::RequestObserverAction& request,
                                   std::optional<Vec2>& camera);

}  // namespace sc2::engine
