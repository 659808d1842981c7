#pragma once
// Turning a command (a specific ability with its target) into a unit's orders, with the
// game's `queued` semantics. Used by the action interpreter and by map triggers.
#include <cstdint>
#include <optional>

#include "engine/sim/unit.h"

namespace sc2::engine {

class World;

inline constexpr std::size_t kMaxQueuedOrders = 32;

struct CommandTarget {
  std::optional<Vec2> point;  // world position (for a unit target: where it stands)
  UnitId unit;                // invalid = no unit targeted
};

// Done, or why the command was refused (the action interpreter maps these to ActionResult).
enum class CommandOutcome {
  Done,
  QueueIsFull,
  NeedsTarget,
  NotEnoughMinerals,
  NotEnoughVespene,
  NotEnoughFood,
  CantTargetThatUnit,
  CantHarvestThatResource,
  CantBuildLocationInvalid,
  CantBuildOnThat,
  TechRequirementsNotMet,
  NothingToCancel,
  // Heal (healing.h): the target is the healer itself, an enemy's, a structure, not Biological;
  // the healer's energy cannot pay a loop of healing.
  CantTargetCaster,
  CantTargetEnemyUnits,
  CantTargetStructures,
  MustTargetBiologicalUnits,
  NotEnoughEnergy,
  Error,
};

// `specific` must be one of the unit's own abilities. Smart on an enemy it can attack and
// Attack on such a unit become an attack-unit order; Smart from an SCV on an own halted
// structure resumes its construction; Smart elsewhere is a move; Attack on
// a point is an attack-move. Stop clears the queue; hold position clears it and holds.
// Without `queue` the new order replaces the queue, with it the order is appended.
CommandOutcome issue_command(World& world, Unit& unit, std::uint32_t specific, const CommandTarget& target,
                             bool queue);

// Gives `unit` the order with the game's `queued` semantics: appended with `queue`, else it
// replaces the queue (and what the unit was attacking or resting at); holding ends.
void give_order(Unit& unit, const Order& order, bool queue);

}  // namespace sc2::engine
