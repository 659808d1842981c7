#pragma once
// Ground units walking to a goal along the pathing grid: straight when the line is clear
// (checked once per goal and grid version), otherwise along a cached A* route; re-planned
// when the goal moves by more than a cell or a structure appears / disappears. A step
// never takes a unit's centre from a pathable cell into an unpathable one (it slides along
// the wall instead). Air units and maps without obstacles walk straight, as step_towards.
#include "engine/sim/unit.h"

namespace sc2::engine {

class World;
class PathingGrid;

// One loop towards `goal`, stopping `stop_distance` short of it (step_towards semantics).
// Returns true when the unit is within `stop_distance` of the goal after the step. A unit
// with an acceleration speeds up from rest and slows down to stop at the goal.
bool move_towards(World& world, Unit& unit, Vec2 goal, float stop_distance);

// True when the goal of the unit's route is unreachable (inside a structure, behind a
// wall) and the unit stands at the nearest reachable point: a move order is over.
bool stopped_short(const Unit& unit);

// step_towards (a step of at most `step`) that refuses to enter unpathable cells: it slides
// along one axis, or stays.
bool step_on_grid(const PathingGrid& grid, Unit& unit, Vec2 goal, float stop_distance, float step);

}  // namespace sc2::engine
