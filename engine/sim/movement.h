#pragma once
// Movement: straight-line steps at the unit's speed (routes around walls and structures:
// path_following.h; pushing overlapping units apart: separation.h).
#include "engine/sim/unit.h"

namespace sc2::engine {

// Turns the unit towards `towards` (no change when already there).
void face_towards(Unit& unit, Vec2 towards);

// Walks one loop towards `goal`, stopping `stop_distance` short of it. Returns true when
// the unit is within `stop_distance` (+ a hair) after the step. With stop_distance 0 the
// unit lands exactly on the goal when it is within one step.
bool step_towards(Unit& unit, Vec2 goal, float stop_distance);
// The same with a step of at most `step` world units (an accelerating unit's speed now).
bool step_towards(Unit& unit, Vec2 goal, float stop_distance, float step);

}  // namespace sc2::engine
