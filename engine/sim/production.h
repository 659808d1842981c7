#pragma once
// Structures training units: queues of 5 (cost and supply taken when queued), the front
// item progressing one loop per game loop on a finished structure, the new unit placed at
// the structure's edge and sent to the rally point; cancelling returns the full cost. The
// same queue researches upgrades (Engineering Bay) and holds a Barracks' add-on job.
#include <cstddef>
#include <cstdint>

#include "engine/sim/orders.h"

namespace sc2::engine {

class World;

// The Train_* ability's unit type (524 -> SCV, 560 -> Marine), 0 for other abilities.
std::uint32_t unit_trained_by(std::uint32_t ability_id);
// Game loops a queue item takes (a unit's build time, an upgrade's research time).
std::uint32_t item_duration_loops(const TrainItem& item);
// Whether `producer` may make `type` now: UnitTypeData.tech_requirement, a finished
// structure of the player's, or (requires_attached, the Marauder) the producer's own add-on.
bool tech_requirement_met(const World& world, const Unit& producer, std::uint32_t type);
// A Barracks building its add-on trains nothing meanwhile (QueueIsFull).
CommandOutcome issue_train(World& world, Unit& structure, std::uint32_t ability_id);
// Research_*: once per player (refused while researching or after); costs paid when queued.
CommandOutcome issue_research(World& world, Unit& structure, std::uint32_t ability_id);
// Cancel_Queue5 / Cancel_Last: the last queued item.
CommandOutcome cancel_last(World& world, Unit& structure);
// The production panel's "remove from queue" for slot `index`.
CommandOutcome cancel_slot(World& world, Unit& structure, std::size_t index);

// Rally: a point, or a unit (an SCV rallied to a mineral field starts gathering there).
CommandOutcome set_rally(World& world, Unit& structure, const CommandTarget& target);

// One loop of the structure's production.
void advance_production(World& world, Unit& structure);

}  // namespace sc2::engine
