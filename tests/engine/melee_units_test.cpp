// The melee game's units at simulation level (issue 19): the Barracks' Tech Lab add-on and
// the Marauder it unlocks, the Reaper, the Factory and its Hellion, the Engineering Bay and
// Infantry Weapons Level 1, a second Command Center; tech requirements, costs, refusals.
#include <algorithm>

#include "tests/engine/economy_base_fixture.h"
#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/combat.h"
#include "engine/sim/economy.h"
#include "engine/sim/production.h"
#include "engine/sim/unit_abilities.h"
#include "engine/sim/upgrades.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kMe = 1;
constexpr Vec2 kBarracksSpot{38.5f, 33.5f};  // open ground east of the economy base's CC

World rich_base() {
  World w(economy_base::layout(), 3);
  economy_base::place(w, kMe, 8, false);
  w.player(kMe).economy.minerals = 5000;
  w.player(kMe).economy.vespene = 5000;
  return w;
}

// A finished structure of `type`, as if built earlier.
Unit& structure(World& w, std::uint32_t type, Vec2 at) { return *w.find(w.spawn(type, kMe, at)); }

bool offers(const World& w, const Unit& u, std::uint32_t ability_id) {
  const auto list = available_abilities(w, u, false);
  return std::find(list.begin(), list.end(), ability_id) != list.end();
}

bool raised(const World& w, Alert alert) {
  return std::any_of(w.alerts_last_loop().begin(), w.alerts_last_loop().end(),
                     [&](const RaisedAlert& a) { return a.alert == alert && a.player == kMe; });
}

Unit& scv(World& w) { return *units_of(w, kMe, unit_type::kScv).at(0); }

}  // namespace

TEST_CASE("a Barracks builds its Tech Lab beside itself in 400 loops, then trains Marauders") {
  World w = rich_base();
  Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
  CHECK(offers(w, barracks, ability::kBuildTechLabBarracks));
  CHECK_FALSE(offers(w, barracks, ability::kTrainMarauder));  // not without a Tech Lab
  CHECK(issue_train(w, barracks, ability::kTrainMarauder) == CommandOutcome::TechRequirementsNotMet);

  REQUIRE(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::Done);
  CHECK(w.player(kMe).economy.minerals == 5000 - 50);
  CHECK(w.player(kMe).economy.vespene == 5000 - 25);
  auto labs = units_of(w, kMe, unit_type::kBarracksTechLab);
  REQUIRE(labs.size() == 1);
  Unit& lab = *labs[0];
  CHECK(lab.pos.x == kBarracksSpot.x + 2.5f);
  CHECK(lab.pos.y == kBarracksSpot.y - 0.5f);
  CHECK(lab.under_construction);
  CHECK(barracks.add_on == lab.id);
  // While it builds: no training, no second add-on, and the job can be cancelled.
  CHECK(issue_train(w, barracks, ability::kTrainMarine) == CommandOutcome::QueueIsFull);
  CHECK_FALSE(offers(w, barracks, ability::kBuildTechLabBarracks));
  CHECK(offers(w, barracks, ability::kCancelQueue5));

  const int loops = run_until(w, 1000, [&] { return lab.complete(); });
  CHECK(loops == 400);
  CHECK(raised(w, Alert::AddOnComplete));
  CHECK(lab.health == lab.health_max);
  CHECK(barracks.production.empty());
  CHECK_FALSE(offers(w, barracks, ability::kBuildTechLabBarracks));  // one add-on
  CHECK(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::CantBuildOnThat);
  CHECK(offers(w, barracks, ability::kTrainMarauder));

  REQUIRE(issue_train(w, barracks, ability::kTrainMarauder) == CommandOutcome::Done);
  const int marauder_loops = run_until(w, 1000, [&] { return !units_of(w, kMe, unit_type::kMarauder).empty(); });
  CHECK(marauder_loops == 480);
  const Unit& marauder = *units_of(w, kMe, unit_type::kMarauder).at(0);
  CHECK(marauder.health == 125.0f);
}

TEST_CASE("the Tech Lab: cancelled for 75% back, refused where something stands, gone means none") {
  World w = rich_base();
  SUBCASE("cancel from the Barracks' queue") {
    Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
    REQUIRE(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::Done);
    run_loops(w, 100);
    REQUIRE(issue_command(w, barracks, ability::kCancelQueue5, {}, false) == CommandOutcome::Done);
    CHECK(units_of(w, kMe, unit_type::kBarracksTechLab).empty());
    CHECK(w.player(kMe).economy.minerals == 5000 - 50 + 37);  // floor(0.75 x 50)
    CHECK(w.player(kMe).economy.vespene == 5000 - 25 + 18);
    CHECK(barracks.production.empty());
    CHECK(offers(w, barracks, ability::kBuildTechLabBarracks));  // may start again
  }
  SUBCASE("cancel on the add-on itself") {
    Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
    REQUIRE(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::Done);
    Unit& lab = *units_of(w, kMe, unit_type::kBarracksTechLab).at(0);
    CHECK(available_abilities(w, lab, false) == std::vector<std::uint32_t>{ability::kCancelBuildInProgress});
    REQUIRE(issue_command(w, lab, ability::kCancelBuildInProgress, {}, false) == CommandOutcome::Done);
    CHECK(units_of(w, kMe, unit_type::kBarracksTechLab).empty());
    CHECK(barracks.production.empty());
    CHECK(w.player(kMe).economy.minerals == 5000 - 50 + 37);
  }
  SUBCASE("a Supply Depot on the add-on's spot") {
    Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
    structure(w, unit_type::kSupplyDepot, {kBarracksSpot.x + 2.5f, kBarracksSpot.y - 0.5f});
    CHECK(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) ==
          CommandOutcome::CantBuildLocationInvalid);
    CHECK(w.player(kMe).economy.minerals == 5000);  // nothing paid
  }
  SUBCASE("an SCV cannot take over an add-on's construction") {
    Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
    REQUIRE(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::Done);
    Unit& lab = *units_of(w, kMe, unit_type::kBarracksTechLab).at(0);
    CHECK(order(w, scv(w), ability::kSmart, lab.pos, lab.id) == CommandOutcome::Done);  // just a move
    CHECK(scv(w).orders.at(0).kind == OrderKind::Move);
  }
  SUBCASE("a destroyed Tech Lab takes the Marauder with it") {
    Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
    REQUIRE(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::Done);
    run_loops(w, 401);
    REQUIRE(offers(w, barracks, ability::kTrainMarauder));
    w.remove(barracks.add_on);
    CHECK_FALSE(offers(w, barracks, ability::kTrainMarauder));
    CHECK(offers(w, barracks, ability::kBuildTechLabBarracks));
  }
  SUBCASE("not enough gas") {
    w.player(kMe).economy.vespene = 10;
    Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
    CHECK(issue_command(w, barracks, ability::kBuildTechLabBarracks, {}, false) == CommandOutcome::NotEnoughVespene);
    CHECK(units_of(w, kMe, unit_type::kBarracksTechLab).empty());
  }
}

TEST_CASE("the Reaper trains at any Barracks, the Hellion at a Factory, which needs a Barracks") {
  World w = rich_base();
  Unit& barracks = structure(w, unit_type::kBarracks, kBarracksSpot);
  REQUIRE(issue_train(w, barracks, ability::kTrainReaper) == CommandOutcome::Done);
  CHECK(run_until(w, 1000, [&] { return !units_of(w, kMe, unit_type::kReaper).empty(); }) == 720);
  const Unit& reaper = *units_of(w, kMe, unit_type::kReaper).at(0);
  CHECK(reaper.stats->weapon->attacks == 2);

  World bare = rich_base();
  CHECK_FALSE(offers(bare, scv(bare), ability::kBuildFactory));
  CHECK(order(bare, scv(bare), ability::kBuildFactory, {38.5f, 24.5f}) == CommandOutcome::TechRequirementsNotMet);
  CHECK(offers(w, scv(w), ability::kBuildFactory));
  REQUIRE(order(w, scv(w), ability::kBuildFactory, {38.5f, 24.5f}) == CommandOutcome::Done);
  run_until(w, 1000, [&] { return !units_of(w, kMe, unit_type::kFactory).empty(); });
  Unit& factory = *units_of(w, kMe, unit_type::kFactory).at(0);
  CHECK(run_until(w, 2000, [&] { return factory.complete(); }) == doctest::Approx(960).epsilon(0.01));
  REQUIRE(issue_train(w, factory, ability::kTrainHellion) == CommandOutcome::Done);
  CHECK(run_until(w, 1000, [&] { return !units_of(w, kMe, unit_type::kHellion).empty(); }) == 480);
}

TEST_CASE("the Engineering Bay researches Infantry Weapons Level 1 once, and infantry then hit harder") {
  World w = rich_base();
  REQUIRE(order(w, scv(w), ability::kBuildEngineeringBay, {38.5f, 24.5f}) == CommandOutcome::Done);
  run_until(w, 1000, [&] { return !units_of(w, kMe, unit_type::kEngineeringBay).empty(); });
  Unit& bay = *units_of(w, kMe, unit_type::kEngineeringBay).at(0);
  CHECK(run_until(w, 2000, [&] { return bay.complete(); }) == doctest::Approx(560).epsilon(0.01));

  const int minerals = w.player(kMe).economy.minerals;
  REQUIRE(issue_command(w, bay, ability::kResearchTerranInfantryWeaponsLevel1, {}, false) == CommandOutcome::Done);
  CHECK(w.player(kMe).economy.minerals == minerals - 100);
  CHECK(researching(w, kMe, upgrade::kTerranInfantryWeaponsLevel1));
  CHECK_FALSE(offers(w, bay, ability::kResearchTerranInfantryWeaponsLevel1));  // once
  CHECK(issue_research(w, bay, ability::kResearchTerranInfantryWeaponsLevel1) == CommandOutcome::Error);
  const int loops = run_until(w, 3000, [&] { return has_upgrade(w, kMe, upgrade::kTerranInfantryWeaponsLevel1); });
  CHECK(loops == 2560);
  CHECK(raised(w, Alert::ResearchComplete));
  CHECK(bay.production.empty());
  CHECK_FALSE(offers(w, bay, ability::kResearchTerranInfantryWeaponsLevel1));

  // Damage per attack, armour counted: Marine 6 -> 7 on a Marine; Marauder 10 +10 Armored -> 11 +11
  // on a Roach (armour 1); the Hellion (a vehicle) keeps 8 +6 Light.
  Unit& marine = *w.find(w.spawn(unit_type::kMarine, kMe, {20.0f, 20.0f}));
  Unit& marauder = *w.find(w.spawn(unit_type::kMarauder, kMe, {21.0f, 20.0f}));
  Unit& hellion = *w.find(w.spawn(unit_type::kHellion, kMe, {22.0f, 20.0f}));
  const UnitTypeStats& enemy_marine = *find_unit_type(unit_type::kMarine);
  const UnitTypeStats& roach = *find_unit_type(unit_type::kRoach);
  CHECK(weapon_damage(*marine.stats->weapon, enemy_marine) == 6.0f);
  CHECK(weapon_damage(upgraded_weapon(w, marine), enemy_marine) == 7.0f);
  CHECK(weapon_damage(*marauder.stats->weapon, roach) == 19.0f);
  CHECK(weapon_damage(upgraded_weapon(w, marauder), roach) == 21.0f);
  CHECK(weapon_damage(upgraded_weapon(w, hellion), enemy_marine) == 14.0f);
  // The other player's Marine is not upgraded.
  Unit& theirs = *w.find(w.spawn(unit_type::kMarine, 2, {30.0f, 50.0f}));
  CHECK(weapon_damage(upgraded_weapon(w, theirs), enemy_marine) == 6.0f);
}

TEST_CASE("research can be cancelled for its full cost, and money and prerequisites are checked") {
  World w = rich_base();
  Unit& bay = structure(w, unit_type::kEngineeringBay, {38.5f, 24.5f});
  REQUIRE(issue_research(w, bay, ability::kResearchTerranInfantryWeaponsLevel1) == CommandOutcome::Done);
  run_loops(w, 100);
  REQUIRE(issue_command(w, bay, ability::kCancelQueue5, {}, false) == CommandOutcome::Done);
  CHECK(w.player(kMe).economy.minerals == 5000);
  CHECK(w.player(kMe).economy.vespene == 5000);
  CHECK_FALSE(researching(w, kMe, upgrade::kTerranInfantryWeaponsLevel1));
  CHECK(offers(w, bay, ability::kResearchTerranInfantryWeaponsLevel1));

  w.player(kMe).economy.vespene = 99;
  CHECK(issue_research(w, bay, ability::kResearchTerranInfantryWeaponsLevel1) == CommandOutcome::NotEnoughVespene);
  CHECK(available_abilities(w, bay, true).empty());  // nothing affordable on the bay

  // No Command Center, no Engineering Bay.
  w.remove(units_of(w, kMe, unit_type::kCommandCenter).at(0)->id);
  CHECK_FALSE(offers(w, scv(w), ability::kBuildEngineeringBay));
  CHECK(order(w, scv(w), ability::kBuildEngineeringBay, {38.5f, 24.5f}) == CommandOutcome::TechRequirementsNotMet);
}

TEST_CASE("an SCV builds a second Command Center: 400 minerals, 1600 loops, 15 more supply") {
  World w = rich_base();
  const int cap = food_cap(w, kMe);
  REQUIRE(offers(w, scv(w), ability::kBuildCommandCenter));
  REQUIRE(order(w, scv(w), ability::kBuildCommandCenter, {39.5f, 24.5f}) == CommandOutcome::Done);
  run_until(w, 1000, [&] { return units_of(w, kMe, unit_type::kCommandCenter).size() == 2; });
  REQUIRE(units_of(w, kMe, unit_type::kCommandCenter).size() == 2);
  CHECK(w.player(kMe).economy.minerals == 5000 - 400);
  Unit& second = *units_of(w, kMe, unit_type::kCommandCenter).at(1);
  CHECK(run_until(w, 2000, [&] { return second.complete(); }) == doctest::Approx(1600).epsilon(0.01));
  CHECK(food_cap(w, kMe) == cap + 15);
  REQUIRE(issue_train(w, second, ability::kTrainScv) == CommandOutcome::Done);
}
