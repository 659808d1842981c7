#pragma once
// How the game's objects look to a script (galaxy::Handle, 64 bits, 0 = null): a unit is its
// API tag (engine/sim/unit_id.h: index << 18 | generation, below 2^50), a unit group or a region
// its number in the game's table with a kind bit above every tag.
#include <cstdint>
#include <optional>

#include "engine/galaxy/value.h"
#include "engine/sim/unit_id.h"

namespace sc2::engine::scripted {

inline constexpr galaxy::Handle kGroupBit = 1ull << 62;
inline constexpr galaxy::Handle kRegionBit = 1ull << 61;
inline constexpr galaxy::Handle kKindBits = kGroupBit | kRegionBit;

inline galaxy::Handle unit_handle(UnitId id) { return to_tag(id); }
inline bool is_unit_handle(galaxy::Handle h) { return h != 0 && (h & kKindBits) == 0; }
inline UnitId unit_id_of(galaxy::Handle h) { return from_tag(h); }

inline galaxy::Handle group_handle(std::uint32_t index) { return kGroupBit | index; }
inline std::optional<std::uint32_t> group_index(galaxy::Handle h) {
  if ((h & kKindBits) != kGroupBit || (h >> 32) != (kGroupBit >> 32)) return std::nullopt;
  return static_cast<std::uint32_t>(h);
}

inline galaxy::Handle region_handle(std::uint32_t index) { return kRegionBit | index; }
inline std::optional<std::uint32_t> region_index(galaxy::Handle h) {
  if ((h & kKindBits) != kRegionBit || (h >> 32) != (kRegionBit >> 32)) return std::nullopt;
  return static_cast<std::uint32_t>(h);
}

}  // namespace sc2::engine::scripted
