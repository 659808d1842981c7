#pragma once
// sc2studio --action_log FILE: on exit, the session's log as JSON (every FunctionCall sent or
// refused with its result, the episodes, the recording, the session's state, how many
// observations were published and decoded, the watched agent's last policy) and the own units
// of the first and last observation shown, so a scripted run can be checked afterwards.
#include <string>

#include <nlohmann/json.hpp>

#include "app/session/session.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

// The game loop, score, own units and enemy units (tag, type, position, health, shield,
// energy) of a TimeStep.
nlohmann::json own_units(const pysc2::TimeStep& timestep);

// Writes the file; an error text, empty on success.
std::string write_action_log(const std::string& file, const Session& session, const nlohmann::json& first,
                             const nlohmann::json& last);

}  // namespace sc2::app
