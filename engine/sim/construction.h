#pragma once
// SCVs building structures: placement on the grid (footprint cells buildable, no overlap
// with structures, resources or other players' units), the walk to the site, paying on
// arrival, construction over the table's build time with the SCV staying at work,
// resuming a structure whose SCV stopped building it, and cancelling a structure under
// construction.
#include <cstdint>
#include <optional>

#include "engine/sim/alerts.h"
#include "engine/sim/orders.h"

namespace sc2::engine {

class World;

struct Footprint {  // cells [x0, x0+w) x [y0, y0+h)
  int x0 = 0, y0 = 0, w = 0, h = 0;
  bool overlaps(const Footprint& o) const {
    return x0 < o.x0 + o.w && o.x0 < x0 + w && y0 < o.y0 + o.h && o.y0 < y0 + h;
  }
};

// The structure ability's unit type (319 -> SupplyDepot, ...), 0 for other abilities.
std::uint32_t structure_built_by(std::uint32_t ability_id);

// The footprint centre nearest `p` (even sizes on cell corners, odd sizes on cell centres).
Vec2 snap_to_grid(const UnitTypeStats& type, Vec2 p);
Footprint footprint_at(const UnitTypeStats& type, Vec2 centre);

// Whether `type` may be placed with its centre at `centre` (already snapped) for `player`.
// `builder` is ignored in the overlap test. Refineries are checked by issue_build.
CommandOutcome check_placement(const World& world, int player, std::uint32_t type, Vec2 centre, UnitId builder);

// `ability_id` is a Build_* ability; the target a point (Refinery: the geyser unit).
CommandOutcome issue_build(World& world, Unit& worker, std::uint32_t ability_id, const CommandTarget& target,
                           bool queue);

// Whether `structure` is under construction and nobody builds it: its SCV died or was
// given other orders. Construction halts there (nothing is lost) until an SCV resumes it.
bool construction_halted(const World& world, const Unit& structure);

// Smart, or the structure's Build_* ability, from an own SCV on a halted structure: the SCV
// becomes its builder, walks to it and construction goes on from the build time already
// spent, without a second payment. CantTargetThatUnit when `worker` cannot resume it.
CommandOutcome issue_resume(World& world, Unit& worker, Unit& structure, bool queue);

// A structure placed under construction: 10% life, built by `builder` (an SCV, or the
// Barracks of an add-on).
void lay_foundation(Unit& structure, UnitId builder);
// One loop of construction on `structure`; true once it is finished (then at full life, its
// builder cleared, `done` raised to its owner).
bool advance_construction(World& world, Unit& structure, Alert done);

// What cancelling a structure under construction gives back, as in the game.
inline constexpr float kCancelRefund = 0.75f;

// One loop of the worker's front Build order; true when the order is over.
bool run_build(World& world, Unit& worker, Order& order);

// Cancel_BuildInProgress: the structure goes, 75% of its cost comes back (as in the game).
CommandOutcome cancel_construction(World& world, Unit& structure);

}  // namespace sc2::engine
