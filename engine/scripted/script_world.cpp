#include "engine/scripted/script_world.h"

#include <algorithm>
#include <numbers>
#include <unordered_set>

#include "engine/scripted/unit_placement.h"

namespace sc2::engine::scripted {

namespace {

mapfile::Region entire_map_region(const World& world) {
  mapfile::Region region;
  region.name = "Entire Map";
  mapfile::RegionShape rect;
  rect.max = {static_cast<float>(world.map().width), static_cast<float>(world.map().height)};
  region.shapes.push_back(rect);
  return region;
}

}  // namespace

ScriptWorld::ScriptWorld(const mapfile::MapData& map, const MapUnitTypes& types, const ScriptedLimits& limits,
                         World& world)
    : map_(map), types_(types), limits_(limits), world_(world) {
  regions_.push_back(entire_map_region(world));
  for (const mapfile::PlacedPoint& point : map_.objects.points) points_.emplace(point.id, &point);
}

// [SECTION] Host

std::uint32_t ScriptWorld::random_u32() { return static_cast<std::uint32_t>(world_.rng().next_u64() >> 32); }

void ScriptWorld::unit_group_units(galaxy::Handle h, std::vector<galaxy::Handle>& out) {
  if (const std::vector<galaxy::Handle>* members = group(h)) out.insert(out.end(), members->begin(), members->end());
}

std::optional<std::string_view> ScriptWorld::external_string(std::string_view key) {
  const auto it = map_.strings.find(key);
  if (it == map_.strings.end()) return std::nullopt;
  return std::string_view(it->second);
}

// [SECTION] Players

std::optional<int> ScriptWorld::engine_owner(int script_player) {
  if (script_player == kScriptNeutral) return kNeutralOwner;
  if (script_player >= 1 && script_player < kNeutralOwner) return script_player;
  return std::nullopt;
}

// [SECTION] Units

Unit* ScriptWorld::live_unit(galaxy::Handle h) { return is_unit_handle(h) ? world_.find(unit_id_of(h)) : nullptr; }

std::optional<UnitFacts> ScriptWorld::facts(galaxy::Handle h) {
  if (const Unit* u = live_unit(h)) return UnitFacts{u->stats, u->owner, u->pos, u->health, u->alive(), true};
  if (const auto it = gone_.find(h); it != gone_.end()) {
    return UnitFacts{it->second.type, it->second.owner, it->second.pos, 0.0f, false, false};
  }
  return std::nullopt;
}

std::uint32_t ScriptWorld::live_units() const {
  std::uint32_t count = 0;
  world_.for_each_unit([&](const Unit&) { ++count; });
  return count;
}

void ScriptWorld::place_objects() {
  // Placed objects stand where placed: no search (unit_placement.h), so placing N of them costs
  // N, not N x N; the factory refused maps with more than max_units of them.
  for (const mapfile::PlacedUnit& placed : map_.objects.units) {
    const UnitTypeStats* type = types_.find(placed.unit_type);
    const std::optional<int> owner = engine_owner(placed.owner);
    if (type == nullptr || !owner) continue;  // the factory refused such maps before any game
    const Vec2 spot = placed_spot(world_, *type, {placed.position.x, placed.position.y});
    placed_[placed.id] = spawn_unit(*type, *owner, spot, placed.rotation);
  }
}

galaxy::Handle ScriptWorld::placed_unit(std::uint32_t object_id) const {
  const auto it = placed_.find(object_id);
  return it == placed_.end() ? 0 : it->second;
}

const mapfile::PlacedPoint* ScriptWorld::placed_point(std::uint32_t object_id) const {
  const auto it = points_.find(object_id);
  return it == points_.end() ? nullptr : it->second;
}

galaxy::Handle ScriptWorld::create_unit(const UnitTypeStats& type, int owner, Vec2 at, std::optional<float> facing,
                                        std::int64_t& placement_checks) {
  return spawn_unit(type, owner, placement_spot(world_, type, at, placement_checks), facing);
}

galaxy::Handle ScriptWorld::spawn_unit(const UnitTypeStats& type, int owner, Vec2 spot, std::optional<float> facing) {
  if (needs_economy(type)) world_.set_economy(true);  // a worker, structure or resource made later
  // A map's own type (map_unit_types.h) is made as its base unit, then given its stats.
  const UnitId id = world_.spawn(types_.base_id(type), owner, spot);
  Unit& unit = *world_.find(id);
  if (unit.stats != &type) {
    unit.stats = &type;
    unit.radius = type.radius;
    unit.health = unit.health_max = unit.health_accounted = type.health_max;
    unit.shield = unit.shield_max = type.shield_max;
    unit.energy = type.energy_start;
    unit.energy_max = type.energy_max;
  }
  if (facing) unit.facing = *facing;
  mark_known(id);
  last_created_ = unit_handle(id);
  return last_created_;
}

void ScriptWorld::remove_unit(galaxy::Handle h) {
  Unit* unit = live_unit(h);
  if (unit == nullptr) return;
  forget(h, *unit);
  world_.remove(unit->id);
}

void ScriptWorld::record_death(const UnitDeath& death) {
  const galaxy::Handle h = unit_handle(death.id);
  const UnitTypeStats* type = types_.find_id(death.unit_type);
  gone_[h] = GoneUnit{type, death.owner, death.pos};
  ++gone_since_collect_;
}

void ScriptWorld::forget(galaxy::Handle h, const Unit& unit) {
  gone_[h] = GoneUnit{unit.stats, unit.owner, unit.pos};
  ++gone_since_collect_;
}

std::int32_t ScriptWorld::custom_value(galaxy::Handle unit, std::int32_t index) const {
  const auto it = custom_values_.find(unit);
  if (it == custom_values_.end() || !valid_custom_value(index)) return 0;
  return it->second[static_cast<std::size_t>(index)];
}

void ScriptWorld::set_custom_value(galaxy::Handle unit, std::int32_t index, std::int32_t raw) {
  if (!valid_custom_value(index)) return;
  custom_values_.try_emplace(unit).first->second[static_cast<std::size_t>(index)] = raw;
}

void ScriptWorld::mark_known(UnitId id) {
  if (known_generation_.size() <= id.index) known_generation_.resize(id.index + 1, 0);
  known_generation_[id.index] = id.generation;
}

bool ScriptWorld::first_sight(const Unit& unit) {
  const bool seen = unit.id.index < known_generation_.size() && known_generation_[unit.id.index] == unit.id.generation;
  if (!seen) mark_known(unit.id);
  return !seen;
}

// [SECTION] Unit groups

std::optional<galaxy::Handle> ScriptWorld::new_group(std::vector<galaxy::Handle> members, std::string* error) {
  if (live_groups_ >= limits_.max_unit_groups) {
    *error = "more than " + std::to_string(limits_.max_unit_groups) + " unit groups at once (ScriptedLimits)";
    return std::nullopt;
  }
  if (group_members_ + members.size() > limits_.max_group_members) {
    *error = "more than " + std::to_string(limits_.max_group_members) + " unit group members in all (ScriptedLimits)";
    return std::nullopt;
  }
  std::uint32_t index;
  if (!free_groups_.empty()) {
    index = free_groups_.back();
    free_groups_.pop_back();
  } else {
    index = static_cast<std::uint32_t>(groups_.size());
    groups_.emplace_back();
  }
  group_members_ += members.size();
  groups_[index] = Group{true, std::move(members)};
  ++live_groups_;
  ++groups_since_collect_;
  return group_handle(index);
}

std::vector<galaxy::Handle>* ScriptWorld::group(galaxy::Handle h) {
  const std::optional<std::uint32_t> index = group_index(h);
  if (!index || *index >= groups_.size() || !groups_[*index].used) return nullptr;
  std::vector<galaxy::Handle>& members = groups_[*index].members;
  // A unit that left the world (removed, or dead and gone) leaves its groups, as in the game.
  const std::size_t before = members.size();
  std::erase_if(members, [&](galaxy::Handle unit) { return live_unit(unit) == nullptr; });
  group_members_ -= before - members.size();
  return &members;
}

bool ScriptWorld::add_member(std::vector<galaxy::Handle>& members, galaxy::Handle unit, std::string* error) {
  if (std::find(members.begin(), members.end(), unit) != members.end()) return true;
  if (group_members_ >= limits_.max_group_members) {
    *error = "more than " + std::to_string(limits_.max_group_members) + " unit group members in all (ScriptedLimits)";
    return false;
  }
  members.push_back(unit);
  ++group_members_;
  return true;
}

// [SECTION] Regions

std::optional<galaxy::Handle> ScriptWorld::region_from_id(int id) {
  if (const auto it = region_ids_.find(id); it != region_ids_.end()) return region_handle(it->second);
  const mapfile::Region* region = map_.region(id);
  if (region == nullptr) return std::nullopt;
  const auto index = static_cast<std::uint32_t>(regions_.size());
  regions_.push_back(*region);
  region_ids_[id] = index;
  return region_handle(index);
}

mapfile::Region* ScriptWorld::region(galaxy::Handle h) {
  const std::optional<std::uint32_t> index = region_index(h);
  return index && *index < regions_.size() ? &regions_[*index] : nullptr;
}

// [SECTION] Garbage

void ScriptWorld::collect_garbage(galaxy::Runtime& runtime, bool force) {
  const bool groups_due = groups_since_collect_ >= limits_.collect_after_new_groups;
  const bool units_due = gone_since_collect_ >= limits_.collect_after_gone_units;
  if (!force && !groups_due && !units_due) return;
  std::unordered_set<galaxy::Handle> groups_reached;
  runtime.visit_reachable(galaxy::BaseType::UnitGroup, [&](galaxy::Handle h) { groups_reached.insert(h); });
  // An order kept in a variable may target a group (OrderTargetingUnitGroup).
  const galaxy::OrderTable& orders = runtime.orders();
  for (std::uint32_t id = 1; id <= orders.size(); ++id) {
    const galaxy::Order* order = orders.get(id);
    if (order->target_kind == galaxy::OrderTarget::UnitGroup) groups_reached.insert(order->target);
  }
  for (std::uint32_t index = 0; index < groups_.size(); ++index) {
    Group& g = groups_[index];
    if (!g.used || groups_reached.contains(group_handle(index))) continue;
    group_members_ -= g.members.size();
    g = Group{};
    free_groups_.push_back(index);
    --live_groups_;
  }
  std::unordered_set<galaxy::Handle> units_reached;
  runtime.visit_reachable(galaxy::BaseType::Unit, [&](galaxy::Handle h) { units_reached.insert(h); });
  std::erase_if(gone_, [&](const auto& entry) { return !units_reached.contains(entry.first); });
  std::erase_if(custom_values_, [&](const auto& entry) {
    return live_unit(entry.first) == nullptr && !units_reached.contains(entry.first);
  });
  groups_since_collect_ = 0;
  gone_since_collect_ = 0;
}

}  // namespace sc2::engine::scripted
