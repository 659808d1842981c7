#pragma once
// The unit type names a game reports (RequestData): a map file's own types, such as SMAC's
// Stalker_RL, are named only there.
#include <cstdint>
#include <map>
#include <string>

#include "client/controller.h"

namespace sc2 {

// Id -> name of every unit type the game names. Throws ControllerError when the game refuses.
std::map<std::uint32_t, std::string> fetch_unit_type_names(Controller& controller);

}  // namespace sc2
