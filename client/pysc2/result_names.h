#pragma once
// Names of the SC2 API's ActionResult and Alert values (error.proto, sc2api.proto), for logs:
// Observation.action_result and Observation.alerts hold the plain values.
#include <string>

namespace sc2::pysc2 {

inline constexpr int kActionSuccess = 1;  // ActionResult Success

// "NotEnoughMinerals", ...; "ActionResult N" for a value the protocol does not know.
std::string action_result_name(int value);
// "MergeComplete", ...; the number for a value the protocol does not know.
std::string alert_name(int value);

}  // namespace sc2::pysc2
