#include "engine/sim/construction.h"

#include <algorithm>
#include <cmath>

#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/economy.h"
#include "engine/sim/movement.h"
#include "engine/sim/orders.h"
#include "engine/sim/path_following.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr float kStartHealthFraction = 0.1f;  // a new structure starts at 10% life
constexpr float kSiteReach = 0.05f;

bool refinery_on(const World& world, UnitId geyser) {
  for (const Unit* u : world.units()) {
    if (u->type() == unit_type::kRefinery && u->geyser == geyser) return true;
  }
  return false;
}

float axis_snap(float v, int size) {
  return size % 2 == 0 ? std::round(v) : std::floor(v) + 0.5f;
}

bool disc_overlaps_cells(const Unit& u, const Footprint& f) {
  const float cx = std::clamp(u.pos.x, static_cast<float>(f.x0), static_cast<float>(f.x0 + f.w));
  const float cy = std::clamp(u.pos.y, static_cast<float>(f.y0), static_cast<float>(f.y0 + f.h));
  return distance(u.pos, {cx, cy}) < u.radius;
}

}  // namespace

std::uint32_t structure_built_by(std::uint32_t ability_id) {
  switch (ability_id) {
    case ability::kBuildSupplyDepot: return unit_type::kSupplyDepot;
    case ability::kBuildRefinery: return unit_type::kRefinery;
    case ability::kBuildBarracks: return unit_type::kBarracks;
    case ability::kBuildCommandCenter: return unit_type::kCommandCenter;
    case ability::kBuildEngineeringBay: return unit_type::kEngineeringBay;
    case ability::kBuildFactory: return unit_type::kFactory;
    default: return 0;
  }
}

Vec2 snap_to_grid(const UnitTypeStats& type, Vec2 p) {
  return {axis_snap(p.x, type.footprint_w), axis_snap(p.y, type.footprint_h)};
}

Footprint footprint_at(const UnitTypeStats& type, Vec2 centre) {
  return {static_cast<int>(std::lround(centre.x - type.footprint_w * 0.5f)),
          static_cast<int>(std::lround(centre.y - type.footprint_h * 0.5f)), type.footprint_w, type.footprint_h};
}

CommandOutcome check_placement(const World& world, int player, std::uint32_t type, Vec2 centre, UnitId builder) {
  const UnitTypeStats* stats = find_unit_type(type);
  if (stats == nullptr || stats->footprint_w <= 0) return CommandOutcome::Error;
  const Footprint f = footprint_at(*stats, centre);
  const MapLayout& map = world.map();
  for (int y = f.y0; y < f.y0 + f.h; ++y) {
    for (int x = f.x0; x < f.x0 + f.w; ++x) {
      if (!map.in_bounds(x, y) || !map.playable.contains(x, y) || map.buildable[map.cell(x, y)] == 0) {
        return CommandOutcome::CantBuildLocationInvalid;
      }
    }
  }
  for (const Unit* u : world.units()) {
    if (u->id == builder || !u->stats->solid()) continue;
    if (u->stats->footprint_w > 0) {
      if (footprint_at(*u->stats, u->pos).overlaps(f)) return CommandOutcome::CantBuildLocationInvalid;
    } else if (u->owner != player && disc_overlaps_cells(*u, f)) {
      // Own units step aside when construction starts; anyone else's blocks the spot.
      return CommandOutcome::CantBuildLocationInvalid;
    }
  }
  return CommandOutcome::Done;
}

CommandOutcome issue_build(World& world, Unit& worker, std::uint32_t ability_id, const CommandTarget& target,
                           bool queue) {
  const std::uint32_t type = structure_built_by(ability_id);
  const UnitTypeStats* stats = find_unit_type(type);
  if (stats == nullptr) return CommandOutcome::Error;
  // On a halted structure of its own kind the ability resumes it (already paid for).
  if (Unit* site = world.find(target.unit);
      site != nullptr && site->type() == type && site->owner == worker.owner && construction_halted(world, *site)) {
    return issue_resume(world, worker, *site, queue);
  }
  if (stats->tech_requirement != 0 && !has_finished_structure(world, worker.owner, stats->tech_requirement)) {
    return CommandOutcome::TechRequirementsNotMet;
  }
  if (!target.point) return CommandOutcome::NeedsTarget;
  if (queue && worker.orders.size() >= kMaxQueuedOrders) return CommandOutcome::QueueIsFull;
  if (const CommandOutcome cost = check_cost(world, worker.owner, type, false); cost != CommandOutcome::Done) {
    return cost;
  }
  Order order;
  order.kind = OrderKind::Build;
  order.ability_id = ability_id;
  order.build_type = type;
  if (type == unit_type::kRefinery) {
    const Unit* geyser = world.find(target.unit);
    if (geyser == nullptr) return CommandOutcome::CantTargetThatUnit;
    if (!is_geyser(*geyser) || refinery_on(world, geyser->id)) return CommandOutcome::CantBuildOnThat;
    order.target = geyser->pos;
    order.target_unit = geyser->id;
  } else {
    order.target = snap_to_grid(*stats, *target.point);
    const CommandOutcome placed = check_placement(world, worker.owner, type, order.target, worker.id);
    if (placed != CommandOutcome::Done) return placed;
  }
  give_order(worker, order, queue);
  return CommandOutcome::Done;
}

bool construction_halted(const World& world, const Unit& structure) {
  // An add-on is built by its Barracks (add_ons.h), never by an SCV.
  if (!structure.under_construction || is_add_on(structure.type())) return false;
  const Unit* builder = world.find(structure.builder);
  if (builder == nullptr || !builder->alive()) return true;
  return std::none_of(builder->orders.begin(), builder->orders.end(), [&](const Order& o) {
    return o.kind == OrderKind::Build && o.target_unit == structure.id;
  });
}

CommandOutcome issue_resume(World& world, Unit& worker, Unit& structure, bool queue) {
  if (worker.type() != unit_type::kScv || structure.owner != worker.owner || !construction_halted(world, structure)) {
    return CommandOutcome::CantTargetThatUnit;
  }
  if (queue && worker.orders.size() >= kMaxQueuedOrders) return CommandOutcome::QueueIsFull;
  Order order;
  order.kind = OrderKind::Build;
  order.ability_id = structure.stats->built_by_ability;
  order.build_type = structure.type();
  order.target = structure.pos;
  order.target_unit = structure.id;
  give_order(worker, order, queue);
  // The builder from now on, even while walking there: no second SCV takes it over.
  structure.builder = worker.id;
  return CommandOutcome::Done;
}

namespace {

// A Build order walking to an unfinished structure (a resume) rather than to a site: its
// target_unit is set and is no geyser (a new Refinery's target_unit is its geyser). A
// resumed structure that is gone ends the order (find gives nullptr).
bool resumes(const World& world, const Order& order) {
  if (!order.target_unit.valid()) return false;
  const Unit* target = world.find(order.target_unit);
  return target == nullptr || !is_geyser(*target);
}

// Walking to a halted structure; on arrival the worker goes to work on it.
bool approach_unfinished(World& world, Unit& worker, Order& order, const UnitTypeStats& stats) {
  const Unit* site = world.find(order.target_unit);
  if (site == nullptr || !site->under_construction || site->builder != worker.id) return true;
  if (!move_towards(world, worker, site->pos, stats.radius + worker.radius + kSiteReach)) return false;
  order.phase = OrderPhase::Work;
  return false;
}

// On arrival: check the site and the bank again, pay, and lay the foundation.
bool start_construction(World& world, Unit& worker, Order& order) {
  if (order.build_type == unit_type::kRefinery) {
    const Unit* geyser = world.find(order.target_unit);
    if (geyser == nullptr || refinery_on(world, geyser->id)) return false;
  } else if (check_placement(world, worker.owner, order.build_type, order.target, worker.id) !=
             CommandOutcome::Done) {
    return false;
  }
  if (check_cost(world, worker.owner, order.build_type, false) != CommandOutcome::Done) return false;
  pay(world, worker.owner, order.build_type);
  const UnitId geyser_id = order.build_type == unit_type::kRefinery ? order.target_unit : UnitId{};
  const int gas = geyser_id.valid() ? world.find(geyser_id)->vespene_contents : 0;
  const UnitId id = world.spawn(order.build_type, worker.owner, order.target);
  Unit& structure = *world.find(id);
  lay_foundation(structure, worker.id);
  structure.geyser = geyser_id;
  structure.vespene_contents = gas;
  order.target_unit = id;
  order.phase = OrderPhase::Work;
  return true;
}

}  // namespace

bool run_build(World& world, Unit& worker, Order& order) {
  const UnitTypeStats* stats = find_unit_type(order.build_type);
  if (stats == nullptr) return true;
  if (order.phase == OrderPhase::Approach) {
    if (resumes(world, order)) return approach_unfinished(world, worker, order, *stats);
    if (!move_towards(world, worker, order.target, stats->radius + worker.radius + kSiteReach)) return false;
    return !start_construction(world, worker, order);
  }
  Unit* structure = world.find(order.target_unit);
  if (structure == nullptr || !structure->under_construction || structure->builder != worker.id) return true;
  face_towards(worker, structure->pos);
  return advance_construction(world, *structure, Alert::BuildingComplete);
}

void lay_foundation(Unit& structure, UnitId builder) {
  structure.under_construction = true;
  structure.build_loops_done = 0;
  structure.health = structure.stats->health_max * kStartHealthFraction;
  structure.builder = builder;
}

bool advance_construction(World& world, Unit& structure, Alert done) {
  const float total = static_cast<float>(structure.stats->build_time_loops);
  ++structure.build_loops_done;
  structure.health =
      std::min(structure.health_max, structure.health + structure.health_max * (1.0f - kStartHealthFraction) / total);
  if (structure.build_loops_done < structure.stats->build_time_loops) return false;
  // The per-loop float increments fall a hair short of the maximum (~0.02 of 1000); an
  // undamaged structure finishes at full life, as in the game (a hit takes at least 0.5).
  if (structure.health_max - structure.health < 0.25f) structure.health = structure.health_max;
  structure.under_construction = false;
  structure.builder = {};
  world.raise_alert(structure.owner, done, structure);
  return true;
}

CommandOutcome cancel_construction(World& world, Unit& structure) {
  if (!structure.under_construction) return CommandOutcome::NothingToCancel;
  refund(world, structure.owner, structure.type(), kCancelRefund);
  world.remove(structure.id);
  return CommandOutcome::Done;
}

}  // namespace sc2::engine
