#pragma once
// Opaque generational unit id. The tag sent to clients packs it like the game does:
// (index << 18) | generation, so a recycled slot never reuses an old tag.
#include <cstdint>

namespace sc2::engine {

inline constexpr std::uint32_t kGenerationBits = 18;
inline constexpr std::uint32_t kGenerationMask = (1u << kGenerationBits) - 1;

struct UnitId {
  std::uint32_t index = 0;
  std::uint32_t generation = 0;  // 0 = invalid; live units have 1..kGenerationMask

  bool valid() const { return generation != 0; }
  friend bool operator==(UnitId a, UnitId b) = default;
};

inline std::uint64_t to_tag(UnitId id) {
  return (static_cast<std::uint64_t>(id.index) << kGenerationBits) | id.generation;
}

inline UnitId from_tag(std::uint64_t tag) {
  return {static_cast<std::uint32_t>(tag >> kGenerationBits),
          static_cast<std::uint32_t>(tag & kGenerationMask)};
}

}  // namespace sc2::engine
