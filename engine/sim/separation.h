#pragma once
// Separation: overlapping solid units are pushed apart so that they never stack.
//
// Candidate pairs come from a fine grid of cells (1 world unit, about a Marine's
// diameter) over the units' discs, rebuilt for every pass: each disc is entered in every
// cell its bounding box touches and a pair is looked at only in the first cell the two
// share, so each pair once and only pairs that can touch. The cost grows with the number
// of units and their close neighbours, not with how many share a strip of the map (the
// x-sweep this replaced checked a whole crowd when ~160 Marines gathered by a Barracks).
#include <span>

#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

// Pushes overlapping solid units apart (a few passes, deterministic order: cells row by
// row, pairs in slot order within a cell). Units holding position do not yield; structures
// and resources never move; everyone else shares the overlap equally. Workers on a
// harvest trip pass through other mobile units. A push keeps units inside the playable
// area and never takes a ground unit's centre from a pathable cell into an unpathable one.
void separate_units(const World& world, std::span<Unit* const> units);

}  // namespace sc2::engine
