#pragma once
// The Medivac's Heal (ability 386, UnitTypeStats::heal; spec sc2-map-files.md §4.5, §5.4): an
// order on an own Biological non-structure unit other than the healer. The healer flies to
// within the heal range (edge to edge) and restores the type's rate of life per loop, paying
// energy for each point, until the target is at full life, dead or gone, or the energy runs out.
// Healed life is no damage taken back: the target's accounted life follows it.
//
// Autocast (the ability's default, "autocast on, range 6"): an idle healer heals, on its own, the
// nearest injured unit it may heal within the autocast range (within the heal range when it holds
// its position), as an order of the same kind (Unit.orders reports it). A passive type (a map's
// DefaultAcquireLevel Passive: SMAC's Medivac_RL) does not: sc2lite takes "passive" as "acts only
// as ordered" (issue 36 item 2: the `_RL` units do not acquire targets or respond on their own),
// and SMAC's agents send Heal explicitly (spec §4.5). How the real game combines the data's
// autocast with the Passive acquire level is not in the spec (unverified).
#include "engine/sim/orders.h"
#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

// Why `healer` may not heal `target` (Done when it may; a full-life target may be ordered: the
// order ends as soon as it is full).
CommandOutcome heal_check(const Unit& healer, const Unit& target);

// The Heal command: an order on `target.unit`, refused (the reason) when the healer has no heal,
// there is no target unit, heal_check refuses it, or the energy cannot pay one loop of healing.
CommandOutcome issue_heal(World& world, Unit& healer, const CommandTarget& target, bool queue);

// One loop of the healer's Heal order; true when the order is over.
bool run_heal(World& world, Unit& healer, Order& order);

// An idle healer of a non-passive type starts healing the nearest injured unit it may heal;
// true when it did (it then has a Heal order).
bool autocast_heal(World& world, Unit& healer);

}  // namespace sc2::engine
