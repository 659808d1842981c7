#pragma once
// Economy rules shared by harvesting, construction and production: the harvest timings
// (Normal-speed seconds converted once to game loops), supply, costs and refunds.
#include <cstdint>
#include <optional>

#include "engine/sim/orders.h"
#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

inline constexpr int kMineralsPerTrip = 5;
inline constexpr int kVespenePerTrip = 4;
// Mining a field takes 2.786 s Normal (1.99 s Faster) = 44.6 loops, rounded once to 45.
inline constexpr std::uint32_t kMiningLoops = 45;
// Time inside a Refinery: 2.0 s Normal (the commonly cited 1.43 s Faster) = 32 loops.
// Not in the shared spec: our assumption, documented in engine/README.md.
inline constexpr std::uint32_t kGasLoops = 32;
// The 0.5 s Normal pause at the Command Center after handing in the load = 8 loops.
inline constexpr std::uint32_t kDropOffPauseLoops = 8;
// Reach for "arrived" at a resource or Command Center (edge to edge).
inline constexpr float kHarvestReach = 0.1f;
inline constexpr std::size_t kProductionQueueLimit = 5;
inline constexpr int kFoodLimit = 200;
// collection_rate_*: deliveries of the last game minute at Faster (60 s x 22.4 loops).
inline constexpr std::uint32_t kCollectionRateWindowLoops = 1344;

// Supply in use: own units plus units queued in production (the game reserves supply when
// a unit is queued).
float food_used(const World& world, int player);
// Supply provided by finished own structures, at most 200.
int food_cap(const World& world, int player);

// Minerals and gas, without supply (an upgrade's cost; a unit type's through check_cost).
struct Price {
  int minerals = 0;
  int vespene = 0;
};
CommandOutcome check_price(const World& world, int player, Price price);
void pay_price(World& world, int player, Price price);
void refund_price(World& world, int player, Price price, float fraction);

// A player's supply, counted on first use and then kept (food_used and food_cap are each a
// pass over every unit): for checking several costs against one unchanged world.
class SupplyCount {
 public:
  SupplyCount(const World& world, int player) : world_(world), player_(player) {}
  int player() const { return player_; }
  float used();
  int cap();

 private:
  const World& world_;
  int player_;
  std::optional<float> used_;
  std::optional<int> cap_;
};

// Whether the player can pay for `unit_type` now (minerals, gas, and supply when it needs any).
// With `supply` (of this player; another player's is ignored), the supply is taken from it
// (the world must not have changed since it was counted).
CommandOutcome check_cost(const World& world, int player, std::uint32_t unit_type, bool check_food,
                          SupplyCount* supply = nullptr);
// Takes the cost from the bank (spent totals grow); refund gives `fraction` of it back.
void pay(World& world, int player, std::uint32_t unit_type);
void refund(World& world, int player, std::uint32_t unit_type, float fraction);

// Whether `player` owns a finished structure of `type` (tech requirements).
bool has_finished_structure(const World& world, int player, std::uint32_t type);

// A load handed in at a Command Center (bank, collected totals, rate window).
void deliver(World& world, int player, int minerals, int vespene);
// Minerals / vespene per minute over the last window.
float collection_rate_minerals(const World& world, int player);
float collection_rate_vespene(const World& world, int player);

// Idle own workers (no orders), in slot order.
std::vector<const Unit*> idle_workers(const World& world, int player);

// Resource kinds.
bool is_mineral_field(const Unit& u);
bool is_geyser(const Unit& u);

}  // namespace sc2::engine
