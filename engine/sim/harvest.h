#pragma once
// Workers harvesting: walk to a mineral field or Refinery, wait while another worker works
// it, mine (kMiningLoops / kGasLoops), carry 5 minerals or 4 gas to the nearest finished
// Command Center, pause there, and go back, until told otherwise or the field runs dry.
#include <cstdint>

#include "engine/sim/orders.h"

namespace sc2::engine {

class World;

// `target`: a mineral field, an own finished Refinery, or a geyser under one.
CommandOutcome issue_gather(World& world, Unit& worker, UnitId target, bool queue);
// Hand in the carried load, then resume harvesting the last resource.
CommandOutcome issue_return(World& world, Unit& worker, bool queue);

// One loop of the worker's front Gather order; true when the order is over.
bool run_gather(World& world, Unit& worker, Order& order);

// The buff a worker carrying a load shows (pysc2-buffs.tsv ids), both in raw Unit.buff_ids
// and the `buffs` feature layer; 0 = not carrying.
inline constexpr std::uint32_t kBuffCarryMineralFieldMinerals = 271;
inline constexpr std::uint32_t kBuffCarryHarvestableVespeneGeyserGas = 273;
std::uint32_t carry_buff(const Unit& worker);

// The Refinery a worker would harvest for `target` (itself, or the one on a geyser),
// nullptr when the target is not harvestable by `player`.
Unit* harvest_target(World& world, int player, Unit& target);

}  // namespace sc2::engine
