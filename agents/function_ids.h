#pragma once
// Function ids looked up by PySC2 name in the actions table, so agents say what they
// mean ("Move_screen") instead of carrying bare numbers.
#include <string_view>

namespace sc2::agents {

// The id of the PySC2 function `name`; throws std::logic_error when the table lacks it.
int function_id(std::string_view name);

// PySC2 player_relative values (= raw Alliance).
inline constexpr int kPlayerSelf = 1;
inline constexpr int kPlayerNeutral = 3;

// Enum argument indices used by the scripted agents.
inline constexpr int kQueuedNow = 0;          // queued: now
inline constexpr int kSelectAddSelect = 0;    // select_add: replace the selection
inline constexpr int kSelectPointSelect = 0;  // select_point_act: select

}  // namespace sc2::agents
