#pragma once
// Reading the world natives' arguments (natives_*.cpp): units, groups, regions, players and
// points, each failing the call with a clear reason when the script passed nothing usable.
#include <optional>
#include <string>
#include <vector>

#include "engine/galaxy/native_call.h"
#include "engine/scripted/script_world.h"

namespace sc2::engine::scripted {

inline Vec2 to_vec(galaxy::Point p) { return {static_cast<float>(p.world_x()), static_cast<float>(p.world_y())}; }
inline galaxy::Point to_point(Vec2 v) { return galaxy::Point::from_world(v.x, v.y); }
inline mapfile::MapPoint to_map_point(Vec2 v) { return {v.x, v.y}; }

// The point argument; fails the call on null.
inline std::optional<Vec2> point_arg(galaxy::NativeCall& call, std::uint32_t i) {
  if (call.is_null(i)) {
    call.fail("the point is null");
    return std::nullopt;
  }
  return to_vec(call.point_arg(i));
}

// What is known of the unit argument, live or gone; fails the call on null or a handle that
// names no unit.
inline std::optional<UnitFacts> unit_facts_arg(galaxy::NativeCall& call, ScriptWorld& w, std::uint32_t i) {
  if (call.is_null(i)) {
    call.fail("the unit is null");
    return std::nullopt;
  }
  std::optional<UnitFacts> facts = w.facts(call.handle_arg(i));
  if (!facts) call.fail("the unit is not one of this game's units");
  return facts;
}

// The unit group argument (compacted: units gone from the world are no longer members).
inline std::vector<galaxy::Handle>* group_arg(galaxy::NativeCall& call, ScriptWorld& w, std::uint32_t i) {
  if (call.is_null(i)) {
    call.fail("the unit group is null");
    return nullptr;
  }
  std::vector<galaxy::Handle>* members = w.group(call.handle_arg(i));
  if (members == nullptr) call.fail("the unit group is not one of this game's groups");
  if (members != nullptr) call.charge(static_cast<std::int64_t>(members->size()));  // what reading it costs
  return members;
}

// What testing one point against a region costs the script: one instruction per shape (a map's
// region has up to mapfile::MapLimits::max_region_shapes).
inline std::int64_t region_test_cost(const mapfile::Region& region) {
  return static_cast<std::int64_t>(region.shapes.size());
}

inline mapfile::Region* region_arg(galaxy::NativeCall& call, ScriptWorld& w, std::uint32_t i) {
  if (call.is_null(i)) {
    call.fail("the region is null");
    return nullptr;
  }
  mapfile::Region* region = w.region(call.handle_arg(i));
  if (region == nullptr) call.fail("the region is not one of this game's regions");
  return region;
}

// A script player 0..15 as the engine's owner; fails the call for any other number.
inline std::optional<int> player_arg(galaxy::NativeCall& call, std::uint32_t i) {
  const int player = call.int_arg(i);
  const std::optional<int> owner = ScriptWorld::engine_owner(player);
  if (!owner) call.fail("player " + std::to_string(player) + " is not a player 0..15");
  return owner;
}

}  // namespace sc2::engine::scripted
