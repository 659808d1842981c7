#pragma once
// Movement: straight-line steps at the unit's speed, and separation so that solid units
// never stack (routes around walls and structures: path_following.h).
#include <span>

#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

// Turns the unit towards `towards` (no change when already there).
void face_towards(Unit& unit, Vec2 towards);

// Walks one loop towards `goal`, stopping `stop_distance` short of it. Returns true when
// the unit is within `stop_distance` (+ a hair) after the step. With stop_distance 0 the
// unit lands exactly on the goal when it is within one step.
bool step_towards(Unit& unit, Vec2 goal, float stop_distance);

// Pushes overlapping solid units apart (a few passes, deterministic order). Units holding
// position do not yield; everyone else shares the overlap equally. Keeps units inside
// the playable area.
void separate_units(const World& world, std::span<Unit* const> units);

}  // namespace sc2::engine
