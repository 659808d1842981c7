#include "engine/sim/add_ons.h"

#include <algorithm>

#include "engine/sim/abilities.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/world.h"

namespace sc2::engine {

std::uint32_t add_on_built_by(std::uint32_t ability_id) {
  return ability_id == ability::kBuildTechLabBarracks ? unit_type::kBarracksTechLab : 0;
}

bool is_add_on(std::uint32_t unit_type) { return unit_type == unit_type::kBarracksTechLab; }

const Unit* finished_add_on(const World& world, const Unit& host) {
  const Unit* add_on = world.find(host.add_on);
  return add_on != nullptr && add_on->alive() && add_on->complete() ? add_on : nullptr;
}

bool can_start_add_on(const World& world, const Unit& host) {
  return host.complete() && host.production.empty() && world.find(host.add_on) == nullptr;
}

CommandOutcome issue_build_add_on(World& world, Unit& host, std::uint32_t ability_id) {
  const std::uint32_t type = add_on_built_by(ability_id);
  const UnitTypeStats* stats = find_unit_type(type);
  if (stats == nullptr || !host.complete()) return CommandOutcome::Error;
  if (world.find(host.add_on) != nullptr) return CommandOutcome::CantBuildOnThat;  // it has one
  if (!host.production.empty()) return CommandOutcome::QueueIsFull;
  const Vec2 spot = host.pos + kAddOnOffset;
  if (const CommandOutcome placed = check_placement(world, host.owner, type, spot, host.id);
      placed != CommandOutcome::Done) {
    return placed;
  }
  if (const CommandOutcome cost = check_cost(world, host.owner, type, false); cost != CommandOutcome::Done) {
    return cost;
  }
  pay(world, host.owner, type);
  const UnitId id = world.spawn(type, host.owner, spot);
  lay_foundation(*world.find(id), host.id);
  host.add_on = id;
  host.production.push_back({ability_id, type, 0, 0});
  return CommandOutcome::Done;
}

bool advance_add_on(World& world, Unit& host) {
  Unit* add_on = world.find(host.add_on);
  if (add_on == nullptr || !add_on->alive() || !add_on->under_construction) return true;
  return advance_construction(world, *add_on, Alert::AddOnComplete);
}

CommandOutcome cancel_add_on(World& world, Unit& host) {
  const auto job = std::find_if(host.production.begin(), host.production.end(),
                                [](const TrainItem& item) { return is_add_on(item.unit_type); });
  if (job == host.production.end()) return CommandOutcome::NothingToCancel;
  host.production.erase(job);
  if (Unit* add_on = world.find(host.add_on); add_on != nullptr && add_on->under_construction) {
    refund(world, host.owner, add_on->type(), kCancelRefund);
    world.remove(add_on->id);
  }
  host.add_on = {};
  return CommandOutcome::Done;
}

}  // namespace sc2::engine
