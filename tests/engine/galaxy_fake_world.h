#pragma once
// A fake game for running map scripts without the engine: units as records (type, owner,
// position, life, alive), unit groups as lists, regions as rectangles or circles (ids 0..15;
// region 2 is MoveToBeacon's beacon circle), players' properties, objectives' states, a seeded
// random generator. It registers every world native (world_natives.h; the headless ones too)
// and counts the calls of each library function, so tests can see what a script asked for.
//
// It is also the world of the script fuzzer (fuzz/galaxy_script_fuzzer.cpp), so it behaves as a
// host must with an untrusted script: every object a script can make is bounded (Limits; past
// one the native fails, naming it), nothing grows with the ids a script invents, and work that
// grows with the world (scanning units, group members) is charged to the script's budget.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/galaxy/library.h"
#include "engine/galaxy/runtime.h"
#include "engine/galaxy/world_natives.h"

namespace sc2::galaxy::test {

// What a script may make in the fake world; past one the native fails, naming it.
struct FakeWorldLimits {
  std::size_t max_units = 20'000;
  std::size_t max_groups = 100'000;
  std::size_t max_group_members = 1'000'000;  // of every group together
};

class FakeWorld : public Host {
 public:
  using Limits = FakeWorldLimits;
  struct Unit {
    std::string type;
    std::int32_t owner = 0;
    double x = 0, y = 0;
    double life = 45;
    bool alive = true;
    bool removed = false;
    std::map<std::int32_t, std::int32_t> custom;  // raw fixed, indices 0..63
  };
  struct Region {
    bool circle = false;
    double x0 = 10, y0 = 8, x1 = 54, y1 = 44;  // rectangle; a circle uses x0, y0 as centre and r
    double r = 0;
    double center_x() const { return circle ? x0 : (x0 + x1) / 2; }
    double center_y() const { return circle ? y0 : (y0 + y1) / 2; }
    bool contains(double x, double y) const {
      return circle ? (x - x0) * (x - x0) + (y - y0) * (y - y0) <= r * r : x >= x0 && x <= x1 && y >= y0 && y <= y1;
    }
  };

  static constexpr Handle kGroupBase = 1u << 30;
  static constexpr Handle kRegionBase = 1u << 29;
  static constexpr Handle kEntireMap = kRegionBase;  // region "0"
  static constexpr std::int32_t kRegions = 16;
  static constexpr std::int32_t kPlayers = 16;         // 0 (neutral) .. 15
  static constexpr std::int32_t kProperties = 64;      // c_playerProp* and c_unitProp* indices
  static constexpr std::int32_t kObjectiveFailed = 3;  // c_objectiveStateFailed

  explicit FakeWorld(Limits limits = {}) : limits_(limits) {
    regions_[0] = Region{false, 0, 0, 64, 64, 0};
    regions_[2] = Region{true, 32, 26, 0, 0, 1.25};  // MoveToBeacon's beacon circle, re-centred by its script
  }

  // [SECTION] Host
  std::uint32_t random_u32() override {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return static_cast<std::uint32_t>((state_ * 0x2545F4914F6CDD1Dull) >> 32);
  }
  void unit_group_units(Handle group, std::vector<Handle>& out) override {
    if (const std::vector<Handle>* members = group_of(group)) out.insert(out.end(), members->begin(), members->end());
  }

  // [SECTION] The world, for tests
  std::vector<Unit> units;  // handle = index + 1
  std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> properties;  // (player, property) -> value
  std::map<std::int32_t, std::int32_t> objective_states;  // ObjectiveCreate id -> c_objectiveState*
  std::int32_t player_type = 1;  // PlayerType(): 1 user; 2 computer ("demo mode")
  bool paused = false;
  Handle last_created = 0;
  std::vector<std::uint64_t> calls = std::vector<std::uint64_t>(Library::builtin().functions().size());

  Unit* unit(Handle h) { return h >= 1 && h <= units.size() ? &units[h - 1] : nullptr; }
  std::uint64_t calls_of(std::string_view name) const {
    return calls[static_cast<std::size_t>(Library::builtin().find_function(name))];
  }
  std::int32_t property(std::int32_t player, std::int32_t id) const {
    const auto it = properties.find({player, id});
    return it == properties.end() ? 0 : it->second;
  }
  std::int32_t score() const { return property(1, 20); }  // c_playerPropCurriculumScore
  std::vector<Handle> alive_units_of(std::int32_t owner, std::string_view type = "") const {
    std::vector<Handle> found;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const Unit& u = units[i];
      if (u.alive && !u.removed && u.owner == owner && (type.empty() || u.type == type)) found.push_back(i + 1);
    }
    return found;
  }
  bool any_objective_failed() const {
    return std::any_of(objective_states.begin(), objective_states.end(),
                       [](const auto& entry) { return entry.second == kObjectiveFailed; });
  }
  Region& region(std::int32_t id) { return regions_[id]; }
  // Kills a unit as the game would: it stops being alive; the host then fires the event.
  void kill(Handle h) {
    if (Unit* u = unit(h)) u->alive = false;
  }

  void register_natives(NativeRegistry& registry);

 private:
  std::vector<Handle>* group_of(Handle h) {
    return h >= kGroupBase && h - kGroupBase < groups_.size() ? &groups_[h - kGroupBase] : nullptr;
  }
  bool new_group(NativeCall& call, std::vector<Handle> members = {}) {
    if (groups_.size() >= limits_.max_groups || group_members_ + members.size() > limits_.max_group_members) {
      call.fail("the fake world holds at most " + std::to_string(limits_.max_groups) + " unit groups and " +
                std::to_string(limits_.max_group_members) + " members");
      return false;
    }
    group_members_ += members.size();
    groups_.push_back(std::move(members));
    call.return_handle(kGroupBase + groups_.size() - 1);
    return true;
  }
  Region* region_of(Handle h) {
    if (h < kRegionBase || h >= kRegionBase + kRegions) return nullptr;
    return &regions_[static_cast<std::int32_t>(h - kRegionBase)];  // one of the 16: no growth
  }
  double random_between(double low, double high) { return low + (high - low) * (random_u32() / 4294967296.0); }
  Point random_point(const Region& r) {
    if (!r.circle) return Point::from_world(random_between(r.x0, r.x1), random_between(r.y0, r.y1));
    const double angle = random_between(0, 6.283185307179586);
    const double distance = r.r * std::sqrt(random_between(0, 1));
    return Point::from_world(r.x0 + distance * std::cos(angle), r.y0 + distance * std::sin(angle));
  }
  // UnitCreate's units, in a new group (returned when `as_group`); fails past max_units.
  void create_units(NativeCall& call, std::int32_t count, std::string_view type, std::int32_t owner, Point at,
                    bool as_group) {
    if (count < 0 || units.size() + static_cast<std::size_t>(count) > limits_.max_units) {
      return call.fail("the fake world holds at most " + std::to_string(limits_.max_units) + " units");
    }
    call.charge(count);
    std::vector<Handle> made;
    for (std::int32_t i = 0; i < count; ++i) {
      Unit u;
      u.type = std::string(type);
      u.owner = owner;
      u.x = at.world_x() + 0.5 * i;  // spread a little, like the game's placement search
      u.y = at.world_y();
      units.push_back(u);
      made.push_back(units.size());
    }
    if (!made.empty()) last_created = made.back();
    if (as_group) new_group(call, std::move(made));
  }
  bool usable(NativeCall& call, Handle h) {
    if (unit(h)) return true;
    call.fail("the unit is null");
    return false;
  }
  bool known_property(NativeCall& call, std::int32_t player, std::int32_t id) {
    if (player >= 0 && player < kPlayers && id >= 0 && id < kProperties) return true;
    call.fail("no property " + std::to_string(id) + " of player " + std::to_string(player));
    return false;
  }
  std::vector<Handle> alive_members(NativeCall& call, Handle group) {
    std::vector<Handle> alive;
    if (const std::vector<Handle>* g = group_of(group)) {
      call.charge(static_cast<std::int64_t>(g->size()));
      for (const Handle h : *g) {
        if (unit(h) && unit(h)->alive && !unit(h)->removed) alive.push_back(h);
      }
    }
    return alive;
  }
  void add(NativeRegistry& registry, std::string_view name, NativeFunction function);
  void register_unit_natives(NativeRegistry& registry);
  void register_group_natives(NativeRegistry& registry);
  void register_place_and_player_natives(NativeRegistry& registry);

  Limits limits_;
  std::vector<std::vector<Handle>> groups_;
  std::size_t group_members_ = 0;
  std::map<std::int32_t, Region> regions_;
  std::map<std::int32_t, Handle> placed_units_;
  std::uint64_t state_ = 0x2545F4914F6CDD1Dull;
};

inline void FakeWorld::add(NativeRegistry& registry, std::string_view name, NativeFunction function) {
  registry.add(name, [this, function = std::move(function)](NativeCall& call) {
    ++calls[static_cast<std::size_t>(call.function())];
    function(call);
  });
}

inline void FakeWorld::register_natives(NativeRegistry& r) {
  register_headless_natives(r);
  const auto nothing = [](NativeCall&) {};
  for (const std::string_view name : {"RegionPlayableMapSet", "RestartGame", "CameraPan", "VisEnable", "VisRevealArea",
                                      "VisExploreArea", "AIStart", "AICampaignStart", "AIToggleBulliesInRegion",
                                      "libNtve_gf_AICast", "UnitGroupSelect", "libNtve_gf_PauseUnit", "GameOver",
                                      "MeleeInitResources", "MeleeInitUnits", "MeleeInitAI", "MeleeInitOptions"}) {
    add(r, name, nothing);
  }
  // Objectives: ids from 1 (0 is c_invalidObjectiveId), their states kept for the tests.
  add(r, "ObjectiveCreate", [this](NativeCall& c) {
    if (objective_states.size() >= limits_.max_groups) return c.fail("too many objectives");
    const auto id = static_cast<std::int32_t>(objective_states.size() + 1);
    objective_states[id] = c.int_arg(2);
    c.return_int(id);
  });
  add(r, "ObjectiveLastCreated", [this](NativeCall& c) { c.return_int(static_cast<std::int32_t>(objective_states.size())); });
  add(r, "ObjectiveSetState", [this](NativeCall& c) {
    if (const auto it = objective_states.find(c.int_arg(0)); it != objective_states.end()) it->second = c.int_arg(1);
  });
  register_unit_natives(r);
  register_group_natives(r);
  register_place_and_player_natives(r);
}

inline void FakeWorld::register_unit_natives(NativeRegistry& r) {
  add(r, "UnitCreate", [this](NativeCall& c) {
    if (c.is_null(4)) return c.fail("the point is null");
    create_units(c, c.int_arg(0), c.string_arg(1), c.int_arg(3), c.point_arg(4), true);
  });
  add(r, "libNtve_gf_CreateUnitsWithDefaultFacing", [this](NativeCall& c) {
    if (c.is_null(4)) return c.fail("the point is null");
    create_units(c, c.int_arg(0), c.string_arg(1), c.int_arg(3), c.point_arg(4), false);
  });
  add(r, "UnitLastCreated", [this](NativeCall& c) { c.return_handle(last_created); });
  add(r, "UnitFromId", [this](NativeCall& c) {  // a placed mineral field per id, made when first asked
    const auto it = placed_units_.find(c.int_arg(0));
    if (it != placed_units_.end()) return c.return_handle(it->second);
    if (units.size() >= limits_.max_units) return c.fail("the fake world holds at most " + std::to_string(limits_.max_units) + " units");
    units.push_back(Unit{"MineralField", 0, 20.0 + c.int_arg(0) % 20, 30, 1500, true, false, {}});
    placed_units_[c.int_arg(0)] = units.size();
    c.return_handle(units.size());
  });
  add(r, "UnitRemove", [this](NativeCall& c) {  // gone from the game, so from every group (no death event)
    if (Unit* u = unit(c.handle_arg(0))) u->removed = true;
    c.charge(static_cast<std::int64_t>(group_members_ + groups_.size()));
    for (std::vector<Handle>& group : groups_) group_members_ -= std::erase(group, c.handle_arg(0));
  });
  add(r, "UnitGetPosition", [this](NativeCall& c) {
    if (usable(c, c.handle_arg(0))) c.return_point(Point::from_world(unit(c.handle_arg(0))->x, unit(c.handle_arg(0))->y));
  });
  add(r, "UnitSetPosition", [this](NativeCall& c) {
    if (!usable(c, c.handle_arg(0)) || c.is_null(1)) return;
    unit(c.handle_arg(0))->x = c.point_arg(1).world_x();
    unit(c.handle_arg(0))->y = c.point_arg(1).world_y();
  });
  add(r, "UnitGetOwner", [this](NativeCall& c) {
    if (usable(c, c.handle_arg(0))) c.return_int(unit(c.handle_arg(0))->owner);
  });
  add(r, "UnitGetType", [this](NativeCall& c) {
    if (usable(c, c.handle_arg(0))) c.return_string(unit(c.handle_arg(0))->type);
  });
  add(r, "UnitGetPropertyFixed", [this](NativeCall& c) {
    if (usable(c, c.handle_arg(0))) c.return_fixed(c.int_arg(1) == 0 ? unit(c.handle_arg(0))->life : 0.0);
  });
  add(r, "UnitSetPropertyFixed", [this](NativeCall& c) {
    if (usable(c, c.handle_arg(0)) && c.int_arg(1) == 0) unit(c.handle_arg(0))->life = c.fixed_arg(2);
  });
  add(r, "UnitGetCustomValue", [this](NativeCall& c) {
    if (!usable(c, c.handle_arg(0)) || !known_property(c, 0, c.int_arg(1))) return;
    const auto& custom = unit(c.handle_arg(0))->custom;
    const auto it = custom.find(c.int_arg(1));
    c.return_fixed_raw(it == custom.end() ? 0 : it->second);
  });
  add(r, "UnitSetCustomValue", [this](NativeCall& c) {
    if (usable(c, c.handle_arg(0)) && known_property(c, 0, c.int_arg(1))) {
      unit(c.handle_arg(0))->custom[c.int_arg(1)] = c.fixed_raw_arg(2);
    }
  });
  add(r, "UnitIsAlive", [this](NativeCall& c) {
    const Unit* u = unit(c.handle_arg(0));
    c.return_bool(u && u->alive && !u->removed);
  });
  add(r, "UnitIssueOrder", [](NativeCall& c) { c.return_bool(true); });
  add(r, "UnitOrder", [](NativeCall& c) { c.return_handle(0); });  // idle: no order
  add(r, "UnitOrderCount", [](NativeCall& c) { c.return_int(0); });
  add(r, "UnitPauseAll", [this](NativeCall& c) { paused = c.bool_arg(0); });
  add(r, "UnitCount", [this](NativeCall& c) {
    c.charge(static_cast<std::int64_t>(units.size()));
    std::int32_t count = 0;
    for (const Unit& u : units) count += u.alive && !u.removed && (c.is_null(0) || u.type == c.string_arg(0));
    c.return_int(count);
  });
  add(r, "libNtve_gf_UnitInRegion", [this](NativeCall& c) {
    const Unit* u = unit(c.handle_arg(0));
    const Region* region = region_of(c.handle_arg(1));
    c.return_bool(u && region && region->contains(u->x, u->y));
  });
  add(r, "libNtve_gf_UnitIsVisibleToPlayer", [](NativeCall& c) { c.return_bool(true); });
}

inline void FakeWorld::register_group_natives(NativeRegistry& r) {
  add(r, "UnitGroup", [this](NativeCall& c) {
    c.charge(static_cast<std::int64_t>(units.size()));
    std::vector<Handle> members;
    const Region* region = region_of(c.handle_arg(2));
    const std::int32_t max = c.int_arg(4);
    for (std::size_t i = 0; i < units.size(); ++i) {
      const Unit& u = units[i];
      if (!u.alive || u.removed) continue;  // every reference filter excludes the dead
      if (!c.is_null(0) && u.type != c.string_arg(0)) continue;
      if (c.int_arg(1) != 16 && u.owner != c.int_arg(1)) continue;
      if (region && !region->contains(u.x, u.y)) continue;
      members.push_back(i + 1);
      if (max > 0 && static_cast<std::int32_t>(members.size()) >= max) break;
    }
    new_group(c, std::move(members));
  });
  add(r, "UnitGroupEmpty", [this](NativeCall& c) { new_group(c); });
  add(r, "UnitGroupAdd", [this](NativeCall& c) {
    std::vector<Handle>* g = group_of(c.handle_arg(0));
    if (!g || !c.handle_arg(1)) return;
    c.charge(static_cast<std::int64_t>(g->size()));
    if (std::find(g->begin(), g->end(), c.handle_arg(1)) != g->end()) return;
    if (group_members_ >= limits_.max_group_members) return c.fail("too many unit group members");
    g->push_back(c.handle_arg(1));
    ++group_members_;
  });
  add(r, "UnitGroupRemove", [this](NativeCall& c) {
    if (std::vector<Handle>* g = group_of(c.handle_arg(0))) {
      c.charge(static_cast<std::int64_t>(g->size()));
      group_members_ -= std::erase(*g, c.handle_arg(1));
    }
  });
  add(r, "UnitGroupClear", [this](NativeCall& c) {
    if (std::vector<Handle>* g = group_of(c.handle_arg(0))) {
      group_members_ -= g->size();
      g->clear();
    }
  });
  add(r, "UnitGroupCount", [this](NativeCall& c) {
    const std::vector<Handle>* g = group_of(c.handle_arg(0));
    if (c.int_arg(1) == 1) return c.return_int(static_cast<std::int32_t>(alive_members(c, c.handle_arg(0)).size()));
    c.return_int(g ? static_cast<std::int32_t>(g->size()) : 0);
  });
  add(r, "libNtve_gf_UnitGroupIsDead", [this](NativeCall& c) { c.return_bool(alive_members(c, c.handle_arg(0)).empty()); });
  add(r, "UnitGroupHasUnit", [this](NativeCall& c) {
    const std::vector<Handle>* g = group_of(c.handle_arg(0));
    if (g) c.charge(static_cast<std::int64_t>(g->size()));
    c.return_bool(g && std::find(g->begin(), g->end(), c.handle_arg(1)) != g->end());
  });
  add(r, "UnitGroupUnit", [this](NativeCall& c) {  // 1-based
    const std::vector<Handle>* g = group_of(c.handle_arg(0));
    const std::int32_t i = c.int_arg(1);
    c.return_handle(g && i >= 1 && i <= static_cast<std::int32_t>(g->size()) ? (*g)[static_cast<std::size_t>(i - 1)] : 0);
  });
  add(r, "UnitGroupClosestToPoint", [this](NativeCall& c) {
    if (c.is_null(1)) return c.fail("the point is null");
    const Point p = c.point_arg(1);
    Handle best = 0;
    double best_distance = 1e300;
    for (const Handle h : alive_members(c, c.handle_arg(0))) {
      const double d = std::hypot(unit(h)->x - p.world_x(), unit(h)->y - p.world_y());
      if (d < best_distance) best_distance = d, best = h;
    }
    c.return_handle(best);
  });
  add(r, "UnitGroupCenterOfGroup", [this](NativeCall& c) {
    const std::vector<Handle> alive = alive_members(c, c.handle_arg(0));
    double x = 32, y = 26;
    if (!alive.empty()) {
      x = y = 0;
      for (const Handle h : alive) x += unit(h)->x, y += unit(h)->y;
      x /= static_cast<double>(alive.size());
      y /= static_cast<double>(alive.size());
    }
    c.return_point(Point::from_world(x, y));
  });
  add(r, "UnitGroupIssueOrder", [](NativeCall& c) { c.return_bool(true); });
}

inline void FakeWorld::register_place_and_player_natives(NativeRegistry& r) {
  add(r, "RegionFromId", [](NativeCall& c) {
    const std::int32_t id = c.int_arg(0);
    c.return_handle(id >= 0 && id < kRegions ? kRegionBase + static_cast<Handle>(id) : 0);
  });
  add(r, "RegionEntireMap", [](NativeCall& c) { c.return_handle(kEntireMap); });
  add(r, "RegionGetCenter", [this](NativeCall& c) {
    if (const Region* region = region_of(c.handle_arg(0))) {
      c.return_point(Point::from_world(region->center_x(), region->center_y()));
    } else {
      c.fail("the region is null");
    }
  });
  add(r, "RegionSetCenter", [this](NativeCall& c) {
    Region* region = region_of(c.handle_arg(0));
    if (!region || c.is_null(1)) return c.fail("the region or point is null");
    const double dx = c.point_arg(1).world_x() - region->center_x();
    const double dy = c.point_arg(1).world_y() - region->center_y();
    region->x0 += dx, region->y0 += dy, region->x1 += dx, region->y1 += dy;
  });
  add(r, "RegionRandomPoint", [this](NativeCall& c) {
    if (const Region* region = region_of(c.handle_arg(0))) {
      c.return_point(random_point(*region));
    } else {
      c.fail("the region is null");
    }
  });
  add(r, "RegionContainsPoint", [this](NativeCall& c) {
    const Region* region = region_of(c.handle_arg(0));
    c.return_bool(region && !c.is_null(1) && region->contains(c.point_arg(1).world_x(), c.point_arg(1).world_y()));
  });
  add(r, "PointFromId", [](NativeCall& c) {  // somewhere inside a 32x32 SMAC map or a mini-game arena
    c.return_point(Point::from_world(9 + c.int_arg(0) % 14, 12 + c.int_arg(0) % 8));
  });

  add(r, "PlayerModifyPropertyInt", [this](NativeCall& c) {
    if (!known_property(c, c.int_arg(0), c.int_arg(1))) return;
    std::int32_t& value = properties[{c.int_arg(0), c.int_arg(1)}];
    switch (c.int_arg(2)) {
      case 0: value = c.int_arg(3); break;
      case 1: value = int_add(value, c.int_arg(3)); break;
      case 2: value = int_subtract(value, c.int_arg(3)); break;
      default: break;
    }
  });
  add(r, "PlayerGetPropertyInt", [this](NativeCall& c) { c.return_int(property(c.int_arg(0), c.int_arg(1))); });
  add(r, "PlayerGetPropertyFixed", [this](NativeCall& c) { c.return_fixed(property(c.int_arg(0), c.int_arg(1))); });
  add(r, "PlayerType", [this](NativeCall& c) { c.return_int(c.int_arg(0) == 1 ? player_type : 1); });
  add(r, "VisIsVisibleForPlayer", [](NativeCall& c) { c.return_bool(true); });
}

}  // namespace sc2::galaxy::test
