#include "engine/sim/production.h"

#include <cmath>

#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/economy.h"
#include "engine/sim/harvest.h"
#include "engine/sim/upgrades.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr float kExitGap = 0.1f;  // between the structure's edge and the new unit

void send_to_rally(World& world, Unit& structure, Unit& fresh) {
  if (!structure.has_rally) return;
  if (Unit* target = world.find(structure.rally_unit)) {
    if (fresh.stats->role == UnitRole::Worker && harvest_target(world, fresh.owner, *target) != nullptr) {
      issue_gather(world, fresh, target->id, false);
      return;
    }
  }
  issue_command(world, fresh, ability::kMoveMove, {structure.rally_point, {}}, false);
}

}  // namespace

std::uint32_t unit_trained_by(std::uint32_t ability_id) {
  switch (ability_id) {
    case ability::kTrainScv: return unit_type::kScv;
    case ability::kTrainMarine: return unit_type::kMarine;
    case ability::kTrainReaper: return unit_type::kReaper;
    case ability::kTrainMarauder: return unit_type::kMarauder;
    case ability::kTrainHellion: return unit_type::kHellion;
    default: return 0;
  }
}

std::uint32_t item_duration_loops(const TrainItem& item) {
  if (item.upgrade != 0) {
    const UpgradeStats* u = find_upgrade(item.upgrade);
    return u != nullptr ? u->research_time_loops : 0;
  }
  const UnitTypeStats* s = find_unit_type(item.unit_type);
  return s != nullptr ? s->build_time_loops : 0;
}

bool busy_with_add_on(const Unit& structure) {
  return !structure.production.empty() && is_add_on(structure.production.front().unit_type);
}

bool tech_requirement_met(const World& world, const Unit& producer, std::uint32_t type) {
  const UnitTypeStats* stats = find_unit_type(type);
  if (stats == nullptr || stats->tech_requirement == 0) return true;
  if (stats->requires_attached) {
    const Unit* add_on = finished_add_on(world, producer);
    return add_on != nullptr && add_on->type() == stats->tech_requirement;
  }
  return has_finished_structure(world, producer.owner, stats->tech_requirement);
}

CommandOutcome issue_train(World& world, Unit& structure, std::uint32_t ability_id) {
  const std::uint32_t type = unit_trained_by(ability_id);
  if (type == 0 || !structure.complete()) return CommandOutcome::Error;
  if (busy_with_add_on(structure) || structure.production.size() >= kProductionQueueLimit) {
    return CommandOutcome::QueueIsFull;
  }
  if (!tech_requirement_met(world, structure, type)) return CommandOutcome::TechRequirementsNotMet;
  if (const CommandOutcome cost = check_cost(world, structure.owner, type, true); cost != CommandOutcome::Done) {
    return cost;
  }
  pay(world, structure.owner, type);
  structure.production.push_back({ability_id, type, 0, 0});
  return CommandOutcome::Done;
}

CommandOutcome issue_research(World& world, Unit& structure, std::uint32_t ability_id) {
  const UpgradeStats* upgrade = find_upgrade(upgrade_researched_by(ability_id));
  if (upgrade == nullptr || !structure.complete()) return CommandOutcome::Error;
  if (has_upgrade(world, structure.owner, upgrade->id) || researching(world, structure.owner, upgrade->id)) {
    return CommandOutcome::Error;  // the game offers the button only once
  }
  if (structure.production.size() >= kProductionQueueLimit) return CommandOutcome::QueueIsFull;
  const Price price = research_price(*upgrade);
  if (const CommandOutcome cost = check_price(world, structure.owner, price); cost != CommandOutcome::Done) {
    return cost;
  }
  pay_price(world, structure.owner, price);
  structure.production.push_back({ability_id, 0, 0, upgrade->id});
  return CommandOutcome::Done;
}

CommandOutcome cancel_slot(World& world, Unit& structure, std::size_t index) {
  if (index >= structure.production.size()) return CommandOutcome::NothingToCancel;
  const TrainItem& item = structure.production[index];
  if (is_add_on(item.unit_type)) return cancel_add_on(world, structure);
  if (item.upgrade != 0) {
    if (const UpgradeStats* u = find_upgrade(item.upgrade)) {
      refund_price(world, structure.owner, research_price(*u), 1.0f);
    }
  } else {
    refund(world, structure.owner, item.unit_type, 1.0f);
  }
  structure.production.erase(structure.production.begin() + static_cast<std::ptrdiff_t>(index));
  return CommandOutcome::Done;
}

CommandOutcome cancel_last(World& world, Unit& structure) {
  if (structure.production.empty()) return CommandOutcome::NothingToCancel;
  return cancel_slot(world, structure, structure.production.size() - 1);
}

CommandOutcome set_rally(World& world, Unit& structure, const CommandTarget& target) {
  if (!target.point) return CommandOutcome::NeedsTarget;
  structure.has_rally = true;
  structure.rally_point = world.clamp_to_playable(*target.point);
  structure.rally_unit = target.unit;
  return CommandOutcome::Done;
}

void advance_production(World& world, Unit& structure) {
  if (structure.production.empty() || !structure.complete()) return;
  TrainItem& item = structure.production.front();
  if (is_add_on(item.unit_type)) {
    ++item.loops_done;  // the queue's progress, as the add-on's own
    if (advance_add_on(world, structure)) structure.production.erase(structure.production.begin());
    return;
  }
  if (item.upgrade != 0) {
    if (++item.loops_done < item_duration_loops(item)) return;
    const std::uint32_t done = item.upgrade;
    structure.production.erase(structure.production.begin());
    world.player(structure.owner).upgrades.push_back(done);
    world.raise_alert(structure.owner, Alert::ResearchComplete, structure);
    return;
  }
  const UnitTypeStats* stats = find_unit_type(item.unit_type);
  if (stats == nullptr) {
    structure.production.erase(structure.production.begin());
    return;
  }
  if (++item.loops_done < stats->build_time_loops) return;
  // Out of the side facing the rally point (south without one).
  Vec2 dir{0.0f, -1.0f};
  if (structure.has_rally) {
    const Vec2 d = structure.rally_point - structure.pos;
    if (length(d) > 1e-3f) dir = d * (1.0f / length(d));
  }
  const Vec2 pos = world.clamp_to_playable(structure.pos + dir * (structure.radius + stats->radius + kExitGap),
                                           stats->radius);
  structure.production.erase(structure.production.begin());
  const UnitId id = world.spawn(stats->id, structure.owner, pos);
  PlayerEconomy& bank = world.player(structure.owner).economy;
  if (stats->id == unit_type::kMarine) ++bank.marines_trained;
  if (stats->role == UnitRole::Worker) ++bank.workers_trained;
  Unit& trained = *world.find(id);
  world.raise_alert(structure.owner,
                    stats->role == UnitRole::Worker ? Alert::TrainWorkerComplete : Alert::TrainUnitComplete, trained);
  send_to_rally(world, structure, trained);
}

}  // namespace sc2::engine
