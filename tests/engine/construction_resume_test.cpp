// Resuming construction, as in the game: a Terran structure whose SCV stopped building it
// (ordered away, or killed) stays half-built; an own SCV given Smart or the structure's
// Build ability on it walks there and finishes it in the build time still left, unpaid.
#include <vector>

#include "tests/engine/economy_base_fixture.h"
#include "engine/sim/abilities.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/orders.h"
#include "engine/sim/unit_abilities.h"
#include "tests/engine/map_test_util.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kMe = 1;
constexpr Vec2 kDepotSpot{38.0f, 23.0f};  // open ground east of the economy base's Command Center
constexpr Vec2 kAwaySpot{42.0f, 35.0f};  // open ground, a walk from the depot
constexpr int kBuiltBeforeHalt = 100;    // loops of construction before the SCV stops

std::vector<Unit*> own_of(World& w, std::uint32_t type) { return units_of(w, kMe, type); }

World base_world(bool geysers = false) {
  World w(economy_base::layout(), 3);
  economy_base::place(w, kMe, 8, geysers);
  return w;
}

bool at_work(const Unit& scv) {
  return !scv.orders.empty() && scv.orders.front().kind == OrderKind::Build &&
         scv.orders.front().phase == OrderPhase::Work;
}

// `scv` lays a depot (paying all 100 minerals) and builds it for kBuiltBeforeHalt loops.
Unit& depot_in_progress(World& w, Unit& scv) {
  w.player(kMe).economy.minerals = 100;
  REQUIRE(order(w, scv, ability::kBuildSupplyDepot, kDepotSpot) == CommandOutcome::Done);
  run_until(w, 500, [&] { return !own_of(w, unit_type::kSupplyDepot).empty(); });
  REQUIRE(own_of(w, unit_type::kSupplyDepot).size() == 1);
  Unit& depot = *own_of(w, unit_type::kSupplyDepot).front();
  run_loops(w, kBuiltBeforeHalt);
  REQUIRE(depot.build_loops_done == kBuiltBeforeHalt);
  REQUIRE(w.player(kMe).economy.minerals == 0);
  return depot;
}

// `scv` walks to the halted `depot`; construction starts again exactly where it stopped
// and takes exactly the loops still left, with nothing paid again.
void check_resumed_to_completion(World& w, Unit& scv, Unit& depot, std::uint32_t done_before) {
  REQUIRE(depot.builder == scv.id);
  REQUIRE(!scv.orders.empty());
  CHECK(scv.orders.front().kind == OrderKind::Build);
  CHECK(scv.orders.front().ability_id == ability::kBuildSupplyDepot);
  CHECK(scv.orders.front().target_unit == depot.id);
  const int walk = run_until(w, 1000, [&] { return at_work(scv); });
  REQUIRE(at_work(scv));
  CHECK(walk > 0);                                   // it had to walk there
  CHECK(depot.build_loops_done == done_before);       // no progress while nobody built it
  CHECK(distance(scv.pos, depot.pos) <= depot.radius + scv.radius + 0.1f);
  const int rest = run_until(w, 1000, [&] { return depot.complete(); });
  CHECK(rest == static_cast<int>(depot.stats->build_time_loops - done_before));
  CHECK(depot.health == depot.health_max);
  CHECK(depot.builder == UnitId{});
  CHECK(food_cap(w, kMe) == 23);
  CHECK(w.player(kMe).economy.minerals == 0);  // paid once, when it was laid
  CHECK(w.player(kMe).economy.spent_minerals == 100);
  run_loops(w, 1);
  CHECK(scv.idle());
  CHECK(own_of(w, unit_type::kSupplyDepot).size() == 1);  // the same depot, no second one
}

}  // namespace

TEST_CASE("an SCV ordered away halts construction and Smart from another SCV resumes it") {
  World w = base_world();
  auto scvs = own_of(w, unit_type::kScv);
  Unit& depot = depot_in_progress(w, *scvs[0]);
  CHECK(!construction_halted(w, depot));

  REQUIRE(order(w, *scvs[0], ability::kMoveMove, kAwaySpot) == CommandOutcome::Done);
  const float health_at_halt = depot.health;
  run_loops(w, 60);
  CHECK(depot.under_construction);  // halted, not cancelled
  CHECK(depot.build_loops_done == kBuiltBeforeHalt);
  CHECK(depot.health == health_at_halt);
  CHECK(construction_halted(w, depot));
  CHECK(available_abilities(w, depot, false) == std::vector<std::uint32_t>{ability::kCancelBuildInProgress});

  Unit& resumer = *scvs[5];
  REQUIRE(order(w, resumer, ability::kSmart, depot.pos, depot.id) == CommandOutcome::Done);
  CHECK(!construction_halted(w, depot));
  // While it walks there it is the builder: Smart from a third SCV just moves.
  REQUIRE(order(w, *scvs[6], ability::kSmart, depot.pos, depot.id) == CommandOutcome::Done);
  CHECK(scvs[6]->orders.front().kind == OrderKind::Move);
  CHECK(depot.builder == resumer.id);
  check_resumed_to_completion(w, resumer, depot, kBuiltBeforeHalt);
}

TEST_CASE("the same SCV resumes its structure with the Build ability on it, without paying again") {
  World w = base_world();
  Unit& scv = *own_of(w, unit_type::kScv).front();
  Unit& depot = depot_in_progress(w, scv);
  REQUIRE(order(w, scv, ability::kMoveMove, kAwaySpot) == CommandOutcome::Done);
  run_loops(w, 60);
  REQUIRE(depot.build_loops_done == kBuiltBeforeHalt);
  // No minerals left: a new depot would be refused, resuming is not.
  CHECK(order(w, scv, ability::kBuildSupplyDepot, {42.0f, 23.0f}) == CommandOutcome::NotEnoughMinerals);
  REQUIRE(order(w, scv, ability::kBuildSupplyDepot, depot.pos, depot.id) == CommandOutcome::Done);
  check_resumed_to_completion(w, scv, depot, kBuiltBeforeHalt);
}

TEST_CASE("a structure whose SCV is still building it is not taken over by Smart or the Build ability") {
  World w = base_world();
  auto scvs = own_of(w, unit_type::kScv);
  Unit& depot = depot_in_progress(w, *scvs[0]);
  REQUIRE(order(w, *scvs[5], ability::kSmart, depot.pos, depot.id) == CommandOutcome::Done);
  CHECK(scvs[5]->orders.front().kind == OrderKind::Move);  // as before: Smart on a friend moves
  w.player(kMe).economy.minerals = 100;  // affordable: refused for the spot, as before
  CHECK(order(w, *scvs[6], ability::kBuildSupplyDepot, depot.pos, depot.id) ==
        CommandOutcome::CantBuildLocationInvalid);
  CHECK(issue_resume(w, *scvs[6], depot, false) == CommandOutcome::CantTargetThatUnit);
  CHECK(depot.builder == scvs[0]->id);
  run_loops(w, 50);
  CHECK(depot.build_loops_done == kBuiltBeforeHalt + 50);  // the first SCV builds on
  CHECK(at_work(*scvs[0]));
  CHECK(!at_work(*scvs[5]));
  const int rest = run_until(w, 1000, [&] { return depot.complete(); });
  CHECK(rest == 480 - kBuiltBeforeHalt - 50);
  CHECK(w.player(kMe).economy.spent_minerals == 100);
}

TEST_CASE("the builder killed mid-construction halts the structure and another SCV resumes it") {
  World w = base_world();
  auto scvs = own_of(w, unit_type::kScv);
  const UnitId builder = scvs[0]->id;
  Unit& depot = depot_in_progress(w, *scvs[0]);
  scvs[0]->health = 0.0f;
  w.advance();
  REQUIRE(w.find(builder) == nullptr);
  run_loops(w, 30);
  REQUIRE(w.find(depot.id) == &depot);  // halted, not cancelled
  CHECK(depot.under_construction);
  CHECK(depot.build_loops_done == kBuiltBeforeHalt);
  CHECK(construction_halted(w, depot));
  CHECK(w.player(kMe).economy.minerals == 0);  // nothing refunded either
  REQUIRE(order(w, *scvs[7], ability::kSmart, depot.pos, depot.id) == CommandOutcome::Done);
  check_resumed_to_completion(w, *scvs[7], depot, kBuiltBeforeHalt);
}

TEST_CASE("a halted Refinery is resumed by Smart and finishes in the time left") {
  World w = base_world(true);
  w.player(kMe).economy.minerals = 75;
  Unit* geyser = nullptr;
  for (Unit* u : w.units()) {
    if (u->type() == unit_type::kVespeneGeyser && geyser == nullptr) geyser = u;
  }
  REQUIRE(geyser != nullptr);
  auto scvs = own_of(w, unit_type::kScv);
  REQUIRE(order(w, *scvs[0], ability::kBuildRefinery, geyser->pos, geyser->id) == CommandOutcome::Done);
  run_until(w, 500, [&] { return !own_of(w, unit_type::kRefinery).empty(); });
  REQUIRE(own_of(w, unit_type::kRefinery).size() == 1);
  Unit& refinery = *own_of(w, unit_type::kRefinery).front();
  run_loops(w, 200);
  REQUIRE(order(w, *scvs[0], ability::kMoveMove, kAwaySpot) == CommandOutcome::Done);
  run_loops(w, 40);
  const std::uint32_t done = refinery.build_loops_done;
  CHECK(done == 200);
  REQUIRE(construction_halted(w, refinery));
  // Gathering from the geyser under the unfinished Refinery is still refused.
  CHECK(order(w, *scvs[3], ability::kHarvestGatherScv, geyser->pos, geyser->id) ==
        CommandOutcome::CantHarvestThatResource);
  REQUIRE(order(w, *scvs[3], ability::kSmart, refinery.pos, refinery.id) == CommandOutcome::Done);
  CHECK(scvs[3]->orders.front().ability_id == ability::kBuildRefinery);
  run_until(w, 1000, [&] { return at_work(*scvs[3]); });
  REQUIRE(at_work(*scvs[3]));
  CHECK(refinery.build_loops_done == done);
  const int rest = run_until(w, 1000, [&] { return refinery.complete(); });
  CHECK(rest == static_cast<int>(480 - done));
  CHECK(w.player(kMe).economy.minerals == 0);
  CHECK(own_of(w, unit_type::kRefinery).size() == 1);
}

namespace {

const api::Unit* by_tag(const api::ResponseObservation& obs, std::uint64_t tag) {
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.tag() == tag) return &u;
  }
  return nullptr;
}

api::Action raw_on_unit(const std::vector<std::uint64_t>& tags, int ability, std::uint64_t target) {
  api::Action a = raw_command(tags, ability);
  a.mutable_action_raw()->mutable_unit_command()->set_target_unit_tag(target);
  return a;
}

}  // namespace

TEST_CASE("raw API: Smart on the halted depot's tag resumes it, the SCV's order is Build_SupplyDepot on that tag") {
  constexpr std::uint32_t kScvType = 45, kFieldType = 341, kDepotType = 19;
  GameServer server;
  start_map(server, "BuildMarines", 5);
  auto obs = observe(server);
  const auto scvs = units_of(obs, kScvType);
  const auto fields = units_of(obs, kFieldType);
  REQUIRE(scvs.size() == 12);
  const std::uint64_t builder = scvs[0].tag(), resumer = scvs[1].tag();
  for (std::size_t i = 2; i < scvs.size(); ++i) {
    REQUIRE(act(server, raw_on_unit({scvs[i].tag()}, 3666, fields[i % fields.size()].tag())).result(0) ==
            api::Success);
  }
  for (int i = 0; i < 200 && observe(server).observation().player_common().minerals() < 100; ++i) step(server, 8);
  REQUIRE(act(server, raw_move({builder}, kDepotSpot.x, kDepotSpot.y, 319)).result(0) == api::Success);
  std::uint64_t depot = 0;
  for (int i = 0; i < 200 && depot == 0; ++i) {
    step(server, 8);
    const auto depots = units_of(observe(server), kDepotType);
    if (!depots.empty()) depot = depots.front().tag();
  }
  REQUIRE(depot != 0);
  step(server, 80);
  // Smart on open ground: BuildMarines' SCV card has no Move (the real map's).
  REQUIRE(act(server, raw_move({builder}, kAwaySpot.x, kAwaySpot.y, 1)).result(0) == api::Success);
  const float halted = by_tag(observe(server), depot)->build_progress();
  step(server, 80);
  CHECK(by_tag(observe(server), depot)->build_progress() == halted);
  CHECK(halted > 0.1f);
  CHECK(halted < 0.5f);

  REQUIRE(act(server, raw_on_unit({resumer}, 1, depot)).result(0) == api::Success);
  obs = observe(server);
  const api::Unit* r = by_tag(obs, resumer);
  REQUIRE(r != nullptr);
  REQUIRE(r->orders_size() >= 1);
  CHECK(r->orders(0).ability_id() == 319);
  CHECK(r->orders(0).target_unit_tag() == depot);
  for (int i = 0; i < 100 && by_tag(observe(server), depot)->build_progress() < 1.0f; ++i) step(server, 8);
  CHECK(by_tag(observe(server), depot)->build_progress() == 1.0f);
  CHECK(units_of(observe(server), kDepotType).size() == 1);
}
