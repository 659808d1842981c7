#include "engine/sim/harvest.h"

#include <algorithm>

#include "engine/sim/abilities.h"
#include "engine/sim/economy.h"
#include "engine/sim/movement.h"
#include "engine/sim/orders.h"
#include "engine/sim/path_following.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

// Where a worker looks for another field when its own ran dry or is being mined (around the
// old one): the game's Gather has an acquire radius for other fields.
constexpr float kNextFieldSearchRadius = 8.0f;
// How often a worker waiting at a field being mined looks for an unclaimed one (loops).
constexpr int kBounceLookLoops = 16;

bool is_own_refinery(const Unit& u, int player) {
  return u.type() == unit_type::kRefinery && u.owner == player && u.complete();
}

Unit* nearest_drop_off(World& world, const Unit& worker) {
  Unit* best = nullptr;
  float best_d = 0.0f;
  world.for_each_unit([&](Unit& u) {
    if (u.owner != worker.owner || u.type() != unit_type::kCommandCenter || !u.complete()) return;
    const float d = distance(u.pos, worker.pos);
    if (best == nullptr || d < best_d) best = &u, best_d = d;
  });
  return best;
}

Unit* nearest_field(World& world, Vec2 around) {
  Unit* best = nullptr;
  float best_d = 0.0f;
  world.for_each_unit([&](Unit& u) {
    if (!is_mineral_field(u) || !u.alive()) return;
    const float d = distance(u.pos, around);
    if (d > kNextFieldSearchRadius) return;
    if (best == nullptr || d < best_d) best = &u, best_d = d;
  });
  return best;
}

// A worker that finds its field being mined moves on to a field around it that fewer other
// workers are bound for ("bouncing": a group sent to one field spreads over the mineral line,
// while workers spread evenly keep waiting their turns): the least claimed, then the nearest.
Unit* less_claimed_field_near(World& world, const Unit& taken, const Unit& worker) {
  thread_local std::vector<UnitId> claimed;  // one entry per other worker, its field
  claimed.clear();
  world.for_each_unit([&](Unit& u) {
    if (&u == &worker || u.orders.empty() || u.orders.front().kind != OrderKind::Gather) return;
    claimed.push_back(u.orders.front().target_unit);
  });
  const auto claims = [&](UnitId id) { return std::count(claimed.begin(), claimed.end(), id); };
  const auto here = claims(taken.id);
  Unit* best = nullptr;
  std::ptrdiff_t best_claims = 0;
  float best_d = 0.0f;
  world.for_each_unit([&](Unit& u) {
    if (&u == &taken || !is_mineral_field(u) || !u.alive() || distance(u.pos, taken.pos) > kNextFieldSearchRadius) return;
    const auto there = claims(u.id);
    if (there >= here) return;
    const float d = distance(u.pos, worker.pos);
    if (best == nullptr || there < best_claims || (there == best_claims && d < best_d)) {
      best = &u, best_claims = there, best_d = d;
    }
  });
  return best;
}

// True when the worker stands within reach of `target`'s edge after this loop's step.
bool walk_to_edge(World& world, Unit& worker, const Unit& target) {
  return move_towards(world, worker, target.pos, target.radius + worker.radius + kHarvestReach);
}

// The worker currently working `resource` (mining inside it), if any.
bool occupied_by_other(World& world, const Unit& resource, const Unit& worker) {
  if (!resource.harvester.valid() || resource.harvester == worker.id) return false;
  const Unit* other = world.find(resource.harvester);
  if (other == nullptr || other->orders.empty()) return false;
  const Order& o = other->orders.front();
  return o.kind == OrderKind::Gather && o.phase == OrderPhase::Work && o.target_unit == resource.id;
}

void start_return(Order& order) {
  order.phase = OrderPhase::Return;
  order.ability_id = ability::kHarvestReturnScv;
}

void extract(World& world, Unit& worker, Unit& resource) {
  if (is_mineral_field(resource)) {
    const int amount = std::min(kMineralsPerTrip, resource.mineral_contents);
    resource.mineral_contents -= amount;
    worker.cargo_minerals = amount;
    if (resource.mineral_contents <= 0) {
      resource.health = 0.0f;  // depleted: removed this loop
      world.raise_alert(worker.owner, Alert::MineralsExhausted, resource);
    }
  } else {
    const int amount = std::min(kVespenePerTrip, resource.vespene_contents);
    resource.vespene_contents -= amount;
    if (amount > 0 && resource.vespene_contents <= 0) world.raise_alert(worker.owner, Alert::VespeneExhausted, resource);
    if (Unit* geyser = world.find(resource.geyser)) geyser->vespene_contents = resource.vespene_contents;
    worker.cargo_vespene = amount;
  }
  resource.harvester = {};
  worker.last_resource = resource.id;
}


}  // namespace

Unit* harvest_target(World& world, int player, Unit& target) {
  if (is_mineral_field(target)) return &target;
  if (is_own_refinery(target, player)) return &target;
  if (is_geyser(target)) {
    for (Unit* u : world.units()) {
      if (is_own_refinery(*u, player) && u->geyser == target.id) return u;
    }
  }
  return nullptr;
}

CommandOutcome issue_gather(World& world, Unit& worker, UnitId target, bool queue) {
  Unit* t = world.find(target);
  if (t == nullptr) return CommandOutcome::NeedsTarget;
  Unit* resource = harvest_target(world, worker.owner, *t);
  if (resource == nullptr) return CommandOutcome::CantHarvestThatResource;
  if (queue && worker.orders.size() >= kMaxQueuedOrders) return CommandOutcome::QueueIsFull;
  Order order;
  order.kind = OrderKind::Gather;
  order.ability_id = ability::kHarvestGatherScv;
  order.target = resource->pos;
  order.target_unit = resource->id;
  // A worker already carrying a load hands it in first.
  if (worker.carrying()) start_return(order);
  give_order(worker, order, queue);
  return CommandOutcome::Done;
}

CommandOutcome issue_return(World& world, Unit& worker, bool queue) {
  if (!worker.carrying()) return CommandOutcome::Error;
  if (queue && worker.orders.size() >= kMaxQueuedOrders) return CommandOutcome::QueueIsFull;
  Order order;
  order.kind = OrderKind::Gather;
  order.target_unit = worker.last_resource;
  if (const Unit* r = world.find(worker.last_resource)) order.target = r->pos;
  start_return(order);
  give_order(worker, order, queue);
  return CommandOutcome::Done;
}

bool run_gather(World& world, Unit& worker, Order& order) {
  switch (order.phase) {
    case OrderPhase::Approach: {
      Unit* resource = world.find(order.target_unit);
      if (resource == nullptr || !resource->alive()) {
        Unit* next = nearest_field(world, order.target);
        if (next == nullptr) return true;  // nothing left to mine nearby
        order.target_unit = next->id;
        order.target = next->pos;
        return false;
      }
      if (!walk_to_edge(world, worker, *resource)) return false;
      if (occupied_by_other(world, *resource, worker)) {
        // A Refinery: wait for the one inside. A field: look around now and then while waiting.
        if (!is_mineral_field(*resource)) return false;
        if (order.timer > 0) {
          --order.timer;
          return false;
        }
        order.timer = kBounceLookLoops;
        if (Unit* next = less_claimed_field_near(world, *resource, worker)) {
          order.target_unit = next->id;
          order.target = next->pos;
          order.timer = 0;
        }
        return false;  // else wait for the field (saturation)
      }
      resource->harvester = worker.id;
      order.phase = OrderPhase::Work;
      order.timer = is_mineral_field(*resource) ? kMiningLoops : kGasLoops;
      return false;
    }
    case OrderPhase::Work: {
      Unit* resource = world.find(order.target_unit);
      if (resource == nullptr || !resource->alive()) {
        order.phase = OrderPhase::Approach;
        return false;
      }
      face_towards(worker, resource->pos);
      if (order.timer > 0) --order.timer;
      if (order.timer > 0) return false;
      extract(world, worker, *resource);
      start_return(order);
      return false;
    }
    case OrderPhase::Return: {
      Unit* drop_off = nearest_drop_off(world, worker);
      if (drop_off == nullptr) return false;  // nowhere to hand in: wait
      if (!worker.carrying()) {
        order.phase = OrderPhase::Approach;
        order.ability_id = ability::kHarvestGatherScv;
        return world.find(order.target_unit) == nullptr;
      }
      if (!walk_to_edge(world, worker, *drop_off)) return false;
      deliver(world, worker.owner, worker.cargo_minerals, worker.cargo_vespene);
      worker.cargo_minerals = worker.cargo_vespene = 0;
      order.phase = OrderPhase::Pause;
      order.timer = kDropOffPauseLoops;
      return false;
    }
    case OrderPhase::Pause:
      if (order.timer > 0) --order.timer;
      if (order.timer > 0) return false;
      order.phase = OrderPhase::Approach;
      order.ability_id = ability::kHarvestGatherScv;
      if (Unit* r = world.find(order.target_unit)) {
        order.target = r->pos;
        return false;
      }
      return nearest_field(world, order.target) == nullptr;
  }
  return true;
}

std::uint32_t carry_buff(const Unit& worker) {
  if (worker.cargo_minerals > 0) return kBuffCarryMineralFieldMinerals;
  if (worker.cargo_vespene > 0) return kBuffCarryHarvestableVespeneGeyserGas;
  return 0;
}

}  // namespace sc2::engine
