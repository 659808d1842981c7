// score_details beyond the economy totals: idle times (game loops), value of what exists,
// food / used / total_used by category (checked against a real game's loop-0 values),
// killed / lost values, damage dealt and taken.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/observation_builder.h"
#include "engine/server/score_report.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
namespace api = SC2APIProtocol;

namespace {

Game economy_game() {
  GameConfig config;
  config.map = find_mini_game("CollectMineralsAndGas");
  REQUIRE(config.map != nullptr);
  return Game(config, 5);
}

api::ScoreDetails details_of(Game& game) {
  InterfaceSetup iface;
  iface.raw = true;
  iface.score = true;
  api::ResponseObservation obs;
  build_observation(game, iface, &obs);
  REQUIRE(obs.observation().has_score());
  return obs.observation().score().score_details();
}

api::ScoreDetails details_of(const World& world, int player) {
  api::ScoreDetails d;
  fill_score_details(world, player, &d);
  return d;
}

std::vector<Unit*> own(World& world, std::uint32_t type, int owner = kAgentPlayer) {
  std::vector<Unit*> out;
  for (Unit* u : world.units()) {
    if (u->owner == owner && u->type() == type) out.push_back(u);
  }
  return out;
}

// Fights until one side is gone (or `max_loops`).
void fight(World& world, int max_loops) {
  for (int i = 0; i < max_loops; ++i) {
    world.advance();
    bool p1 = false, p2 = false;
    for (const Unit* u : world.units()) {
      if (u->owner == 1 && u->stats->solid()) p1 = true;
      if (u->owner == 2 && u->stats->solid()) p2 = true;
    }
    if (!p1 || !p2) return;
  }
}

}  // namespace

TEST_CASE("score_details: idle_worker_time adds one per idle worker per game loop") {
  Game game = economy_game();
  CHECK(details_of(game).idle_worker_time() == 0.0f);
  game.step(10);
  CHECK(details_of(game).idle_worker_time() == 120.0f);  // 12 idle SCVs x 10 loops
  World& world = game.world();
  const auto scvs = own(world, unit_type::kScv);
  for (int i = 0; i < 2; ++i) {
    REQUIRE(issue_command(world, *scvs[static_cast<std::size_t>(i)], ability::kMoveMove,
                          {scvs[static_cast<std::size_t>(i)]->pos + Vec2{0.0f, -3.0f}, {}}, false) == CommandOutcome::Done);
  }
  game.step(5);  // two of them walk (3 units take 17 loops): 10 idle
  CHECK(details_of(game).idle_worker_time() == 170.0f);
}

TEST_CASE("score_details: idle_production_time counts loops of a finished producer with an empty queue") {
  Game game = economy_game();
  game.step(20);
  CHECK(details_of(game).idle_production_time() == 20.0f);  // one idle Command Center
  World& world = game.world();
  Unit* cc = own(world, unit_type::kCommandCenter).front();
  REQUIRE(issue_command(world, *cc, ability::kTrainScv, {}, false) == CommandOutcome::Done);
  game.step(30);
  CHECK(details_of(game).idle_production_time() == 20.0f);  // training: not idle
  cc->production.clear();
  game.step(4);
  CHECK(details_of(game).idle_production_time() == 24.0f);
}

TEST_CASE("score_details: values and categories at the start match a real game's loop 0 (12 SCVs + CC)") {
  Game game = economy_game();
  const api::ScoreDetails d = details_of(game);
  // The recorded real game (shared/fixtures, Abyssal Reef, same 12 SCVs and Command Center).
  float real_units = 600, real_structures = 400, real_food_economy = 12, real_used_economy = 1000;
  if (sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_observation.pb")) {
    std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2/abyssal_reef_response_observation.pb",
                     std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    api::ResponseObservation real;
    REQUIRE(real.ParseFromString(bytes));
    const auto& r = real.observation().score().score_details();
    real_units = r.total_value_units();
    real_structures = r.total_value_structures();
    real_food_economy = r.food_used().economy();
    real_used_economy = r.used_minerals().economy();
    CHECK(r.total_used_minerals().economy() == real_used_economy);
  }
  CHECK(d.total_value_units() == real_units);
  CHECK(d.total_value_structures() == real_structures);
  CHECK(d.food_used().economy() == real_food_economy);
  CHECK(d.food_used().army() == 0.0f);
  CHECK(d.used_minerals().economy() == real_used_economy);
  CHECK(d.total_used_minerals().economy() == real_used_economy);
  CHECK(d.used_vespene().economy() == 0.0f);
  CHECK(d.killed_value_units() == 0.0f);
  CHECK(d.total_damage_dealt().life() == 0.0f);
}

TEST_CASE("score_details: queued units count in food and used, a new Barracks is technology") {
  Game game = economy_game();
  World& world = game.world();
  world.player(kAgentPlayer).economy.minerals = 1000;
  Unit* cc = own(world, unit_type::kCommandCenter).front();
  REQUIRE(issue_command(world, *cc, ability::kTrainScv, {}, false) == CommandOutcome::Done);
  world.spawn(unit_type::kBarracks, kAgentPlayer, {26.5f, 36.5f});
  const api::ScoreDetails d = details_of(game);
  CHECK(d.food_used().economy() == 13.0f);
  CHECK(d.used_minerals().economy() == 1050.0f);
  CHECK(d.used_minerals().technology() == 150.0f);
  CHECK(d.total_value_structures() == 550.0f);
}

TEST_CASE("score_details: a Marine killing a Zergling: killed and lost values, damage dealt and taken") {
  World world = flat_world(9);
  const UnitId marine = world.spawn(unit_type::kMarine, 1, {30.0f, 32.0f});
  world.spawn(unit_type::kZergling, 2, {34.0f, 32.0f});
  fight(world, 2000);
  REQUIRE(world.find(marine) != nullptr);  // a Marine beats one Zergling
  const Unit& m = *world.find(marine);
  const auto p1 = details_of(world, 1);
  const auto p2 = details_of(world, 2);
  const UnitTypeStats& ling = *find_unit_type(unit_type::kZergling);
  CHECK(p1.killed_value_units() == static_cast<float>(ling.mineral_cost + ling.vespene_cost));
  CHECK(p1.killed_minerals().army() == static_cast<float>(ling.mineral_cost));
  CHECK(p1.killed_value_structures() == 0.0f);
  CHECK(p2.lost_minerals().army() == static_cast<float>(ling.mineral_cost));
  CHECK(p1.lost_minerals().army() == 0.0f);
  // Life removed, not overkill: its 35 and what it regenerated during the fight (0.2734 a second,
  // spec sc2-map-files.md §5.4, issue 36), at most the whole fight's worth.
  CHECK(p1.total_damage_dealt().life() >= ling.health_max);
  CHECK(p1.total_damage_dealt().life() <= ling.health_max + ling.life_regen_rate * world.game_loop() / 16.0f);
  CHECK(p2.total_damage_taken().life() == doctest::Approx(p1.total_damage_dealt().life()));
  CHECK(p1.total_damage_taken().life() == doctest::Approx(m.health_max - m.health));
  CHECK(p2.total_damage_dealt().life() == doctest::Approx(m.health_max - m.health));
  CHECK(p1.total_damage_taken().life() > 0.0f);  // the Zergling got some hits in
  CHECK(p2.total_used_minerals().army() == static_cast<float>(ling.mineral_cost));  // lost still counts as used
  CHECK(p2.used_minerals().army() == 0.0f);
  CHECK(p1.friendly_fire_minerals().army() == 0.0f);
}

TEST_CASE("score_details: destroying an enemy structure is killed_value_structures, lost economy for its owner") {
  World world = flat_world(9);
  for (int i = 0; i < 4; ++i) world.spawn(unit_type::kMarine, 1, {26.0f, 30.0f + i});
  const UnitId depot = world.spawn(unit_type::kSupplyDepot, 2, {34.0f, 32.0f});
  for (Unit* m : own(world, unit_type::kMarine, 1)) {
    REQUIRE(issue_command(world, *m, ability::kAttackAttack, {Vec2{34.0f, 32.0f}, depot}, false) ==
            CommandOutcome::Done);
  }
  run_loops(world, 1500);
  REQUIRE(world.find(depot) == nullptr);
  const auto p1 = details_of(world, 1);
  const auto p2 = details_of(world, 2);
  CHECK(p1.killed_value_structures() == 100.0f);
  CHECK(p1.killed_minerals().economy() == 100.0f);
  CHECK(p1.killed_value_units() == 0.0f);
  CHECK(p2.lost_minerals().economy() == 100.0f);
  CHECK(p1.total_damage_dealt().life() == doctest::Approx(400.0f));
}

TEST_CASE("score_details: a Baneling's burst: its damage counts, its own death is a loss but no damage to itself") {
  World world = flat_world(9);
  for (int i = 0; i < 3; ++i) world.spawn(unit_type::kMarine, 1, {30.0f, 31.0f + 0.8f * i});
  world.spawn(unit_type::kBaneling, 2, {33.0f, 31.8f});
  run_loops(world, 200);
  REQUIRE(own(world, unit_type::kBaneling, 2).empty());
  const auto p1 = details_of(world, 1);
  const auto p2 = details_of(world, 2);
  float life_lost = 0.0f;
  int marines_left = 0;
  for (const Unit* m : world.units()) {
    if (m->owner == 1) life_lost += m->health_max - m->health, ++marines_left;
  }
  life_lost += static_cast<float>(3 - marines_left) * find_unit_type(unit_type::kMarine)->health_max;
  const UnitTypeStats& bane = *find_unit_type(unit_type::kBaneling);
  CHECK(p2.lost_minerals().army() == static_cast<float>(bane.mineral_cost));
  CHECK(p2.lost_vespene().army() == static_cast<float>(bane.vespene_cost));
  CHECK(p1.total_damage_taken().life() == doctest::Approx(life_lost));
  CHECK(p2.total_damage_dealt().life() == doctest::Approx(life_lost));
  CHECK(p2.total_damage_taken().life() == doctest::Approx(p1.total_damage_dealt().life()));
  CHECK(p2.friendly_fire_minerals().army() == 0.0f);
}
