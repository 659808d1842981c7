#pragma once
// What one unit does in one game loop: weapon cooldown, its current order (move, attack a
// unit, attack-move, patrol), hold position, and acquiring targets when idle.
#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

// Target acquisition follows the game: units moving with a plain move order ignore
// enemies; idle, attack-moving and patrolling units pick targets within sight range and
// chase them; units holding position only fire at targets within weapon range.
// Neighbours come from World::units_near (valid during World::advance only).
void run_unit(World& world, Unit& unit);

}  // namespace sc2::engine
