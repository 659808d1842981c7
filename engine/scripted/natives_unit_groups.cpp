// Unit groups (spec §2.4 "Unit groups"): queries over the world's units and groups the script
// edits. A group keeps its members in the order added; a unit that leaves the world (removed, or
// dead: the world removes the dead in the loop they die) leaves every group, as in the game, so
// c_unitCountAll and c_unitCountAlive differ only for a unit whose life a script just set to 0.
// UnitGroupLoop* are the runtime's (over a copy taken at the loop's start).
#include <limits>
#include <unordered_set>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"
#include "engine/scripted/unit_query.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

constexpr std::int32_t kCountAll = 0;    // c_unitCountAll
constexpr std::int32_t kCountAlive = 1;  // c_unitCountAlive
constexpr std::int32_t kCountDead = 2;   // c_unitCountDead

void return_new_group(NativeCall& call, ScriptWorld& w, std::vector<galaxy::Handle> members) {
  std::string error;
  if (const auto group = w.new_group(std::move(members), &error)) return call.return_handle(*group);
  call.fail(error);
}

std::vector<const Unit*> live_members(ScriptWorld& w, const std::vector<galaxy::Handle>& members) {
  std::vector<const Unit*> units;
  for (const galaxy::Handle h : members) {
    const Unit* u = w.live_unit(h);
    if (u != nullptr && u->alive()) units.push_back(u);
  }
  return units;
}

void register_making(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitGroup", [&w](NativeCall& call) {
    if (const std::optional<UnitQuery> query = unit_query_args(call, w)) return_new_group(call, w, find_units(w, *query, call));
  });
  r.add("UnitGroupEmpty", [&w](NativeCall& call) { return_new_group(call, w, {}); });
  r.add("UnitGroupAdd", [&w](NativeCall& call) {
    std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    if (members == nullptr || w.live_unit(call.handle_arg(1)) == nullptr) return;  // a gone unit joins nothing
    std::string error;
    if (!w.add_member(*members, call.handle_arg(1), &error)) call.fail(error);
  });
  r.add("UnitGroupRemove", [&w](NativeCall& call) {
    if (std::vector<galaxy::Handle>* members = group_arg(call, w, 0)) std::erase(*members, call.handle_arg(1));
  });
  r.add("UnitGroupClear", [&w](NativeCall& call) {
    if (std::vector<galaxy::Handle>* members = group_arg(call, w, 0)) members->clear();
  });
}

void register_reading(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitGroupCount", [&w](NativeCall& call) {
    const std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    if (members == nullptr) return;
    const std::int32_t how = call.int_arg(1);
    if (how < kCountAll || how > kCountDead) return call.fail("unit count type " + std::to_string(how) + " is not 0..2");
    const auto alive = static_cast<std::int32_t>(live_members(w, *members).size());
    const auto all = static_cast<std::int32_t>(members->size());
    call.return_int(how == kCountAll ? all : how == kCountAlive ? alive : all - alive);
  });
  r.add("libNtve_gf_UnitGroupIsDead", [&w](NativeCall& call) {
    if (const std::vector<galaxy::Handle>* members = group_arg(call, w, 0)) call.return_bool(live_members(w, *members).empty());
  });
  r.add("UnitGroupHasUnit", [&w](NativeCall& call) {
    const std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    if (members != nullptr) call.return_bool(std::find(members->begin(), members->end(), call.handle_arg(1)) != members->end());
  });
  r.add("UnitGroupUnit", [&w](NativeCall& call) {  // 1-based; out of range: null
    const std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    const std::int32_t index = call.int_arg(1);
    if (members != nullptr && index >= 1 && static_cast<std::size_t>(index) <= members->size()) {
      call.return_handle((*members)[static_cast<std::size_t>(index - 1)]);
    }
  });
  r.add("UnitGroupClosestToPoint", [&w](NativeCall& call) {  // null for a group of no live unit
    const std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    const std::optional<Vec2> p = members ? point_arg(call, 1) : std::nullopt;
    if (!p) return;
    const Unit* best = nullptr;
    float best_distance = std::numeric_limits<float>::max();
    for (const Unit* u : live_members(w, *members)) {
      if (distance(u->pos, *p) < best_distance) best = u, best_distance = distance(u->pos, *p);
    }
    if (best != nullptr) call.return_handle(unit_handle(best->id));
  });
  r.add("UnitGroupCenterOfGroup", [&w](NativeCall& call) {  // null point for a group of no live unit
    const std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    if (members == nullptr) return;
    const std::vector<const Unit*> units = live_members(w, *members);
    if (units.empty()) return;
    Vec2 sum;
    for (const Unit* u : units) sum = sum + u->pos;
    call.return_point(to_point(sum * (1.0f / static_cast<float>(units.size()))));
  });
}

// The player's selection (PySC2's feature layers show it): the group's live units join or leave it.
void register_selection(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitGroupSelect", [&w](NativeCall& call) {
    const std::vector<galaxy::Handle>* members = group_arg(call, w, 0);
    const std::optional<int> owner = members ? player_arg(call, 1) : std::nullopt;
    if (!owner || *owner == kNeutralOwner) return;
    std::vector<UnitId>& selection = w.world().player(*owner).selection;
    call.charge(static_cast<std::int64_t>(selection.size()));
    std::unordered_set<std::uint64_t> selected;
    for (const UnitId id : selection) selected.insert(to_tag(id));
    std::unordered_set<std::uint64_t> members_now;
    for (const Unit* u : live_members(w, *members)) {
      members_now.insert(to_tag(u->id));
      if (call.bool_arg(2) && selected.insert(to_tag(u->id)).second) selection.push_back(u->id);
    }
    if (!call.bool_arg(2)) std::erase_if(selection, [&](UnitId id) { return members_now.contains(to_tag(id)); });
  });
}

}  // namespace

void register_unit_group_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  register_making(r, w);
  register_reading(r, w);
  register_selection(r, w);
}

}  // namespace sc2::engine::scripted
