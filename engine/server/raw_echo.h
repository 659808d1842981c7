#pragma once
// Raw unit commands echoed to observers. The real game echoes a player's raw actions in its
// own ResponseObservation.actions, but PySC2 raises on an entry with only action_raw when it
// plays through feature layers, so sc2lite keeps them from the player and shows them only to
// observers that asked for the raw interface (sc2studio --connect watching SMAC's agents).
#include <cstdint>
#include <optional>

#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

// An Action holding only `action`'s raw unit commands and autocast toggles, stamped with
// `game_loop`; nullopt when it has none.
std::optional<SC2APIProtocol::Action> raw_command_echo(const SC2APIProtocol::Action& action, std::uint32_t game_loop);

// True for an echo holding nothing an observer without the raw interface could read.
bool raw_only(const SC2APIProtocol::Action& action);

}  // namespace sc2::engine
