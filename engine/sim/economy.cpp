#include "engine/sim/economy.h"

#include <algorithm>
#include <cmath>

#include "engine/sim/world.h"

namespace sc2::engine {

float food_used(const World& world, int player) {
  float used = 0.0f;
  world.for_each_unit([&](const Unit& u) {
    if (u.owner != player) return;
    used += u.stats->food_required;
    for (const TrainItem& item : u.production) {
      if (const UnitTypeStats* s = find_unit_type(item.unit_type)) used += s->food_required;
    }
  });
  return used;
}

int food_cap(const World& world, int player) {
  float cap = 0.0f;
  world.for_each_unit([&](const Unit& u) {
    if (u.owner == player && u.complete()) cap += u.stats->food_provided;
  });
  return std::min(kFoodLimit, static_cast<int>(cap));
}

CommandOutcome check_price(const World& world, int player, Price price) {
  const PlayerEconomy& bank = world.player(player).economy;
  if (bank.minerals < price.minerals) return CommandOutcome::NotEnoughMinerals;
  if (bank.vespene < price.vespene) return CommandOutcome::NotEnoughVespene;
  return CommandOutcome::Done;
}

void pay_price(World& world, int player, Price price) {
  PlayerEconomy& bank = world.player(player).economy;
  bank.minerals -= price.minerals;
  bank.vespene -= price.vespene;
  bank.spent_minerals += price.minerals;
  bank.spent_vespene += price.vespene;
}

void refund_price(World& world, int player, Price price, float fraction) {
  PlayerEconomy& bank = world.player(player).economy;
  const int minerals = static_cast<int>(std::floor(static_cast<float>(price.minerals) * fraction));
  const int vespene = static_cast<int>(std::floor(static_cast<float>(price.vespene) * fraction));
  bank.minerals += minerals;
  bank.vespene += vespene;
  bank.spent_minerals -= minerals;
  bank.spent_vespene -= vespene;
}

namespace {

Price price_of(const UnitTypeStats& s) {
  return {static_cast<int>(s.mineral_cost), static_cast<int>(s.vespene_cost)};
}

}  // namespace

float SupplyCount::used() {
  if (!used_) used_ = food_used(world_, player_);
  return *used_;
}

int SupplyCount::cap() {
  if (!cap_) cap_ = food_cap(world_, player_);
  return *cap_;
}

CommandOutcome check_cost(const World& world, int player, std::uint32_t unit_type, bool check_food,
                          SupplyCount* supply) {
  const UnitTypeStats* s = find_unit_type(unit_type);
  if (s == nullptr) return CommandOutcome::Error;
  if (const CommandOutcome paid = check_price(world, player, price_of(*s)); paid != CommandOutcome::Done) {
    return paid;
  }
  if (check_food && s->food_required > 0.0f) {
    SupplyCount counted_now(world, player);
    SupplyCount& count = supply != nullptr && supply->player() == player ? *supply : counted_now;
    if (count.used() + s->food_required > static_cast<float>(count.cap()) + 1e-4f) return CommandOutcome::NotEnoughFood;
  }
  return CommandOutcome::Done;
}

void pay(World& world, int player, std::uint32_t unit_type) {
  if (const UnitTypeStats* s = find_unit_type(unit_type)) pay_price(world, player, price_of(*s));
}

void refund(World& world, int player, std::uint32_t unit_type, float fraction) {
  if (const UnitTypeStats* s = find_unit_type(unit_type)) refund_price(world, player, price_of(*s), fraction);
}

bool has_finished_structure(const World& world, int player, std::uint32_t type) {
  bool found = false;
  world.for_each_unit([&](const Unit& u) { found = found || (u.owner == player && u.type() == type && u.complete()); });
  return found;
}

void deliver(World& world, int player, int minerals, int vespene) {
  PlayerEconomy& bank = world.player(player).economy;
  bank.minerals += minerals;
  bank.vespene += vespene;
  bank.collected_minerals += minerals;
  bank.collected_vespene += vespene;
  bank.recent.push_back({world.game_loop(), minerals, vespene});
  while (!bank.recent.empty() && bank.recent.front().loop + kCollectionRateWindowLoops <= world.game_loop()) {
    bank.recent.pop_front();
  }
}

namespace {

// Sum over the window, scaled to a full minute while fewer loops have passed.
float rate(const World& world, int player, bool minerals) {
  const PlayerEconomy& bank = world.player(player).economy;
  const std::uint32_t now = world.game_loop();
  int sum = 0;
  for (const auto& d : bank.recent) {
    if (d.loop + kCollectionRateWindowLoops > now) sum += minerals ? d.minerals : d.vespene;
  }
  const std::uint32_t span = std::clamp<std::uint32_t>(now, 1, kCollectionRateWindowLoops);
  return static_cast<float>(sum) * static_cast<float>(kCollectionRateWindowLoops) / static_cast<float>(span);
}

}  // namespace

float collection_rate_minerals(const World& world, int player) { return rate(world, player, true); }
float collection_rate_vespene(const World& world, int player) { return rate(world, player, false); }

std::vector<const Unit*> idle_workers(const World& world, int player) {
  std::vector<const Unit*> out;
  for (const Unit* u : world.units()) {
    if (u->owner == player && u->stats->role == UnitRole::Worker && u->idle()) out.push_back(u);
  }
  return out;
}

bool is_mineral_field(const Unit& u) { return u.stats->role == UnitRole::Resource && u.stats->mineral_contents > 0; }
bool is_geyser(const Unit& u) { return u.stats->role == UnitRole::Resource && u.stats->vespene_contents > 0; }

}  // namespace sc2::engine
