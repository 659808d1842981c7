#pragma once
// What the runtime asks of the game it runs in, beyond the world natives the game registers
// (world_natives.h): randomness from the game's seeded generator (so a seed replays a game),
// the members of a unit group (for UnitGroupLoopBegin, whose iteration state lives in the
// script thread), and the map's strings (StringExternal).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/galaxy/value.h"

namespace sc2::galaxy {

class Host {
 public:
  virtual ~Host() = default;
  // 32 uniformly random bits from the game's seeded generator (RandomInt, RandomFixed,
  // libNtve_gf_RandomAngle, libNtve_gf_RandomPointBetweenPoints draw from it, in call order).
  virtual std::uint32_t random_u32() = 0;
  // Appends the units of `group` to `out`, in the group's order (dead members included: a
  // loop body may test UnitIsAlive). A null or unknown group appends nothing.
  virtual void unit_group_units(Handle group, std::vector<Handle>& out) = 0;
  // The map's text for a GameStrings.txt key ("Param/Value/66693773"); nullopt: the text is the
  // key itself (fine headless: nothing reads it but a person).
  virtual std::optional<std::string_view> external_string(std::string_view key) {
    (void)key;
    return std::nullopt;
  }
};

}  // namespace sc2::galaxy
