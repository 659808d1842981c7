#pragma once
// UnitGroup(type, player, region, filter, maxCount) and UnitCount: the live units that match, in
// the world's (slot) order.
//
// Filter flags (UnitFilter's c_targetFilter* bits): our units are never missiles (21) nor hidden
// (36), and a unit is dead (34) from the moment its life reaches 0 until the world removes it;
// so "exclude missile, dead, hidden" (75 of the 81 reference filters) keeps every live unit. A
// bit sc2lite does not model (Air, Structure, Visible, ...) is not checked: approximate, listed
// in README.md.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/galaxy/native_call.h"
#include "engine/galaxy/records.h"
#include "engine/scripted/script_world.h"

namespace sc2::engine::scripted {

struct UnitQuery {
  std::string_view type;                             // "" = any
  int owner = -1;                                    // engine owner; -1 = any (c_playerAny)
  const mapfile::Region* region = nullptr;           // nullptr = anywhere
  const galaxy::UnitFilterSpec* filter = nullptr;    // nullptr = no filter
  std::int32_t max_count = 0;                        // 0 = all
};

// The units scanned, and the shapes of the region each is tested against, are charged to the
// call's budget (NativeCall::charge).
std::vector<galaxy::Handle> find_units(ScriptWorld& world, const UnitQuery& query, galaxy::NativeCall& call);

// The query of a call's (type, player, region, filter, maxCount) arguments; nullopt after
// failing the call (a player not 0..16, an unknown region).
std::optional<UnitQuery> unit_query_args(galaxy::NativeCall& call, ScriptWorld& world);

}  // namespace sc2::engine::scripted
