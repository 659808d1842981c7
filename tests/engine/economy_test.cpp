// Economy mechanics at simulation level: harvesting rate and saturation, gas, supply,
// construction, production, placement, costs, refunds and queue limits.
#include <algorithm>
#include <cmath>

#include "tests/engine/economy_base_fixture.h"
#include "engine/sim/abilities.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/orders.h"
#include "engine/sim/production.h"
#include "engine/sim/unit_abilities.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kMe = 1;

std::vector<Unit*> own_of(World& w, std::uint32_t type) { return units_of(w, kMe, type); }

std::vector<Unit*> fields_of(World& w) {
  std::vector<Unit*> out;
  for (Unit* u : w.units()) {
    if (u->type() == unit_type::kMineralField) out.push_back(u);
  }
  return out;
}

Unit& command_center(World& w) { return *own_of(w, unit_type::kCommandCenter).at(0); }

World base_world(int fields = 8, bool geysers = false) {
  World w(economy_base::layout(), 3);
  economy_base::place(w, kMe, fields, geysers);
  return w;
}

// The base the rate reference is matched on: a standard mineral line (the melee folders' 8
// fields, 6.9-7.6 from the Command Center, turned to its east side) and 12 SCVs in two rows
// south of it, on a flat 24x24 area. The economy maps' west line is nearer (5.6-7.5) and mines
// faster. Where the SCVs start matters beyond the first trips: two SCVs sharing a field keep
// the rhythm they fall into (measured: starting behind the Command Center, ~15% less).
World standard_base_world() {
  World w(make_flat_layout(64, 64, CellRect{20, 20, 44, 44}, 128, 96), 3);
  w.set_economy(true);
  w.player(kMe).economy.minerals = economy_base::kStartMinerals;
  const Vec2 cc{32.5f, 32.5f};
  w.spawn(unit_type::kCommandCenter, kMe, cc);
  for (Vec2 f : economy_base::melee_mineral_offsets()) {
    w.spawn(unit_type::kMineralField, kNeutralOwner, {cc.x - f.x, cc.y + f.y});
  }
  for (int row = 0; row < 2; ++row) {
    for (int i = 0; i < 6; ++i) w.spawn(unit_type::kScv, kMe, {cc.x - 2.0f + 0.8f * i, cc.y - 3.5f - 0.8f * row});
  }
  return w;
}

// Open ground east of the economy base's Command Center (its 8-field base has no east line).
constexpr Vec2 kDepotSpot{38.0f, 23.0f};
constexpr Vec2 kBarracksSpot{38.5f, 33.5f};

CommandOutcome gather(World& w, Unit& scv, Unit& resource) {
  return order(w, scv, ability::kHarvestGatherScv, resource.pos, resource.id);
}

}  // namespace

TEST_CASE("the economy base starts as the Terran start: 50 minerals, supply 12/15, 12 idle SCVs") {
  World w = base_world(16, true);
  CHECK(w.player(kMe).economy.minerals == 50);
  CHECK(food_cap(w, kMe) == 15);
  CHECK(food_used(w, kMe) == doctest::Approx(12.0f));
  CHECK(idle_workers(w, kMe).size() == 12);
  CHECK(fields_of(w).size() == 16);
  for (Unit* f : fields_of(w)) CHECK(f->mineral_contents == 1800);
  // Every start unit sits on valid, non-overlapping footprints.
  CHECK(check_placement(w, kMe, unit_type::kSupplyDepot, economy_base::kCommandCenter, {}) ==
        CommandOutcome::CantBuildLocationInvalid);
}

TEST_CASE("12 SCVs on 8 fields collect minerals at the game's rate (within 10%)") {
  // Reference: measured in the game at Normal speed ("Harvested minerals per minute",
  // PiousFlea, TL.net 2010, a melee-map base of 8 patches): up to 2 SCVs per patch each SCV
  // adds 39-45 minerals per game minute; 16 SCVs on 8 patches make ~672 per minute, i.e.
  // ~42 per SCV. 12 SCVs on 8 patches (at most 2 per patch): 12 x 42 = 504 per Normal
  // minute (the range 468-540), ~706 per Faster minute (x 1.4). What it takes to match: the
  // mining time (2.786 s Normal), the 0.5 s pause, 5 per trip, and SCVs that speed up from
  // rest and slow down before each stop (unit_data.cpp: acceleration 2.5, measured).
  constexpr double kReferencePerNormalMinute = 12 * 42.0;
  World w = standard_base_world();
  auto fields = fields_of(w);
  auto scvs = own_of(w, unit_type::kScv);
  REQUIRE(fields.size() == 8);
  REQUIRE(scvs.size() == 12);
  for (std::size_t i = 0; i < scvs.size(); ++i) {
    REQUIRE(gather(w, *scvs[i], *fields[i % fields.size()]) == CommandOutcome::Done);
  }
  run_loops(w, 400);  // first trips under way
  const int before = w.player(kMe).economy.collected_minerals;
  constexpr int kWindow = 2688;  // 2.8 Normal minutes (16 loops per Normal second)
  run_loops(w, kWindow);
  const double collected = w.player(kMe).economy.collected_minerals - before;
  const double expected = kReferencePerNormalMinute * kWindow / (16.0 * 60.0);
  INFO("collected " << collected << " expected " << expected << " ("
                    << collected / (kWindow / (16.0 * 60.0)) / 12 << " per SCV per Normal minute; the game ~42)");
  CHECK(collected >= expected * 0.9);
  CHECK(collected <= expected * 1.1);
  // What was collected (plus loads in flight) left the fields.
  int left = 0, carried = 0;
  for (Unit* f : fields_of(w)) left += f->mineral_contents;
  for (Unit* s : own_of(w, unit_type::kScv)) carried += s->cargo_minerals;
  CHECK(8 * 1800 - left == w.player(kMe).economy.collected_minerals + carried);
  CHECK(w.player(kMe).economy.minerals == 50 + w.player(kMe).economy.collected_minerals);
  // The score's collection rate is per Faster minute (1344 loops).
  CHECK(collection_rate_minerals(w, kMe) == doctest::Approx(kReferencePerNormalMinute * 1.4).epsilon(0.15));
}

TEST_CASE("an SCV speeds up from rest and slows down before it stops, as measured in the game") {
  // The game (unit_data.cpp's source): a 4-unit move takes 37 ticks of 1/16 Normal second,
  // top speed 0.1758 per tick reached after ~18; at full speed from the start it would be 23.
  World w = base_world(8);
  Unit& scv = *own_of(w, unit_type::kScv).at(0);
  const Vec2 start = scv.pos;
  const Vec2 goal{start.x + 4.0f, start.y};  // east: open ground
  REQUIRE(order(w, scv, ability::kMoveMove, goal) == CommandOutcome::Done);
  std::vector<float> steps;
  for (int i = 0; i < 60 && distance(scv.pos, goal) > 1e-3f; ++i) {
    const Vec2 was = scv.pos;
    w.advance();
    steps.push_back(distance(was, scv.pos));
  }
  CHECK(distance(scv.pos, goal) < 1e-3f);
  CHECK(steps.size() >= 34);
  CHECK(steps.size() <= 40);
  CHECK(steps.front() < 0.02f);                                           // from rest
  CHECK(*std::max_element(steps.begin(), steps.end()) == doctest::Approx(2.8125f / 16.0f));  // top speed
  CHECK(steps[steps.size() - 2] < 0.05f);                                 // braking at the end
  // A Marine has no acceleration in our tables: full speed on its first loop.
  Unit& marine = *w.find(w.spawn(unit_type::kMarine, kMe, {38.0f, 35.0f}));
  REQUIRE(order(w, marine, ability::kMoveMove, {42.0f, 35.0f}) == CommandOutcome::Done);
  const Vec2 was = marine.pos;
  w.advance();
  CHECK(distance(was, marine.pos) == doctest::Approx(2.25f / 16.0f));
}

TEST_CASE("workers wait while their field is occupied and none is free around: 4 SCVs on a lone field mine as one") {
  World w = base_world(1);
  Unit& field = *fields_of(w).at(0);
  auto scvs = own_of(w, unit_type::kScv);
  for (int i = 0; i < 4; ++i) REQUIRE(gather(w, *scvs[i], field) == CommandOutcome::Done);
  run_loops(w, 300);
  const int before = w.player(kMe).economy.collected_minerals;
  run_loops(w, 45 * 20);
  const int collected = w.player(kMe).economy.collected_minerals - before;
  // One worker mines at a time: at most 5 per 45 loops (+1 trip in flight at the window's edge).
  CHECK(collected <= 5 * 21);
  CHECK(collected >= 5 * 18);  // and the field is kept busy
  for (int i = 0; i < 4; ++i) CHECK(scvs[i]->orders.front().target_unit == field.id);  // none wandered off
}

TEST_CASE("a worker finding its field mined moves on to a free field nearby: 12 SCVs sent to one field spread out") {
  // The game's Gather has an acquire radius for other fields: a group right-clicked onto one
  // field spreads over the mineral line ("bouncing"), so it mines nearly as fast as a split.
  World split = base_world(8);
  World bunched = base_world(8);
  auto split_fields = fields_of(split);
  auto split_scvs = own_of(split, unit_type::kScv);
  for (std::size_t i = 0; i < split_scvs.size(); ++i) {
    REQUIRE(gather(split, *split_scvs[i], *split_fields[i % split_fields.size()]) == CommandOutcome::Done);
  }
  Unit& one = *fields_of(bunched).at(0);
  for (Unit* scv : own_of(bunched, unit_type::kScv)) REQUIRE(gather(bunched, *scv, one) == CommandOutcome::Done);
  run_loops(split, 2688);
  run_loops(bunched, 2688);
  const int split_collected = split.player(kMe).economy.collected_minerals;
  const int bunched_collected = bunched.player(kMe).economy.collected_minerals;
  INFO("split " << split_collected << ", all sent to one field " << bunched_collected);
  CHECK(bunched_collected >= split_collected * 0.85);
  // Every field got worked: each lost minerals.
  for (Unit* f : fields_of(bunched)) CHECK(f->mineral_contents < 1800);
}

TEST_CASE("a field runs dry and disappears, its workers move to the next field") {
  World w = base_world(8);
  auto fields = fields_of(w);
  Unit& scv = *own_of(w, unit_type::kScv).at(0);
  fields[0]->mineral_contents = 10;
  const UnitId dry = fields[0]->id;
  REQUIRE(gather(w, scv, *fields[0]) == CommandOutcome::Done);
  run_until(w, 2000, [&] { return w.find(dry) == nullptr; });
  CHECK(w.find(dry) == nullptr);
  run_loops(w, 400);
  CHECK(w.player(kMe).economy.collected_minerals > 10);
  REQUIRE_FALSE(scv.orders.empty());
  CHECK(scv.orders.front().kind == OrderKind::Gather);
}

TEST_CASE("Refinery on a geyser: built in its time, 4 gas per trip, one worker inside at a time") {
  World w = base_world(8, true);
  w.player(kMe).economy.minerals = 500;
  Unit* geyser = nullptr;
  for (Unit* u : w.units()) {
    if (u->type() == unit_type::kVespeneGeyser && geyser == nullptr) geyser = u;
  }
  REQUIRE(geyser != nullptr);
  auto scvs = own_of(w, unit_type::kScv);
  // A point instead of the geyser is refused; a mineral field is not a geyser.
  CHECK(order(w, *scvs[0], ability::kBuildRefinery, geyser->pos) == CommandOutcome::CantTargetThatUnit);
  CHECK(order(w, *scvs[0], ability::kBuildRefinery, fields_of(w)[0]->pos, fields_of(w)[0]->id) ==
        CommandOutcome::CantBuildOnThat);
  REQUIRE(order(w, *scvs[0], ability::kBuildRefinery, geyser->pos, geyser->id) == CommandOutcome::Done);
  run_until(w, 500, [&] { return !own_of(w, unit_type::kRefinery).empty(); });
  Unit& refinery = *own_of(w, unit_type::kRefinery).at(0);
  CHECK(w.player(kMe).economy.minerals == 425);
  CHECK(refinery.under_construction);
  CHECK(refinery.vespene_contents == 2250);
  // Gathering from an unfinished Refinery is refused.
  CHECK(gather(w, *scvs[1], refinery) == CommandOutcome::CantHarvestThatResource);
  const int loops = run_until(w, 1000, [&] { return refinery.complete(); });
  CHECK(loops == doctest::Approx(480).epsilon(0.01));
  for (int i = 1; i <= 3; ++i) REQUIRE(gather(w, *scvs[i], *geyser) == CommandOutcome::Done);  // via the geyser
  run_loops(w, 1344);
  const int gas = w.player(kMe).economy.collected_vespene;
  CHECK(gas > 0);
  CHECK(gas % 4 == 0);
  CHECK(refinery.vespene_contents <= 2250 - gas);
  CHECK(geyser->vespene_contents == refinery.vespene_contents);
}

TEST_CASE("supply depot raises the cap by 8, a Barracks needs it, finishes in its build time, trains a Marine in 400 loops") {
  World w = base_world(8);
  w.player(kMe).economy.minerals = 1000;
  auto scvs = own_of(w, unit_type::kScv);
  const Vec2 depot_spot = kDepotSpot, barracks_spot = kBarracksSpot;
  CHECK(order(w, *scvs[0], ability::kBuildBarracks, barracks_spot) == CommandOutcome::TechRequirementsNotMet);
  CHECK(std::ranges::count(available_abilities(w, *scvs[0], false), ability::kBuildBarracks) == 0);
  REQUIRE(order(w, *scvs[0], ability::kBuildSupplyDepot, depot_spot) == CommandOutcome::Done);
  run_until(w, 500, [&] { return !own_of(w, unit_type::kSupplyDepot).empty(); });
  Unit& depot = *own_of(w, unit_type::kSupplyDepot).at(0);
  CHECK(depot.pos.x == 38.0f);  // 2x2 centres sit on cell corners
  CHECK(w.player(kMe).economy.minerals == 900);
  CHECK(food_cap(w, kMe) == 15);  // not before it is finished
  const int depot_loops = run_until(w, 1000, [&] { return depot.complete(); });
  CHECK(std::abs(depot_loops - 480) <= 1);
  CHECK(food_cap(w, kMe) == 23);
  CHECK(std::ranges::count(available_abilities(w, *scvs[0], false), ability::kBuildBarracks) == 1);

  REQUIRE(order(w, *scvs[1], ability::kBuildBarracks, barracks_spot) == CommandOutcome::Done);
  run_until(w, 1000, [&] { return !own_of(w, unit_type::kBarracks).empty(); });
  Unit& barracks = *own_of(w, unit_type::kBarracks).at(0);
  CHECK(w.player(kMe).economy.minerals == 750);
  CHECK(issue_train(w, barracks, ability::kTrainMarine) == CommandOutcome::Error);  // not finished yet
  const int barracks_loops = run_until(w, 2000, [&] { return barracks.complete(); });
  CHECK(std::abs(barracks_loops - 1040) <= 1);  // 46.43 s Faster = 1040 loops
  CHECK(barracks.health == barracks.health_max);  // exactly: no float drift left ("999/1000")
  CHECK(depot.health == depot.health_max);

  const float food_before = food_used(w, kMe);
  REQUIRE(issue_train(w, barracks, ability::kTrainMarine) == CommandOutcome::Done);
  CHECK(food_used(w, kMe) == doctest::Approx(food_before + 1.0f));  // reserved when queued
  CHECK(w.player(kMe).economy.minerals == 700);
  const int marine_loops = run_until(w, 1000, [&] { return !own_of(w, unit_type::kMarine).empty(); });
  CHECK(marine_loops == 400);
  CHECK(w.player(kMe).economy.marines_trained == 1);
  CHECK(food_used(w, kMe) == doctest::Approx(food_before + 1.0f));
}

TEST_CASE("supply and money limits: NotEnoughFood, NotEnoughMinerals, queues of 5, cancel refunds") {
  World w = base_world(8);
  Unit& cc = command_center(w);
  w.player(kMe).economy.minerals = 40;
  CHECK(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::NotEnoughMinerals);
  CHECK(std::ranges::count(available_abilities(w, cc, true), ability::kTrainScv) == 0);   // unaffordable: not listed
  CHECK(std::ranges::count(available_abilities(w, cc, false), ability::kTrainScv) == 1);
  w.player(kMe).economy.minerals = 1000;
  for (int i = 0; i < 3; ++i) REQUIRE(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::Done);
  CHECK(food_used(w, kMe) == doctest::Approx(15.0f));
  CHECK(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::NotEnoughFood);  // 15/15
  CHECK(w.player(kMe).economy.minerals == 850);

  // Room for more supply: the queue stops at 5.
  w.spawn(unit_type::kSupplyDepot, kMe, kDepotSpot);
  REQUIRE(food_cap(w, kMe) == 23);
  for (int i = 0; i < 2; ++i) REQUIRE(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::Done);
  CHECK(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::QueueIsFull);
  CHECK(cc.production.size() == 5);
  CHECK(w.player(kMe).economy.minerals == 750);
  // Cancel the last, then slot 0 (the one in progress): each returns its full cost.
  run_loops(w, 100);
  CHECK(issue_command(w, cc, ability::kCancelQueue5, {}, false) == CommandOutcome::Done);
  CHECK(w.player(kMe).economy.minerals == 800);
  CHECK(cancel_slot(w, cc, 0) == CommandOutcome::Done);
  CHECK(w.player(kMe).economy.minerals == 850);
  CHECK(cc.production.size() == 3);
  CHECK(cc.production.front().loops_done == 0);  // the next one starts from scratch
  CHECK(cancel_slot(w, cc, 7) == CommandOutcome::NothingToCancel);
  CHECK(w.player(kMe).economy.spent_minerals == 150);
}

TEST_CASE("a supply-blocked Train is left out of the affordable abilities, with the supply counted once or each time") {
  World w = base_world(8);
  Unit& cc = command_center(w);
  w.player(kMe).economy.minerals = 1000;
  for (int i = 0; i < 3; ++i) REQUIRE(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::Done);
  REQUIRE(food_used(w, kMe) == doctest::Approx(15.0f));  // 15/15: blocked
  SupplyCount supply(w, kMe);
  CHECK(std::ranges::count(available_abilities(w, cc, true), ability::kTrainScv) == 0);
  CHECK(std::ranges::count(available_abilities(w, cc, true, &supply), ability::kTrainScv) == 0);
  CHECK(check_cost(w, kMe, unit_type::kScv, true, &supply) == CommandOutcome::NotEnoughFood);
  CHECK(supply.used() == doctest::Approx(15.0f));
  CHECK(supply.cap() == 15);

  // A Supply Depot later: a fresh count sees the room (a SupplyCount is for one unchanged world).
  w.spawn(unit_type::kSupplyDepot, kMe, kDepotSpot);
  SupplyCount after(w, kMe);
  CHECK(std::ranges::count(available_abilities(w, cc, true, &after), ability::kTrainScv) == 1);
  CHECK(check_cost(w, kMe, unit_type::kScv, true, &after) == CommandOutcome::Done);
  CHECK(after.cap() == 23);
  CHECK(check_cost(w, kMe, unit_type::kScv, true) == CommandOutcome::Done);
  // Another player's count is not used for this one.
  SupplyCount other(w, kMe + 1);
  CHECK(check_cost(w, kMe, unit_type::kScv, true, &other) == CommandOutcome::Done);
}

TEST_CASE("placement refuses overlaps, resources, unbuildable and off-map cells") {
  World w = base_world(8);
  w.player(kMe).economy.minerals = 1000;
  Unit& scv = *own_of(w, unit_type::kScv).at(0);
  const auto depot = unit_type::kSupplyDepot;
  CHECK(check_placement(w, kMe, depot, kDepotSpot, {}) == CommandOutcome::Done);
  CHECK(check_placement(w, kMe, depot, {30.0f, 28.0f}, {}) == CommandOutcome::CantBuildLocationInvalid);  // the CC
  CHECK(check_placement(w, kMe, depot, {24.0f, 29.0f}, {}) == CommandOutcome::CantBuildLocationInvalid);  // minerals
  CHECK(check_placement(w, kMe, depot, {20.0f, 30.0f}, {}) == CommandOutcome::CantBuildLocationInvalid);  // edge
  CHECK(check_placement(w, kMe, depot, {5.0f, 5.0f}, {}) == CommandOutcome::CantBuildLocationInvalid);    // border
  CHECK(order(w, scv, ability::kBuildSupplyDepot, {5.0f, 5.0f}) == CommandOutcome::CantBuildLocationInvalid);
  CHECK(scv.idle());
  // An existing structure's footprint, and another player's unit, block the spot too.
  w.spawn(depot, kMe, kDepotSpot);
  CHECK(check_placement(w, kMe, depot, {39.0f, 24.0f}, {}) == CommandOutcome::CantBuildLocationInvalid);
  CHECK(check_placement(w, kMe, depot, {40.0f, 23.0f}, {}) == CommandOutcome::Done);  // touching is fine
  w.spawn(unit_type::kZergling, 2, {42.0f, 23.0f});
  CHECK(check_placement(w, kMe, depot, {42.0f, 23.0f}, {}) == CommandOutcome::CantBuildLocationInvalid);
  // Own units step aside.
  CHECK(check_placement(w, kMe, depot, scv.pos, {}) != CommandOutcome::CantBuildOnThat);
  // Snapping: 2x2 on corners, 3x3 on cell centres.
  const Vec2 snapped2 = snap_to_grid(*find_unit_type(depot), {23.4f, 22.6f});
  CHECK(snapped2.x == 23.0f);
  CHECK(snapped2.y == 23.0f);
  const Vec2 snapped3 = snap_to_grid(*find_unit_type(unit_type::kBarracks), {23.9f, 22.1f});
  CHECK(snapped3.x == 23.5f);
  CHECK(snapped3.y == 22.5f);
}

TEST_CASE("cancelling a structure under construction returns 75% and frees its SCV") {
  World w = base_world(8);
  w.player(kMe).economy.minerals = 100;
  Unit& scv = *own_of(w, unit_type::kScv).at(0);
  REQUIRE(order(w, scv, ability::kBuildSupplyDepot, kDepotSpot) == CommandOutcome::Done);
  run_until(w, 500, [&] { return !own_of(w, unit_type::kSupplyDepot).empty(); });
  Unit& depot = *own_of(w, unit_type::kSupplyDepot).at(0);
  CHECK(w.player(kMe).economy.minerals == 0);
  CHECK(available_abilities(w, depot, false) == std::vector<std::uint32_t>{ability::kCancelBuildInProgress});
  run_loops(w, 10);
  CHECK(issue_command(w, depot, ability::kCancelBuildInProgress, {}, false) == CommandOutcome::Done);
  CHECK(w.player(kMe).economy.minerals == 75);
  CHECK(own_of(w, unit_type::kSupplyDepot).empty());
  run_loops(w, 1);
  CHECK(scv.idle());
}

TEST_CASE("rally: new SCVs rallied to a field start mining, Marines walk to a rally point") {
  World w = base_world(8);
  w.player(kMe).economy.minerals = 100;
  Unit& cc = command_center(w);
  Unit& field = *fields_of(w).at(0);
  REQUIRE(issue_command(w, cc, ability::kSmart, {field.pos, field.id}, false) == CommandOutcome::Done);
  CHECK(cc.has_rally);
  REQUIRE(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::Done);
  run_loops(w, 272);
  auto scvs = own_of(w, unit_type::kScv);
  REQUIRE(scvs.size() == 13);
  Unit& fresh = *scvs.back();
  REQUIRE_FALSE(fresh.orders.empty());
  CHECK(fresh.orders.front().kind == OrderKind::Gather);
  CHECK(w.player(kMe).economy.workers_trained == 1);
}

TEST_CASE("Return cargo hands in the load and resumes, Smart on a field gathers") {
  World w = base_world(8);
  Unit& scv = *own_of(w, unit_type::kScv).at(0);
  Unit& field = *fields_of(w).at(0);
  CHECK(issue_command(w, scv, ability::kHarvestReturnScv, {}, false) == CommandOutcome::Error);  // nothing carried
  REQUIRE(issue_command(w, scv, ability::kSmart, {field.pos, field.id}, false) == CommandOutcome::Done);
  run_until(w, 500, [&] { return scv.carrying(); });
  REQUIRE(scv.carrying());
  CHECK(std::ranges::count(available_abilities(w, scv, false), ability::kHarvestReturnScv) == 1);
  issue_command(w, scv, ability::kStopStop, {}, false);
  CHECK(scv.carrying());
  REQUIRE(issue_command(w, scv, ability::kHarvestReturnScv, {}, false) == CommandOutcome::Done);
  run_until(w, 500, [&] { return !scv.carrying(); });
  CHECK(w.player(kMe).economy.collected_minerals == 5);
  run_loops(w, 20);
  REQUIRE_FALSE(scv.orders.empty());
  CHECK(scv.orders.front().ability_id == ability::kHarvestGatherScv);  // back to the field
}
