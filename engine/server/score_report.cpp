#include "engine/server/score_report.h"

#include "engine/sim/economy.h"

namespace sc2::engine {

namespace {

void fill_category(const CategoryValues& v, SC2APIProtocol::CategoryScoreDetails* out) {
  out->set_none(v.none);
  out->set_army(v.army);
  out->set_economy(v.economy);
  out->set_technology(v.technology);
  out->set_upgrade(v.upgrade);
}

void fill_vital(const VitalValues& v, SC2APIProtocol::VitalScoreDetails* out) {
  out->set_life(v.life);
  out->set_shields(v.shields);
  out->set_energy(v.energy);
}

CategoryValues plus(const CategoryValues& a, const CategoryValues& b) {
  return {a.none + b.none, a.army + b.army, a.economy + b.economy, a.technology + b.technology,
          a.upgrade + b.upgrade};
}

}  // namespace

void fill_score_details(const World& world, int player, SC2APIProtocol::ScoreDetails* d) {
  const PlayerState& state = world.player(player);
  const PlayerEconomy& bank = state.economy;
  const ScoreTotals& totals = state.score;
  const LiveScore live = live_score(world, player);
  d->set_idle_production_time(totals.idle_production_time);
  d->set_idle_worker_time(totals.idle_worker_time);
  d->set_total_value_units(live.total_value_units);
  d->set_total_value_structures(live.total_value_structures);
  d->set_killed_value_units(totals.killed_value_units);
  d->set_killed_value_structures(totals.killed_value_structures);
  d->set_collected_minerals(static_cast<float>(bank.collected_minerals));
  d->set_collected_vespene(static_cast<float>(bank.collected_vespene));
  d->set_collection_rate_minerals(collection_rate_minerals(world, player));
  d->set_collection_rate_vespene(collection_rate_vespene(world, player));
  d->set_spent_minerals(static_cast<float>(bank.spent_minerals));
  d->set_spent_vespene(static_cast<float>(bank.spent_vespene));
  fill_category(live.food_used, d->mutable_food_used());
  fill_category(totals.killed_minerals, d->mutable_killed_minerals());
  fill_category(totals.killed_vespene, d->mutable_killed_vespene());
  fill_category(totals.lost_minerals, d->mutable_lost_minerals());
  fill_category(totals.lost_vespene, d->mutable_lost_vespene());
  fill_category(totals.friendly_fire_minerals, d->mutable_friendly_fire_minerals());
  fill_category(totals.friendly_fire_vespene, d->mutable_friendly_fire_vespene());
  fill_category(live.used_minerals, d->mutable_used_minerals());
  fill_category(live.used_vespene, d->mutable_used_vespene());
  // Everything the player ever had: what exists now plus what was lost.
  fill_category(plus(live.used_minerals, totals.lost_minerals), d->mutable_total_used_minerals());
  fill_category(plus(live.used_vespene, totals.lost_vespene), d->mutable_total_used_vespene());
  fill_vital(totals.damage_dealt, d->mutable_total_damage_dealt());
  fill_vital(totals.damage_taken, d->mutable_total_damage_taken());
  fill_vital(totals.healed, d->mutable_total_healed());
}

}  // namespace sc2::engine
