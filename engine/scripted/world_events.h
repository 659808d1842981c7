#pragma once
// What the world did in the loop it just ran, as the script's events (engine/galaxy/runtime.h
// fire_*), in this order:
// 1. deaths, in the world's order (World::deaths_last_loop: dead units are already removed;
//    the script still asks about them: ScriptWorld remembers them);
// 2. mineral shards picked up: a NaturalMinerals unit a player's unit touches is taken, the
//    player gains 100 minerals and the unit's PickupMinerals100 ability event fires (spec §3.1:
//    the Liberty campaign's PickupMinerals100 effect; the touch is our reading of its range,
//    the same as the built-in CollectMineralShards: centre distance <= the two radii);
// 3. units the world made itself (production, construction) as UnitCreated, when the script
//    listens for it (no creator unit or ability is reported: approximate);
// 4. a unit's new current order as UnitOrder, when the script listens for it: the order
//    it holds now differs from the one it held at the last loop's end (approximate: the game
//    fires on every order given, even one that changes nothing).
#include <cstdint>
#include <vector>

#include "engine/galaxy/runtime.h"
#include "engine/scripted/script_world.h"

namespace sc2::engine::scripted {

inline constexpr int kMineralsPerShard = 100;  // PickupMinerals100

class WorldEvents {
 public:
  void fire(ScriptWorld& world, galaxy::Runtime& runtime);

 private:
  struct SeenOrder {
    std::uint32_t generation = 0;
    std::uint32_t ability = 0;  // 0: no order
    Vec2 target;
    UnitId target_unit;
  };
  void fire_pickups(ScriptWorld& world, galaxy::Runtime& runtime);
  void fire_created(ScriptWorld& world, galaxy::Runtime& runtime);
  void fire_orders(ScriptWorld& world, galaxy::Runtime& runtime);

  std::vector<SeenOrder> orders_;  // by slot index
};

}  // namespace sc2::engine::scripted
