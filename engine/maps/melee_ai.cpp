#include "engine/maps/melee_ai.h"

#include <algorithm>
#include <cmath>

#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/orders.h"
#include "engine/sim/rng.h"
#include "engine/sim/upgrades.h"
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::AIBuild;
using SC2APIProtocol::Difficulty;

constexpr std::uint32_t kLoopsPerMinute = 16 * 60;  // Normal-speed game minutes
constexpr float kBaseRadius = 16.0f;                // enemies this near a structure of ours are an attack
constexpr float kStagingDistance = 7.0f;            // the army waits this far out on the open side

// The levels, before the build's changes.
MeleeAiPlan level_plan(Difficulty difficulty) {
  switch (difficulty) {
    case SC2APIProtocol::VeryEasy: return {96, 12, 1, false, 6, 7 * kLoopsPerMinute, 6};
    case SC2APIProtocol::Easy: return {32, 16, 1, true, 8, 11 * kLoopsPerMinute / 2, 8};
    case SC2APIProtocol::Medium: return {16, 19, 2, true, 12, 5 * kLoopsPerMinute, 10, true, false};
    default: return {8, 22, 3, true, 16, 9 * kLoopsPerMinute / 2, 12, true, true};  // Hard (the server refuses stronger levels)
  }
}

AIBuild resolve_build(AIBuild build, Rng& rng) {
  if (build != SC2APIProtocol::RandomBuild) return build;
  constexpr AIBuild kChoices[] = {SC2APIProtocol::Rush, SC2APIProtocol::Timing, SC2APIProtocol::Macro};
  return kChoices[rng.next_u64() % 3];
}

Vec2 unit_vector(Vec2 from, Vec2 to) {
  const Vec2 d{to.x - from.x, to.y - from.y};
  const float length = std::sqrt(d.x * d.x + d.y * d.y);
  return length > 0.0f ? Vec2{d.x / length, d.y / length} : Vec2{1.0f, 0.0f};
}

bool is_type(const Unit& u, std::uint32_t type) { return u.type() == type; }

// No pathable-but-unbuildable cell (a ramp) within two cells of the footprint: structures
// must not wall a ramp off.
bool clear_of_ramps(const World& world, const UnitTypeStats& type, Vec2 centre) {
  const Footprint f = footprint_at(type, centre);
  const MapLayout& map = world.map();
  for (int y = f.y0 - 2; y < f.y0 + f.h + 2; ++y) {
    for (int x = f.x0 - 2; x < f.x0 + f.w + 2; ++x) {
      if (!map.in_bounds(x, y)) continue;
      const std::size_t c = map.cell(x, y);
      if (map.pathable[c] != 0 && map.buildable[c] == 0) return false;
    }
  }
  return true;
}

}  // namespace

MeleeAiPlan melee_ai_plan(Difficulty difficulty, AIBuild build) {
  MeleeAiPlan plan = level_plan(difficulty);
  const int extra_barracks = difficulty == SC2APIProtocol::VeryEasy ? 0 : 1;  // VeryEasy stays at one
  if (build == SC2APIProtocol::Rush) {
    plan.workers = std::max(12, plan.workers - 3);
    plan.barracks += extra_barracks;
    plan.first_attack_army = std::max(4, plan.first_attack_army * 2 / 3);
    plan.first_attack_loop = plan.first_attack_loop * 2 / 3;
  } else if (build == SC2APIProtocol::Macro) {
    plan.workers += difficulty == SC2APIProtocol::VeryEasy ? 0 : 3;
    plan.barracks += extra_barracks;
    plan.first_attack_army = plan.first_attack_army * 3 / 2;
    plan.first_attack_loop = plan.first_attack_loop * 4 / 3;
    plan.wave_army = plan.wave_army * 3 / 2;
  }
  return plan;
}

MeleeAi::MeleeAi(int player, Difficulty difficulty, AIBuild build, std::uint64_t seed, Vec2 home, Vec2 enemy_start,
                 Vec2 map_centre)
    : player_(player), home_(home), enemy_start_(enemy_start), open_side_(unit_vector(home, map_centre)) {
  Rng rng(seed);
  build_ = resolve_build(build, rng);
  plan_ = melee_ai_plan(difficulty, build_);
  next_act_ = static_cast<std::uint32_t>(rng.next_u64() % plan_.act_every);  // not in step with the other side
}

void MeleeAi::on_loop(World& world) {
  if (world.game_loop() < next_act_) return;
  next_act_ = world.game_loop() + plan_.act_every;
  act(world);
}

void MeleeAi::act(World& world) {
  mine(world);
  if (plan_.tech) send_to_gas(world);
  produce(world);
  construct(world);
  command_army(world);
}

void MeleeAi::send_to_gas(World& world) {
  constexpr int kGasWorkers = 3;
  Unit* refinery = nullptr;
  int on_gas = 0;
  for (Unit* u : world.units()) {
    if (u->owner != player_) continue;
    if (is_type(*u, unit_type::kRefinery) && u->complete() && refinery == nullptr) refinery = u;
  }
  if (refinery == nullptr) return;
  for (const Unit* u : world.units()) {
    if (u->owner != player_ || u->stats->role != UnitRole::Worker || u->orders.empty()) continue;
    const Order& o = u->orders.front();
    if (o.kind == OrderKind::Gather && o.target_unit == refinery->id) ++on_gas;
  }
  for (Unit* u : world.units()) {  // mining SCVs without a load, in slot order
    if (on_gas >= kGasWorkers) return;
    if (u->owner != player_ || u->stats->role != UnitRole::Worker || u->carrying() || u->orders.empty()) continue;
    const Order& o = u->orders.front();
    if (o.kind != OrderKind::Gather || o.target_unit == refinery->id) continue;
    if (issue_command(world, *u, ability::kHarvestGatherScv, {refinery->pos, refinery->id}, false) ==
        CommandOutcome::Done) {
      ++on_gas;
    }
  }
}

void MeleeAi::mine(World& world) {
  std::vector<Unit*> fields;
  std::vector<Unit*> idle;
  const Unit* town = nullptr;
  for (Unit* u : world.units()) {
    if (is_mineral_field(*u) && u->mineral_contents > 0) fields.push_back(u);
    if (u->owner != player_) continue;
    if (is_type(*u, unit_type::kCommandCenter) && u->complete() && town == nullptr) town = u;
    if (u->stats->role == UnitRole::Worker && u->idle()) idle.push_back(u);
  }
  if (town == nullptr || fields.empty()) return;
  const Vec2 at = town->pos;
  std::sort(fields.begin(), fields.end(), [&](const Unit* a, const Unit* b) {
    return distance(a->pos, at) < distance(b->pos, at) || (distance(a->pos, at) == distance(b->pos, at) && a->id.index < b->id.index);
  });
  const std::size_t near = std::min<std::size_t>(fields.size(), 8);  // the base's own line
  for (std::size_t i = 0; i < idle.size(); ++i) {
    issue_command(world, *idle[i], ability::kHarvestGatherScv, {fields[i % near]->pos, fields[i % near]->id}, false);
  }
}

void MeleeAi::produce(World& world) {
  int workers = 0;
  for (Unit* u : world.units()) {
    if (u->owner != player_) continue;
    if (u->stats->role == UnitRole::Worker) ++workers;
    for (const TrainItem& item : u->production) workers += item.unit_type == unit_type::kScv ? 1 : 0;
  }
  bool has_tech_lab = false;  // one Tech Lab (rebuilt when lost)
  for (const Unit* u : world.units()) {
    has_tech_lab = has_tech_lab || (u->owner == player_ && is_type(*u, unit_type::kBarracksTechLab));
  }
  for (Unit* u : world.units()) {
    if (u->owner != player_ || !u->complete() || !u->production.empty()) continue;
    if (is_type(*u, unit_type::kCommandCenter) && workers < plan_.workers) {
      if (issue_command(world, *u, ability::kTrainScv, {}, false) == CommandOutcome::Done) ++workers;
    } else if (is_type(*u, unit_type::kBarracks)) {
      // The tech plan puts a Tech Lab on its first Barracks and trains Marauders there.
      if (plan_.tech && !has_tech_lab && can_start_add_on(world, *u) &&
          issue_command(world, *u, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::Done) {
        has_tech_lab = true;
        continue;
      }
      if (finished_add_on(world, *u) != nullptr &&
          issue_command(world, *u, ability::kTrainMarauder, {}, false) == CommandOutcome::Done) {
        continue;
      }
      issue_command(world, *u, ability::kTrainMarine, {}, false);
    } else if (is_type(*u, unit_type::kEngineeringBay) && plan_.weapons_upgrade) {
      issue_command(world, *u, ability::kResearchTerranInfantryWeaponsLevel1, {}, false);
    }
  }
}

void MeleeAi::construct(World& world) {
  int barracks = 0, depots_building = 0, finished_depots = 0, workers = 0;
  bool builder_walking = false;
  for (const Unit* u : world.units()) {
    if (u->owner != player_) continue;
    if (is_type(*u, unit_type::kBarracks)) ++barracks;
    if (is_type(*u, unit_type::kSupplyDepot)) (u->complete() ? finished_depots : depots_building) += 1;
    if (u->stats->role == UnitRole::Worker) {
      ++workers;
      for (const Order& o : u->orders) builder_walking = builder_walking || o.kind == OrderKind::Build;
    }
  }
  if (builder_walking) return;  // one construction order at a time: the bank is not spent twice
  const int minerals = world.player(player_).economy.minerals;
  const int cap = food_cap(world, player_);
  const float spare = static_cast<float>(cap) - food_used(world, player_);
  const float margin = 3.0f + 2.0f * static_cast<float>(barracks);
  if (cap < kFoodLimit && spare <= margin && depots_building == 0 && minerals >= 100) {
    place_structure(world, ability::kBuildSupplyDepot, unit_type::kSupplyDepot);
    return;
  }
  // The tech plan's Refinery and Engineering Bay come once the first Barracks stands.
  if (plan_.tech && barracks > 0 && construct_tech(world)) return;
  const bool economy_ready = workers >= std::min(plan_.workers, 14) || barracks > 0;
  if (barracks < plan_.barracks && finished_depots > 0 && economy_ready && minerals >= 150) {
    place_structure(world, ability::kBuildBarracks, unit_type::kBarracks);
  }
}

bool MeleeAi::construct_tech(World& world) {
  bool refinery = false, bay = false;
  for (const Unit* u : world.units()) {
    if (u->owner != player_) continue;
    refinery = refinery || is_type(*u, unit_type::kRefinery);
    bay = bay || is_type(*u, unit_type::kEngineeringBay);
  }
  const int minerals = world.player(player_).economy.minerals;
  if (!refinery && minerals >= 75) {
    // The free geyser nearest home, built by the first mining SCV without a load.
    const Unit* geyser = nullptr;
    for (const Unit* u : world.units()) {
      if (!is_geyser(*u)) continue;
      if (geyser == nullptr || distance(u->pos, home_) < distance(geyser->pos, home_)) geyser = u;
    }
    if (geyser == nullptr || distance(geyser->pos, home_) > kBaseRadius) return false;
    for (Unit* u : world.units()) {
      if (u->owner != player_ || u->stats->role != UnitRole::Worker || u->carrying() || u->orders.empty() ||
          u->orders.front().kind != OrderKind::Gather) {
        continue;
      }
      return issue_command(world, *u, ability::kBuildRefinery, {geyser->pos, geyser->id}, false) ==
             CommandOutcome::Done;
    }
    return false;
  }
  if (plan_.weapons_upgrade && refinery && !bay && minerals >= 125) {
    return place_structure(world, ability::kBuildEngineeringBay, unit_type::kEngineeringBay);
  }
  return false;
}

bool MeleeAi::place_structure(World& world, std::uint32_t ability_id, std::uint32_t type) {
  const UnitTypeStats* stats = find_unit_type(type);
  Unit* builder = nullptr;
  for (Unit* u : world.units()) {  // a mining SCV without a load, the first in slot order
    if (u->owner != player_ || u->stats->role != UnitRole::Worker || u->carrying()) continue;
    if (!u->orders.empty() && u->orders.front().kind == OrderKind::Gather) {
      builder = u;
      break;
    }
  }
  if (builder == nullptr || stats == nullptr) return false;
  // Spots on the open side of the base, nearest the middle of the building area first.
  const Vec2 middle{home_.x + open_side_.x * 8.0f, home_.y + open_side_.y * 8.0f};
  const float step = static_cast<float>(stats->footprint_w + 1);
  std::vector<Vec2> spots;
  for (int dy = -4; dy <= 4; ++dy) {
    for (int dx = -4; dx <= 4; ++dx) {
      const Vec2 p = snap_to_grid(*stats, {middle.x + dx * step, middle.y + dy * step});
      const Vec2 from_home{p.x - home_.x, p.y - home_.y};
      if (from_home.x * open_side_.x + from_home.y * open_side_.y < 4.5f) continue;  // mineral side / too close
      spots.push_back(p);
    }
  }
  std::sort(spots.begin(), spots.end(), [&](Vec2 a, Vec2 b) {
    const float da = distance(a, middle), db = distance(b, middle);
    return da < db || (da == db && (a.x < b.x || (a.x == b.x && a.y < b.y)));
  });
  for (Vec2 p : spots) {
    if (!clear_of_ramps(world, *stats, p)) continue;
    if (check_placement(world, player_, type, p, builder->id) != CommandOutcome::Done) continue;
    return issue_command(world, *builder, ability_id, {p, {}}, false) == CommandOutcome::Done;
  }
  return false;
}

void MeleeAi::command_army(World& world) {
  std::vector<Unit*> army;
  std::vector<const Unit*> own_structures;
  const Unit* intruder = nullptr;
  std::vector<const Unit*> enemy_structures;
  const std::vector<Unit*> all = world.units();
  for (Unit* u : all) {
    if (u->owner == player_) {
      if (u->stats->role == UnitRole::Army) army.push_back(u);
      if (u->stats->role == UnitRole::Structure) own_structures.push_back(u);
    } else if (hostile(player_, u->owner) && u->stats->role == UnitRole::Structure) {
      enemy_structures.push_back(u);
    }
  }
  if (plan_.defends) {
    for (const Unit* u : all) {
      if (!hostile(player_, u->owner) || u->stats->role == UnitRole::Structure || intruder != nullptr) continue;
      for (const Unit* s : own_structures) {
        if (distance(u->pos, s->pos) <= kBaseRadius) {
          intruder = u;
          break;
        }
      }
    }
  }
  if (army.empty()) {
    attacking_ = false;
    return;
  }
  const int size = static_cast<int>(army.size());
  const int needed = waves_ == 0 ? plan_.first_attack_army : plan_.wave_army;
  if (!attacking_ && size >= needed && world.game_loop() >= plan_.first_attack_loop) {
    attacking_ = true;
    ++waves_;
  }
  if (attacking_ && size * 3 < needed) attacking_ = false;  // the wave is spent: gather the next one

  Vec2 goal;
  if (intruder != nullptr && !attacking_) {
    goal = intruder->pos;
  } else if (attacking_) {
    // The enemy structure nearest the army's first unit; its start location when none is left.
    goal = enemy_start_;
    float best = -1.0f;
    for (const Unit* s : enemy_structures) {
      const float d = distance(s->pos, army.front()->pos);
      if (best < 0.0f || d < best) {
        best = d;
        goal = s->pos;
      }
    }
  } else {
    goal = {home_.x + open_side_.x * kStagingDistance, home_.y + open_side_.y * kStagingDistance};
  }
  goal = world.clamp_to_playable(goal, 1.0f);
  for (Unit* u : army) {
    const bool heading_there = !u->orders.empty() && u->orders.front().kind == OrderKind::AttackMove &&
                               distance(u->orders.front().target, goal) < 1.0f;
    const bool resting_there = u->idle() && distance(u->pos, goal) < 4.0f;
    if (heading_there || resting_there) continue;
    issue_command(world, *u, ability::kAttackAttack, {goal, {}}, false);
  }
}

}  // namespace sc2::engine
