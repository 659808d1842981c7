#pragma once
// What one unit does in one game loop: weapon cooldown, its current order (move, attack a
// unit, attack-move, patrol), hold position, and acquiring targets when idle.
#include <span>

#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

// Target acquisition follows the game: units moving with a plain move order ignore
// enemies; idle, attack-moving and patrolling units pick targets within their scan range
// (combat.h: acquire_range) and chase them, idle ones within a leash of where they began;
// units holding position only fire at targets within weapon range.
// Neighbours come from World::units_near (valid during World::advance only).
void run_unit(World& world, Unit& unit);

// The game's call for help: each unit hit this loop (Unit::help_wanted_against), at most once a
// period, brings its owner's idle units within a few cells (edge to edge) onto its attacker,
// wherever the attacker stands. Runs once a loop after every unit has acted.
void answer_calls_for_help(World& world, std::span<Unit* const> units);

}  // namespace sc2::engine
