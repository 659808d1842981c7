// UnitOrderCount(unit) (SMACv2's 32x32_flat: its periodic trigger orders only the idle enemies to
// attack): the number of orders in the unit's queue; 0 for an idle unit and for a null, dead or
// gone one.
#include "engine/sim/orders.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;

namespace {

const std::string kSmacV2Maps = "clients/smacv2/smacv2/env/starcraft2/maps/SMAC_Maps";

// Map init makes one Marine of player 1 (gv_u, at the centre); every loop player 1's curriculum score is set to
// UnitOrderCount(gv_u) + 10 * UnitOrderCount(null).
const std::string kCountingScript = script(R"(
    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Marine", 0, 1, RegionGetCenter(RegionEntireMap()));
    gv_u = UnitLastCreated();)",
                                             R"(
    PlayerModifyPropertyInt(1, c_playerPropCurriculumScore, c_playerPropOperSetTo, UnitOrderCount(gv_u) + 10 * UnitOrderCount(null));)",
                                             "unit gv_u;\n");

}  // namespace

TEST_CASE("UnitOrderCount: 0 idle, the queue's length with orders, 0 for null and for a dead unit") {
  const auto path = map_file(kSmacV2Maps, "32x32_flat");
  if (!path) return;
  const auto map = ScriptedMapFactory::load(with_script(*path, kCountingScript));
  Episode e(*map, 3);
  e.step(2);
  REQUIRE_FALSE(e.result);
  CHECK(e.score() == 0);  // idle, and null counts 0
  Unit* marine = e.only("Marine");
  REQUIRE(issue_command(e.world, *marine, ability::kMoveMove, CommandTarget{Vec2{20.0f, 16.0f}, {}}, false) ==
          CommandOutcome::Done);
  REQUIRE(issue_command(e.world, *marine, ability::kMoveMove, CommandTarget{Vec2{20.0f, 20.0f}, {}}, true) ==
          CommandOutcome::Done);
  REQUIRE(issue_command(e.world, *marine, ability::kMoveMove, CommandTarget{Vec2{8.0f, 20.0f}, {}}, true) ==
          CommandOutcome::Done);
  e.step(1);
  CHECK(e.score() == 3);
  REQUIRE(issue_command(e.world, *marine, ability::kStopStop, CommandTarget{}, false) == CommandOutcome::Done);
  e.step(1);
  CHECK(e.score() == 0);
  REQUIRE(issue_command(e.world, *marine, ability::kMoveMove, CommandTarget{Vec2{20.0f, 16.0f}, {}}, false) ==
          CommandOutcome::Done);
  e.step(1);
  CHECK(e.score() == 1);
  e.kill_all(1);
  e.step(2);
  CHECK(e.units_of(1).empty());
  CHECK(e.score() == 0);  // dead and gone: no orders
  CHECK_FALSE(e.game->script_error());
}

TEST_CASE("UnitOrderCount in SMACv2's 32x32_flat: the periodic trigger orders the idle enemies only") {
  const auto path = map_file(kSmacV2Maps, "32x32_flat");
  if (!path) return;
  const auto map = load_file(*path);  // it calls UnitOrderCount: refused before the native existed
  Episode e(*map, 5);
  const MapUnitTypes& types = *map->data().types;
  const UnitTypeStats* marine_rl = types.find("Marine_RL");
  const UnitTypeStats* marine = types.find("Marine");
  REQUIRE(marine_rl != nullptr);
  REQUIRE(marine != nullptr);
  std::int64_t checks = 0;
  ScriptWorld& sw = e.script();
  const sc2::galaxy::Handle ally = sw.create_unit(*marine_rl, 1, {8.0f, 16.0f}, std::nullopt, checks);
  const sc2::galaxy::Handle idle_enemy = sw.create_unit(*marine, 2, {24.0f, 16.0f}, std::nullopt, checks);
  const sc2::galaxy::Handle busy_enemy = sw.create_unit(*marine, 2, {24.0f, 20.0f}, std::nullopt, checks);
  Unit* busy = sw.live_unit(busy_enemy);
  REQUIRE(busy != nullptr);
  REQUIRE(issue_command(e.world, *busy, ability::kMoveMove, CommandTarget{Vec2{28.0f, 28.0f}, {}}, false) ==
          CommandOutcome::Done);
  // The trigger runs every 0.5 game seconds (8 loops).
  e.step(9);
  REQUIRE_FALSE(e.game->script_error());
  const Unit* ally_unit = sw.live_unit(ally);
  const Unit* idle = sw.live_unit(idle_enemy);
  busy = sw.live_unit(busy_enemy);
  REQUIRE(ally_unit != nullptr);
  REQUIRE(idle != nullptr);
  REQUIRE(busy != nullptr);
  REQUIRE(idle->orders.size() == 1);
  CHECK(idle->orders.front().kind == OrderKind::AttackUnit);
  CHECK(idle->orders.front().target_unit == ally_unit->id);
  REQUIRE(busy->orders.size() == 1);
  CHECK(busy->orders.front().kind == OrderKind::Move);  // it had an order: left alone
}
