#pragma once
// Add-ons (issue 19): a finished, idle Barracks builds its Tech Lab beside itself. The Tech
// Lab's 2x2 footprint sits at the Barracks' centre + (2.5, -0.5), touching its east side, as
// in the game. It is placed at once, under construction, and the Barracks' production queue
// holds the job while it builds (no training meanwhile); Marauders need a finished one.
// Our Barracks cannot lift off, so a target point (Build_TechLab_screen) is ignored: the
// add-on is built where the Barracks stands.
#include <cstdint>

#include "engine/sim/orders.h"

namespace sc2::engine {

class World;

inline constexpr Vec2 kAddOnOffset{2.5f, -0.5f};

// The add-on type a Build_TechLab_* ability builds (421 -> BarracksTechLab), 0 otherwise.
std::uint32_t add_on_built_by(std::uint32_t ability_id);
bool is_add_on(std::uint32_t unit_type);

// `host`'s add-on when it is finished, else nullptr.
const Unit* finished_add_on(const World& world, const Unit& host);
// Whether `host` could start an add-on now (finished, nothing queued, none yet).
bool can_start_add_on(const World& world, const Unit& host);

CommandOutcome issue_build_add_on(World& world, Unit& host, std::uint32_t ability_id);

// One loop of the add-on job at the front of `host`'s queue; true when it is over (the
// add-on finished, or it was destroyed or cancelled).
bool advance_add_on(World& world, Unit& host);

// Cancelling the job (Cancel_Queue5 on the Barracks, or Cancel_BuildInProgress on the
// add-on): the add-on goes and 75% of its cost comes back, as for any structure.
CommandOutcome cancel_add_on(World& world, Unit& host);

}  // namespace sc2::engine
