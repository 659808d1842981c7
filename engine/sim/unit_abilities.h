#pragma once
// What a unit can do right now, as the game lists it in Observation.abilities: its type's
// specific abilities filtered by its state (Return only with a load, Cancel only with
// something to cancel, a structure under construction only cancels, Barracks needs a
// finished Supply Depot) and by the map's command card for its type (World::restrict_abilities).
#include <cstdint>
#include <vector>

#include "engine/sim/unit.h"

namespace sc2::engine {

class World;
class SupplyCount;

// The abilities of the unit's type that its map's command card keeps, whatever the unit's state
// (a command for one of them that the state refuses names the reason; for any other, Error).
std::vector<std::uint32_t> card_abilities(const World& world, const Unit& unit);

// `affordable_only`: also drop Build/Train abilities the player cannot pay for now (the
// game leaves them out of the observation's list; commands still get NotEnoughMinerals).
// `supply` (the unit owner's, economy.h): counted once for several units of one observation.
std::vector<std::uint32_t> available_abilities(const World& world, const Unit& unit, bool affordable_only,
                                               SupplyCount* supply = nullptr);

}  // namespace sc2::engine
