// Units (spec §2.4 "Units and orders", orders in natives_orders.cpp): creating them where the
// script says, removing and moving them, and what a script reads of them.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"
#include "engine/scripted/unit_placement.h"
#include "engine/scripted/unit_query.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

// natives.galaxy c_unitProp* (the engine's order of unit properties; c_unitPropLife 0 and
// c_unitPropResources 22 are the reference maps').
enum UnitProperty : std::int32_t {
  kLife = 0,
  kLifePercent = 1,
  kLifeMax = 2,
  kEnergy = 4,
  kEnergyPercent = 5,
  kEnergyMax = 6,
  kShields = 8,
  kShieldsPercent = 9,
  kShieldsMax = 10,
  kMovementSpeed = 20,
  kResources = 22,
  kRadius = 23,
};

constexpr float kDegreesToRadians = std::numbers::pi_v<float> / 180.0f;
// Work charged to the script's budget (NativeCall::charge): about 1 instruction per unit
// scanned, per 32 placement checks.
constexpr std::int64_t kChecksPerInstruction = 32;

// Creates `count` units as UnitCreate does; returns them (empty after a failed call).
std::vector<galaxy::Handle> create_units(NativeCall& call, ScriptWorld& w, std::optional<float> facing) {
  const std::int32_t count = call.int_arg(0);
  const std::string_view type_name = call.string_arg(1);
  const std::optional<int> owner = player_arg(call, 3);
  const std::optional<Vec2> at = point_arg(call, 4);
  if (!owner || !at) return {};
  const UnitTypeStats* type = w.types().find(type_name);
  if (type == nullptr) {
    call.fail(w.types().why_not(type_name));
    return {};
  }
  if (count < 0 || count > w.limits().max_units_per_call) {
    call.fail("cannot create " + std::to_string(count) + " units in one call (0.." +
              std::to_string(w.limits().max_units_per_call) + ", ScriptedLimits)");
    return {};
  }
  const std::uint32_t live = w.live_units();
  call.charge(live);
  if (live + static_cast<std::uint32_t>(count) > w.limits().max_units) {
    call.fail("the game would have more than " + std::to_string(w.limits().max_units) + " units (ScriptedLimits)");
    return {};
  }
  std::vector<galaxy::Handle> made;
  std::int64_t checks = w.limits().placement_checks_per_call;
  for (std::int32_t i = 0; i < count; ++i) made.push_back(w.create_unit(*type, *owner, *at, facing, checks));
  call.charge(count + (w.limits().placement_checks_per_call - checks) / kChecksPerInstruction);
  return made;
}

void register_creation(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitCreate", [&w](NativeCall& call) {
    // Galaxy angles are degrees counter-clockwise from east, as our facing in radians.
    const float facing = static_cast<float>(call.fixed_arg(5)) * kDegreesToRadians;
    std::vector<galaxy::Handle> made = create_units(call, w, facing);
    if (call.failed()) return;
    std::string error;
    if (const auto group = w.new_group(std::move(made), &error)) return call.return_handle(*group);
    call.fail(error);
  });
  // NativeLib: UnitCreate with the type's default facing (ours: the engine's spawn facing).
  r.add("libNtve_gf_CreateUnitsWithDefaultFacing",
        [&w](NativeCall& call) { create_units(call, w, std::nullopt); });
  r.add("UnitLastCreated", [&w](NativeCall& call) { call.return_handle(w.last_created()); });
  r.add("UnitFromId", [&w](NativeCall& call) {
    const galaxy::Handle unit = w.placed_unit(static_cast<std::uint32_t>(call.int_arg(0)));
    if (unit == 0) return call.fail("the map's Objects place no unit with id " + std::to_string(call.int_arg(0)));
    call.return_handle(unit);
  });
  // Gone already (a dead unit in its UnitDied trigger) or null: nothing to remove, as in the game.
  r.add("UnitRemove", [&w](NativeCall& call) { w.remove_unit(call.handle_arg(0)); });
}

void register_position(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitGetPosition", [&w](NativeCall& call) {
    if (const auto facts = unit_facts_arg(call, w, 0)) call.return_point(to_point(facts->pos));
  });
  r.add("UnitSetPosition", [&w](NativeCall& call) {
    const std::optional<Vec2> at = point_arg(call, 1);
    if (!at) return;
    Unit* unit = w.live_unit(call.handle_arg(0));
    if (unit == nullptr) return;  // gone: nothing moves
    if (unit->stats->footprint_w > 0) return call.fail("moving a structure or resource is not supported by sc2lite");
    unit->pos = unit->stats->solid() ? w.world().clamp_to_playable(*at, unit->radius) : on_map(w.world(), *at);
    unit->path = PathPlan{};  // a teleport: any route planned before is void
    unit->has_rest_goal = false;
    unit->leashed = false;  // and so is the spot a chase would walk back to
    unit->returning = false;
  });
  r.add("libNtve_gf_UnitInRegion", [&w](NativeCall& call) {
    const mapfile::Region* region = region_arg(call, w, 1);
    if (region == nullptr) return;
    const Unit* unit = w.live_unit(call.handle_arg(0));
    call.charge(region_test_cost(*region));
    call.return_bool(unit != nullptr && region->contains(to_map_point(unit->pos)));
  });
}

// A custom value's index: false (the call failed) outside the game's 0..63.
bool custom_value_index_arg(NativeCall& call, std::uint32_t i) {
  if (ScriptWorld::valid_custom_value(call.int_arg(i))) return true;
  call.fail("custom value index " + std::to_string(call.int_arg(i)) + " is not 0.." +
            std::to_string(ScriptWorld::kCustomValues - 1));
  return false;
}

float percent_of(float value, float maximum) { return maximum > 0.0f ? 100.0f * value / maximum : 0.0f; }

std::optional<float> read_property(const Unit& unit, std::int32_t property) {
  const float life_max = unit.health_max;
  switch (property) {
    case kLife: return unit.health;
    case kLifePercent: return percent_of(unit.health, life_max);
    case kLifeMax: return life_max;
    case kEnergy: return unit.energy;
    case kEnergyPercent: return percent_of(unit.energy, unit.energy_max);
    case kEnergyMax: return unit.energy_max;
    case kShields: return unit.shield;
    case kShieldsPercent: return percent_of(unit.shield, unit.shield_max);
    case kShieldsMax: return unit.shield_max;
    case kMovementSpeed: return unit.stats->movement_speed;
    case kResources: return static_cast<float>(unit.mineral_contents + unit.vespene_contents);
    case kRadius: return unit.radius;
    default: return std::nullopt;
  }
}

// Life and shields set by a script are no damage (the score details do not count them); a
// unit without energy or shields keeps none (the maximum bounds what is written).
bool write_property(Unit& unit, std::int32_t property, float value) {
  switch (property) {
    case kLife: unit.health = unit.health_accounted = std::clamp(value, 0.0f, unit.health_max); return true;
    case kLifePercent: return write_property(unit, kLife, value * unit.health_max / 100.0f);
    case kEnergy: unit.energy = std::clamp(value, 0.0f, unit.energy_max); return true;
    case kEnergyPercent: return write_property(unit, kEnergy, value * unit.energy_max / 100.0f);
    case kShields: unit.shield = std::clamp(value, 0.0f, unit.shield_max); return true;
    case kShieldsPercent: return write_property(unit, kShields, value * unit.shield_max / 100.0f);
    case kResources: {
      const int amount = static_cast<int>(std::clamp(value, 0.0f, 1.0e9f));
      (unit.stats->vespene_contents > 0 ? unit.vespene_contents : unit.mineral_contents) = amount;
      return true;
    }
    default: return false;
  }
}

void register_properties(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitGetOwner", [&w](NativeCall& call) {
    if (const auto facts = unit_facts_arg(call, w, 0)) call.return_int(ScriptWorld::script_player(facts->owner));
  });
  r.add("UnitGetType", [&w](NativeCall& call) {
    if (const auto facts = unit_facts_arg(call, w, 0)) call.return_string(facts->type ? facts->type->name : "");
  });
  r.add("UnitIsAlive", [&w](NativeCall& call) {
    const auto facts = w.facts(call.handle_arg(0));
    call.return_bool(facts && facts->alive);
  });
  r.add("UnitGetPropertyFixed", [&w](NativeCall& call) {
    const auto facts = unit_facts_arg(call, w, 0);
    if (!facts) return;
    const Unit* unit = w.live_unit(call.handle_arg(0));
    if (unit == nullptr) return call.return_fixed(0.0);  // a gone unit has no life left
    const std::optional<float> value = read_property(*unit, call.int_arg(1));
    if (!value) return call.fail("unit property " + std::to_string(call.int_arg(1)) + " is not supported by sc2lite");
    call.return_fixed(*value);
  });
  r.add("UnitSetPropertyFixed", [&w](NativeCall& call) {
    if (!unit_facts_arg(call, w, 0)) return;
    Unit* unit = w.live_unit(call.handle_arg(0));
    if (unit == nullptr) return;
    if (!write_property(*unit, call.int_arg(1), static_cast<float>(call.fixed_arg(2)))) {
      call.fail("setting unit property " + std::to_string(call.int_arg(1)) + " is not supported by sc2lite");
    }
  });
  r.add("UnitGetCustomValue", [&w](NativeCall& call) {
    if (!custom_value_index_arg(call, 1)) return;
    if (unit_facts_arg(call, w, 0)) call.return_fixed_raw(w.custom_value(call.handle_arg(0), call.int_arg(1)));
  });
  r.add("UnitSetCustomValue", [&w](NativeCall& call) {
    if (!custom_value_index_arg(call, 1)) return;
    if (unit_facts_arg(call, w, 0)) w.set_custom_value(call.handle_arg(0), call.int_arg(1), call.fixed_raw_arg(2));
  });
  r.add("libNtve_gf_UnitIsVisibleToPlayer", [&w](NativeCall& call) {
    const std::optional<int> player = player_arg(call, 1);
    if (!player) return;
    const Unit* unit = w.live_unit(call.handle_arg(0));
    call.return_bool(unit != nullptr && w.world().unit_visible(*player, *unit));
  });
}

void register_counting(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitCount", [&w](NativeCall& call) {
    if (const std::optional<UnitQuery> query = unit_query_args(call, w)) {
      call.return_int(static_cast<std::int32_t>(find_units(w, *query, call).size()));
    }
  });
}

}  // namespace

void register_unit_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  register_creation(r, w);
  register_position(r, w);
  register_properties(r, w);
  register_counting(r, w);
}

}  // namespace sc2::engine::scripted
