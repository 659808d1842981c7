#pragma once
// Where a unit a script creates stands (UnitCreate, CreateUnitsWithDefaultFacing; the reference
// scripts use create style 0, the game's normal placement). Facts: the game moves a created unit
// off an occupied point to a free spot nearby (spec §3.2: units created on one point spread
// around it); the exact search is not in the files, so ours (inferred):
// * a structure or resource stands on its footprint's grid (construction.h snap_to_grid), where
//   asked, whatever is there (the editor's placed minerals carry ForcePlacement);
// * a unit without life (a beacon, a mineral shard) stands exactly where asked, on the map;
// * any other unit at the nearest spot to the point, in rings 0.125 apart up to 8 away, where
//   its disc overlaps no other solid unit and its centre is on pathable ground in the playable
//   area; exactly where asked when that spot is free (a line of Marines 1 apart stays a line);
//   where asked (kept in the playable area) when no ring has room, or when the search has used
//   its budget of checks (a script piling thousands of units on one point: the simulation's
//   separation spreads them instead).
// A unit placed in the editor (Objects) stands where it was placed, with no search: the editor
// saved the spot, and a map may place many units close together (the separation spreads
// overlapping ones); a structure or resource on its footprint's grid, any other unit kept on
// the map (a solid one in the playable area).
#include <cstdint>

#include "engine/sim/world.h"

namespace sc2::engine::scripted {

// `checks_left`: unit-against-spot checks the search may still make (the caller's budget,
// shared by the units of one call); decreased by those it made.
Vec2 placement_spot(const World& world, const UnitTypeStats& type, Vec2 at, std::int64_t& checks_left);

// Where a placed object's unit stands (no search: constant time whatever the map holds).
Vec2 placed_spot(const World& world, const UnitTypeStats& type, Vec2 at);

// `p` kept on the map's rectangle (a script may name any point a fixed number can hold).
Vec2 on_map(const World& world, Vec2 p);

}  // namespace sc2::engine::scripted
