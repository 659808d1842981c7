#include "engine/scripted/world_events.h"

#include "engine/sim/abilities.h"

namespace sc2::engine::scripted {

namespace {

// The pickup's ability stage; which one the game reports is not in the files (the reference
// map listens to every stage, c_unitAbilStageAll).
constexpr std::int32_t kPickupStage = 0;

bool picks_up(const Unit& unit) {
  return unit.owner != kNeutralOwner && unit.stats->solid() && unit.alive() && !unit.stats->immobile();
}

}  // namespace

void WorldEvents::fire(ScriptWorld& w, galaxy::Runtime& runtime) {
  for (const UnitDeath& death : w.world().deaths_last_loop()) {
    w.record_death(death);
    runtime.fire_unit_died(unit_handle(death.id));
  }
  fire_pickups(w, runtime);
  if (w.interest().created) fire_created(w, runtime);
  if (w.interest().orders) fire_orders(w, runtime);
}

void WorldEvents::fire_pickups(ScriptWorld& w, galaxy::Runtime& runtime) {
  std::vector<const Unit*> shards;
  std::vector<const Unit*> takers;
  w.world().for_each_unit([&](const Unit& u) {
    if (u.type() == unit_type::kMineralShard) shards.push_back(&u);
    if (picks_up(u)) takers.push_back(&u);
  });
  if (shards.empty() || takers.empty()) return;
  struct Pickup {
    galaxy::Handle shard;
    galaxy::Handle taker;
    int owner;
  };
  std::vector<Pickup> pickups;
  for (const Unit* shard : shards) {
    for (const Unit* taker : takers) {
      if (distance(taker->pos, shard->pos) <= taker->radius + shard->radius) {
        pickups.push_back({unit_handle(shard->id), unit_handle(taker->id), taker->owner});
        break;
      }
    }
  }
  for (const Pickup& p : pickups) {
    w.remove_unit(p.shard);
    w.world().player(p.owner).economy.minerals += kMineralsPerShard;
    runtime.fire_unit_ability(p.taker, "PickupMinerals100", 0, kPickupStage);
  }
}

void WorldEvents::fire_created(ScriptWorld& w, galaxy::Runtime& runtime) {
  std::vector<galaxy::Handle> made;
  w.world().for_each_unit([&](const Unit& u) {
    if (w.first_sight(u)) made.push_back(unit_handle(u.id));
  });
  for (const galaxy::Handle h : made) runtime.fire_unit_created(h, 0, "", "");
}

void WorldEvents::fire_orders(ScriptWorld& w, galaxy::Runtime& runtime) {
  struct Given {
    galaxy::Handle unit;
    std::uint32_t ability;
  };
  std::vector<Given> given;
  w.world().for_each_unit([&](const Unit& u) {
    if (orders_.size() <= u.id.index) orders_.resize(u.id.index + 1);
    SeenOrder& seen = orders_[u.id.index];
    SeenOrder now{u.id.generation, 0, {}, {}};
    if (!u.orders.empty()) now = {u.id.generation, u.orders.front().ability_id, u.orders.front().target, u.orders.front().target_unit};
    const bool changed = seen.generation != now.generation || seen.ability != now.ability ||
                         !(seen.target == now.target) || !(seen.target_unit == now.target_unit);
    if (changed && now.ability != 0) given.push_back({unit_handle(u.id), now.ability});
    seen = now;
  });
  for (const Given& g : given) {
    const AbilityInfo* info = find_ability(g.ability);
    if (info != nullptr) runtime.fire_unit_order(g.unit, info->link_name, static_cast<std::int32_t>(info->link_index));
  }
}

}  // namespace sc2::engine::scripted
