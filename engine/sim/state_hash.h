#pragma once
// A fingerprint of the simulation state: FNV-1a (64 bit) over the exact bytes of the game
// loop and, for every live unit in slot order, its tag, type, owner, position, health,
// weapon cooldown, hold flag and orders. Golden values in tests catch any unintended
// change of the simulation.
#include <cstdint>

namespace sc2::engine {

class World;

std::uint64_t state_hash(const World& world);

}  // namespace sc2::engine
