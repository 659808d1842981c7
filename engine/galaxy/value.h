#pragma once
// A Galaxy value at run time: 64 untagged bits. The checker fixed every expression's type, so
// the interpreter never asks a value what it is; these helpers say how each type is packed.
//
//   int, fixed     the int32 (fixed: raw 20.12) sign-extended, so equal values have equal bits
//   bool           0 or 1
//   string, text   an id in the runtime's StringTable (string_table.h); 0 = null
//   point          x and y as raw 20.12 fixed, packed (a value, not a handle: no allocation
//                  for the points a script makes every loop), xor-ed with kPointBias so that
//                  null is 0 like every other type's (only x = y = -524288 would collide)
//   abilcmd        ability-name string id (low 32 bits) and command index (high 32 bits)
//   playergroup    a bit per player 0..31 plus a "not null" bit, so an empty group is not null
//   order,         ids of records the runtime interns (records.h): equal orders are equal values
//   unitfilter
//   trigger, timer ids of the runtime's own tables (1-based; 0 = null)
//   unit, unitgroup, region, camerainfo, unitref
//                  opaque handles the host (the game) owns; 0 = null
//
// Every type's default (a fresh variable: 0, 0.0, false or null) is the all-zero Value, so a
// frame's locals are reset with one fill.
#include <cstdint>

#include "engine/galaxy/arithmetic.h"
#include "engine/galaxy/types.h"

namespace sc2::galaxy {

using Handle = std::uint64_t;  // a host-owned object (unit, unit group, region, ...); 0 = null
using StringId = std::uint32_t;  // 0 = null

struct Value {
  std::uint64_t bits = 0;

  static Value from_int(std::int32_t v) { return Value{static_cast<std::uint64_t>(static_cast<std::int64_t>(v))}; }
  static Value from_fixed_raw(std::int32_t raw) { return from_int(raw); }
  static Value from_bool(bool b) { return Value{b ? 1u : 0u}; }
  static Value from_id(std::uint32_t id) { return Value{id}; }
  static Value from_handle(Handle h) { return Value{h}; }

  std::int32_t as_int() const { return static_cast<std::int32_t>(static_cast<std::uint32_t>(bits)); }
  std::int32_t as_fixed_raw() const { return as_int(); }
  bool as_bool() const { return bits != 0; }
  std::uint32_t as_id() const { return static_cast<std::uint32_t>(bits); }
  Handle as_handle() const { return bits; }

  friend bool operator==(Value a, Value b) = default;
};

// A point in map coordinates, raw 20.12 fixed per axis.
struct Point {
  std::int32_t x = 0;
  std::int32_t y = 0;

  static Point from_world(double wx, double wy) { return {fixed_from_double(wx), fixed_from_double(wy)}; }
  double world_x() const { return fixed_to_double(x); }
  double world_y() const { return fixed_to_double(y); }
  friend bool operator==(Point a, Point b) = default;
};

inline constexpr std::uint64_t kPointBias = 0x8000'0000'8000'0000ull;

inline Value pack_point(Point p) {
  return Value{(static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.x)) |
                (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.y)) << 32)) ^
               kPointBias};
}
inline Point unpack_point(Value v) {
  const std::uint64_t bits = v.bits ^ kPointBias;
  return {static_cast<std::int32_t>(static_cast<std::uint32_t>(bits)),
          static_cast<std::int32_t>(static_cast<std::uint32_t>(bits >> 32))};
}

// An ability command: AbilityCommand("move", 0).
struct AbilCmd {
  StringId ability = 0;  // 0: null
  std::int32_t index = 0;
  friend bool operator==(AbilCmd, AbilCmd) = default;
};
inline Value pack_abilcmd(AbilCmd a) {
  return Value{a.ability | (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a.index)) << 32)};
}
inline AbilCmd unpack_abilcmd(Value v) {
  return {static_cast<StringId>(v.bits), static_cast<std::int32_t>(static_cast<std::uint32_t>(v.bits >> 32))};
}

inline constexpr std::uint64_t kPlayerGroupPresent = 1ull << 32;
inline Value pack_player_group(std::uint32_t players) { return Value{kPlayerGroupPresent | players}; }
inline std::uint32_t player_group_members(Value v) { return static_cast<std::uint32_t>(v.bits); }

}  // namespace sc2::galaxy
