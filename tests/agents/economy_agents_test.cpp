// The scripted agents of CollectMineralsAndGas, BuildMarines and FindAndDefeatZerglings on
// fabricated observations: the key decisions (who mines, what is trained, where a structure
// goes, where the Marines attack-move).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "agents/base_economy.h"
#include "agents/build_marines_agent.h"
#include "agents/collect_minerals_and_gas_agent.h"
#include "agents/find_and_defeat_zerglings_agent.h"
#include "client/pysc2/actions.h"
#include "tests/agents/test_observations.h"

using namespace sc2;

namespace {

constexpr int kSelf = 1, kNeutral = 3, kEnemy = 4;

int id_of(const char* name) { return pysc2::find_function(name)->id; }

// Adds a unit with its radius (pixels) and build progress (percent).
void add(pysc2::Observation& observation, int type, int alliance, int x, int y, int radius, int progress = 100,
         std::int64_t tag = 0) {
  test::add_unit(observation, type, alliance, x, y, false, tag);
  auto& table = observation.feature_units;
  table.at(table.rows - 1, table.column("radius")) = radius;
  table.at(table.rows - 1, table.column("build_progress")) = progress;
}

// The single-screen base: CC in the middle, four fields to the east, `scvs` SCVs mining.
pysc2::TimeStep base_step(std::vector<int> available, int minerals, int food_used, int food_cap, int idle, int scvs) {
  auto buildable = test::blank_layer("buildable", 64);
  test::paint(buildable, 0, 0, 63, 63, 1);
  auto step = test::time_step_with(std::move(available), {buildable});
  auto& observation = step.observation;
  add(observation, agents::kUnitTypeCommandCenter, kSelf, 32, 32, 7);
  for (int i = 0; i < 4; ++i) add(observation, agents::kUnitTypeMineralField, kNeutral, 52, 20 + 8 * i, 2);
  for (int i = 0; i < scvs; ++i) add(observation, agents::kUnitTypeScv, kSelf, 40 + (i % 4), 30 + i / 4, 1);
  observation.player[agents::kPlayerMinerals] = minerals;
  observation.player[agents::kPlayerFoodUsed] = food_used;
  observation.player[agents::kPlayerFoodCap] = food_cap;
  observation.player[agents::kPlayerIdleWorkers] = idle;
  return step;
}

std::vector<int> basics() { return {0, 1, 2, 3, 4, 6, 7}; }

std::vector<int> with(std::vector<int> ids, std::initializer_list<const char*> names) {
  for (const char* name : names) ids.push_back(id_of(name));
  return ids;
}

}  // namespace

TEST_CASE("CollectMineralsAndGas: an idle SCV is selected, then sent to the nearest mineral field") {
  agents::CollectMineralsAndGasAgent agent;
  agent.setup({"CollectMineralsAndGas", 64, 64, 8});
  agent.reset();
  auto step = base_step(basics(), 0, 12, 15, 1, 12);
  CHECK(agent.step(step) == pysc2::FunctionCall{pysc2::fn::select_idle_worker, {{0}}});
  // Fields at y 20, 28, 36, 44 (x 52): (52, 28) and (52, 36) are nearest (32, 32); the
  // first of the tie in table order.
  auto next = base_step(with(basics(), {"Harvest_Gather_screen"}), 0, 12, 15, 1, 12);
  CHECK(agent.step(next) == pysc2::FunctionCall{id_of("Harvest_Gather_screen"), {{0}, {52, 28}}});
  // Two per field, nearest first: the next idle SCV goes to the same field, the third to the
  // next one.
  CHECK(agent.step(step).function == pysc2::fn::select_idle_worker);
  CHECK(agent.step(next) == pysc2::FunctionCall{id_of("Harvest_Gather_screen"), {{0}, {52, 28}}});
  CHECK(agent.step(step).function == pysc2::fn::select_idle_worker);
  CHECK(agent.step(next) == pysc2::FunctionCall{id_of("Harvest_Gather_screen"), {{0}, {52, 36}}});
}

TEST_CASE("FieldPlan: the near fields get two workers each before a far field gets any, then the third goes near") {
  auto step = base_step(basics(), 0, 12, 15, 0, 0);
  add(step.observation, agents::kUnitTypeMineralField, kNeutral, 4, 32, 2);  // far west of the CC (32, 32)
  const auto base = agents::BaseView::read(step.observation);
  agents::FieldPlan plan;
  std::vector<agents::Pixel2> sent;
  for (int i = 0; i < 12; ++i) {
    const auto field = plan.assign(base);
    REQUIRE(field);
    sent.push_back({field->x, field->y});
  }
  // Fields by distance from (32, 32): (52,28) (52,36) (52,20) (52,44) (4,32).
  const std::vector<agents::Pixel2> expected{{52, 28}, {52, 28}, {52, 36}, {52, 36}, {52, 20}, {52, 20},
                                             {52, 44}, {52, 44}, {4, 32}, {4, 32}, {52, 28}, {52, 36}};
  CHECK(sent == expected);
}

TEST_CASE("CollectMineralsAndGas: a follow-up the game does not offer is dropped, not sent") {
  agents::CollectMineralsAndGasAgent agent;
  agent.setup({"CollectMineralsAndGas", 64, 64, 8});
  agent.reset();
  CHECK(agent.step(base_step(basics(), 0, 12, 15, 1, 12)).function == pysc2::fn::select_idle_worker);
  // Harvest_Gather_screen not available (the selection failed): no gather order.
  const auto call = agent.step(base_step(basics(), 0, 12, 15, 0, 12));
  CHECK(call.function != id_of("Harvest_Gather_screen"));
}

TEST_CASE("CollectMineralsAndGas: trains SCVs at the Command Center while supply and minerals allow") {
  agents::CollectMineralsAndGasAgent agent;
  agent.setup({"CollectMineralsAndGas", 64, 64, 8});
  agent.reset();
  CHECK(agent.step(base_step(basics(), 50, 6, 15, 0, 6)) ==
        pysc2::FunctionCall{pysc2::fn::select_point, {{agents::kSelectPointAllType}, {32, 32}}});
  CHECK(agent.step(base_step(with(basics(), {"Train_SCV_quick"}), 50, 6, 15, 0, 6)) ==
        pysc2::FunctionCall{id_of("Train_SCV_quick"), {{0}}});
  // Not enough minerals, or an SCV already in training (food 7 for 6 SCVs): wait.
  CHECK(agent.step(base_step(basics(), 49, 6, 15, 0, 6)) == pysc2::FunctionCall{});
  CHECK(agent.step(base_step(basics(), 50, 7, 15, 0, 6)) == pysc2::FunctionCall{});
  // Two per field (4 fields): 8 SCVs are enough.
  CHECK(agent.step(base_step(basics(), 500, 8, 15, 0, 8)) == pysc2::FunctionCall{});
}

TEST_CASE("CollectMineralsAndGas: supply short -> an SCV builds a depot on a free spot, a refused spot is not retried") {
  agents::CollectMineralsAndGasAgent agent;
  agent.setup({"CollectMineralsAndGas", 64, 64, 8});
  agent.reset();
  const auto select = agent.step(base_step(basics(), 100, 12, 14, 0, 12));
  REQUIRE(select.function == pysc2::fn::select_point);
  CHECK(select.arguments[0] == std::vector<int>{0});
  const auto build_step = base_step(with(basics(), {"Build_SupplyDepot_screen"}), 100, 12, 14, 0, 12);
  const auto build = agent.step(build_step);
  REQUIRE(build.function == id_of("Build_SupplyDepot_screen"));
  const int x = build.arguments[1][0], y = build.arguments[1][1];
  // Clear of the Command Center (radius 7 + 1 world unit margin) and 5 world units (~13 px)
  // from every field.
  CHECK((x - 32) * (x - 32) + (y - 32) * (y - 32) > 7 * 7);
  for (int i = 0; i < 4; ++i) CHECK((x - 52) * (x - 52) + (y - 20 - 8 * i) * (y - 20 - 8 * i) >= 13 * 13);
  // The game refuses the spot: the next order (at once, no cooldown) goes elsewhere.
  auto refused = base_step(basics(), 100, 12, 14, 0, 12);
  refused.observation.action_result = {2};
  CHECK(agent.step(refused).function == pysc2::fn::select_point);
  const auto again = agent.step(build_step);
  REQUIRE(again.function == id_of("Build_SupplyDepot_screen"));
  CHECK(again.arguments[1] != build.arguments[1]);
}

TEST_CASE("find_build_spot: only buildable pixels, away from structures, nearest the CC, with a free walk") {
  auto step = base_step(basics(), 0, 12, 15, 0, 0);
  add(step.observation, agents::kUnitTypeScv, kSelf, 12, 4, 1);  // north-west: a free walk to the strip
  add(step.observation, agents::kUnitTypeScv, kSelf, 44, 32, 1);  // east: the CC blocks its walk west
  auto& layer = step.observation.feature_screen.front();
  test::paint(layer, 0, 0, 63, 63, 0);
  test::paint(layer, 0, 0, 20, 63, 1);  // only the west strip is buildable
  const auto base = agents::BaseView::read(step.observation);
  const agents::SpotQuery query{2, 1, 5, 64.0 / 24.0};
  const auto site = agents::find_build_spot(step.observation, base, query, {});
  REQUIRE(site);
  CHECK(site->spot.x + 64.0 / 24.0 <= 21);  // whole footprint on the strip
  CHECK(site->spot.x >= 14);                // and as close to the CC as the strip allows
  CHECK(site->builder == agents::Pixel2{12, 4});
  CHECK_FALSE(agents::find_build_spot(step.observation, base, agents::SpotQuery{30, 1, 5, 64.0 / 24.0}, {}));
  const auto other = agents::find_build_spot(step.observation, base, query, std::vector<agents::Pixel2>{site->spot});
  REQUIRE(other);
  CHECK_FALSE(other->spot == site->spot);

  // Only the east SCV: its walk is blocked by the CC, so no site (or, when a blocked walk is
  // accepted, that SCV goes anyway).
  auto east_only = base_step(basics(), 0, 12, 15, 0, 0);
  add(east_only.observation, agents::kUnitTypeScv, kSelf, 44, 32, 1);
  east_only.observation.feature_screen.front() = layer;
  const auto east_base = agents::BaseView::read(east_only.observation);
  CHECK_FALSE(agents::find_build_spot(east_only.observation, east_base, query, {}));
  auto lenient = query;
  lenient.require_clear_walk = false;
  const auto forced = agents::find_build_spot(east_only.observation, east_base, lenient, {});
  REQUIRE(forced);
  CHECK(forced->builder == agents::Pixel2{44, 32});
}

TEST_CASE("find_build_spot with lane_gap_world: the ground behind a field is allowed, its lane is not") {
  // The CC at (32, 32), one field east at (48, 32); only x 50..60, y 26..38 is buildable
  // (behind the field, seen from the CC), every site there within 5 world units (~13 px) of it.
  auto step = base_step(basics(), 0, 12, 15, 0, 0);
  add(step.observation, agents::kUnitTypeScv, kSelf, 60, 10, 1);
  auto& layer = step.observation.feature_screen.front();
  test::paint(layer, 0, 0, 63, 63, 0);
  test::paint(layer, 50, 26, 60, 38, 1);
  auto base = agents::BaseView::read(step.observation);
  base.minerals = {base.minerals.front()};
  base.minerals.front().x = 48;
  base.minerals.front().y = 32;
  agents::SpotQuery query{2, 1, 5, 64.0 / 24.0, 0.5, false};
  CHECK_FALSE(agents::find_build_spot(step.observation, base, query, {}));  // all within 5 of the field
  query.lane_gap_world = 1.0;
  const auto site = agents::find_build_spot(step.observation, base, query, {});
  REQUIRE(site);
  CHECK(site->spot.x > 48);
  // Within the plain query's 5-unit gap, yet off the lane (which ends at the field's centre)
  // by half the footprint plus a world unit.
  const double from_field = std::hypot(site->spot.x - 48, site->spot.y - 32);
  CHECK(from_field < 5 * 64.0 / 24.0);
  CHECK(from_field >= 2 * 64.0 / 24.0);
}

TEST_CASE("find_build_spot: an SCV building a structure is not taken off it") {
  auto step = base_step(basics(), 0, 12, 15, 0, 0);
  add(step.observation, agents::kUnitTypeSupplyDepot, kSelf, 10, 10, 3, 40);  // under construction
  add(step.observation, agents::kUnitTypeScv, kSelf, 14, 10, 1);              // its builder
  add(step.observation, agents::kUnitTypeScv, kSelf, 10, 50, 1);
  const auto base = agents::BaseView::read(step.observation);
  const auto site = agents::find_build_spot(step.observation, base, agents::SpotQuery{}, {});
  REQUIRE(site);
  CHECK(site->builder == agents::Pixel2{10, 50});
}

namespace {

// The BuildMarines agent's take-over of the map's start (every SCV on one field): select the
// SCVs, stop them, select the Command Center, rally it beside itself.
void take_over_start(agents::BuildMarinesAgent& agent) {
  auto step = base_step(with(basics(), {"Stop_quick", "Rally_Workers_screen"}), 0, 12, 15, 0, 12);
  std::sort(step.observation.available_actions.begin(), step.observation.available_actions.end());
  CHECK(agent.step(step) == pysc2::FunctionCall{pysc2::fn::select_point, {{agents::kSelectPointAllType}, {40, 30}}});
  CHECK(agent.step(step) == pysc2::FunctionCall{id_of("Stop_quick"), {{0}}});
  CHECK(agent.step(step) == pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {32, 32}}});
  // Between the Command Center (32, 32) and the nearest field (52, 28).
  CHECK(agent.step(step) == pysc2::FunctionCall{id_of("Rally_Workers_screen"), {{0}, {42, 30}}});
}

// Sets the production queue (order_length) of the own unit of `type` at pixel (x, y).
void set_queue(pysc2::Observation& observation, int type, int x, int y, int length) {
  auto& table = observation.feature_units;
  for (int row = 0; row < table.rows; ++row) {
    if (table.at(row, "unit_type") == type && table.at(row, "x") == x && table.at(row, "y") == y) {
      table.at(row, table.column("order_length")) = length;
    }
  }
}

}  // namespace

TEST_CASE("BuildMarines: the start is taken over: the SCVs stopped (or moved) to go idle, the CC rallied beside itself") {
  agents::BuildMarinesAgent agent;
  agent.setup({"BuildMarines", 64, 64, 8});
  agent.reset();
  take_over_start(agent);
  // Then the idle SCVs are sent out one by one.
  auto idle = base_step(basics(), 0, 12, 15, 12, 12);
  CHECK(agent.step(idle) == pysc2::FunctionCall{pysc2::fn::select_idle_worker, {{0}}});

  // Without Stop_quick (the real map's SCV card has none): Smart_screen to that ground.
  agents::BuildMarinesAgent no_stop;
  no_stop.setup({"BuildMarines", 64, 64, 8});
  no_stop.reset();
  auto step = base_step(with(basics(), {"Smart_screen"}), 0, 12, 15, 0, 12);
  std::sort(step.observation.available_actions.begin(), step.observation.available_actions.end());
  CHECK(no_stop.step(step).function == pysc2::fn::select_point);
  CHECK(no_stop.step(step) == pysc2::FunctionCall{id_of("Smart_screen"), {{0}, {42, 30}}});
}

TEST_CASE("BuildMarines: structures go to the planned spots away from the minerals, and Marines are moved to their strip") {
  agents::BuildMarinesAgent agent;
  agent.setup({"BuildMarines", 64, 64, 8});
  agent.reset();
  take_over_start(agent);
  // Supply short (13/15): the first planned depot spot, the minerals (x 52) being east of the
  // Command Center (32, 32): 2.5 west and 7.5 south of it, at 64/24 pixels per world unit.
  auto build = base_step(with(basics(), {"Build_SupplyDepot_screen"}), 150, 13, 15, 0, 13);
  std::sort(build.observation.available_actions.begin(), build.observation.available_actions.end());
  CHECK(agent.step(build).function == pysc2::fn::select_point);
  const int ppw_x = static_cast<int>(std::lround(32 - 2.5 * 64.0 / 24.0));
  const int ppw_y = static_cast<int>(std::lround(32 + 7.5 * 64.0 / 24.0));
  CHECK(agent.step(build) == pysc2::FunctionCall{id_of("Build_SupplyDepot_screen"), {{0}, {ppw_x, ppw_y}}});

  // A Marine away from the strip (14.5 west, 1 south of the Command Center; here off the
  // screen, so at its edge, a world unit in): select_army, move.
  agents::BuildMarinesAgent parker;
  parker.setup({"BuildMarines", 64, 64, 8});
  parker.reset();
  take_over_start(parker);
  auto marine = base_step(with(basics(), {"Move_screen"}), 0, 19, 23, 0, 18);
  add(marine.observation, agents::kUnitTypeMarine, kSelf, 30, 40, 1);
  std::sort(marine.observation.available_actions.begin(), marine.observation.available_actions.end());
  CHECK(parker.step(marine) == pysc2::FunctionCall{pysc2::fn::select_army, {{0}}});
  const int park_x = 3;
  const int park_y = static_cast<int>(std::lround(32 + 1 * 64.0 / 24.0));
  CHECK(parker.step(marine) == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {park_x, park_y}}});
  // There already: nothing to do.
  auto parked = base_step(basics(), 0, 19, 23, 0, 18);
  add(parked.observation, agents::kUnitTypeMarine, kSelf, park_x, park_y, 1);
  CHECK(parker.step(parked) == pysc2::FunctionCall{});
}

TEST_CASE("BuildMarines: Barracks after a finished depot, then Marines from every Barracks") {
  agents::BuildMarinesAgent agent;
  agent.setup({"BuildMarines", 64, 64, 8});
  agent.reset();
  take_over_start(agent);
  // 18 SCVs (no more wanted), a finished depot, 150 minerals, supply 18/23: a Barracks.
  auto step = base_step(basics(), 150, 18, 23, 0, 18);
  add(step.observation, agents::kUnitTypeSupplyDepot, kSelf, 8, 8, 2);
  CHECK(agent.step(step).function == pysc2::fn::select_point);
  auto build_step = step;
  build_step.observation.available_actions = with(basics(), {"Build_Barracks_screen"});
  std::sort(build_step.observation.available_actions.begin(), build_step.observation.available_actions.end());
  CHECK(agent.step(build_step).function == id_of("Build_Barracks_screen"));

  // Without a finished depot: no Barracks.
  agents::BuildMarinesAgent fresh;
  fresh.setup({"BuildMarines", 64, 64, 8});
  fresh.reset();
  take_over_start(fresh);
  auto no_depot = base_step(basics(), 150, 18, 23, 0, 18);
  add(no_depot.observation, agents::kUnitTypeSupplyDepot, kSelf, 8, 8, 2, 50);
  CHECK(fresh.step(no_depot) == pysc2::FunctionCall{});

  // Five Barracks (none more wanted), one finished: select all Barracks, train a Marine.
  agents::BuildMarinesAgent trainer;
  trainer.setup({"BuildMarines", 64, 64, 8});
  trainer.reset();
  take_over_start(trainer);
  auto marines = base_step(basics(), 50, 18, 30, 0, 18);
  add(marines.observation, agents::kUnitTypeSupplyDepot, kSelf, 8, 8, 2);
  add(marines.observation, agents::kUnitTypeBarracks, kSelf, 10, 50, 4, 40);
  add(marines.observation, agents::kUnitTypeBarracks, kSelf, 20, 50, 4);
  for (int i = 0; i < 3; ++i) add(marines.observation, agents::kUnitTypeBarracks, kSelf, 30 + 8 * i, 58, 4, 10);
  CHECK(trainer.step(marines) == pysc2::FunctionCall{pysc2::fn::select_point, {{agents::kSelectPointAllType}, {20, 50}}});
  auto train = marines;
  train.observation.available_actions = with(basics(), {"Train_Marine_quick"});
  std::sort(train.observation.available_actions.begin(), train.observation.available_actions.end());
  CHECK(trainer.step(train) == pysc2::FunctionCall{id_of("Train_Marine_quick"), {{0}}});
  // One Marine already in training at the one finished Barracks (its queue): wait.
  auto busy = marines;
  busy.observation.player[agents::kPlayerFoodUsed] = 19;
  set_queue(busy.observation, agents::kUnitTypeBarracks, 20, 50, 1);
  CHECK(trainer.step(busy) == pysc2::FunctionCall{});
}

TEST_CASE("BuildMarines: supply short -> a depot before anything else but mining") {
  agents::BuildMarinesAgent agent;
  agent.setup({"BuildMarines", 64, 64, 8});
  agent.reset();
  take_over_start(agent);
  CHECK(agent.step(base_step(basics(), 150, 13, 15, 0, 13)).function == pysc2::fn::select_point);
  auto build = base_step(with(basics(), {"Build_SupplyDepot_screen", "Train_SCV_quick"}), 150, 13, 15, 0, 13);
  CHECK(agent.step(build).function == id_of("Build_SupplyDepot_screen"));
}

namespace {

pysc2::TimeStep minimap_step(std::vector<int> available) {
  auto relative = test::blank_layer("player_relative", 64);
  auto visibility = test::blank_layer("visibility_map", 64);
  auto pathable = test::blank_layer("pathable", 64);
  test::paint(pathable, 8, 8, 55, 55, 1);
  test::paint(relative, 30, 30, 31, 31, kSelf);  // the Marines
  auto step = test::time_step_with(std::move(available));
  step.observation.feature_minimap = {relative, visibility, pathable};
  return step;
}

}  // namespace

TEST_CASE("FindAndDefeatZerglings: select the army when Attack_minimap is not offered") {
  agents::FindAndDefeatZerglingsAgent agent;
  agent.setup({"FindAndDefeatZerglings", 64, 64, 8});
  agent.reset();
  CHECK(agent.step(minimap_step(basics())) == pysc2::FunctionCall{pysc2::fn::select_army, {{0}}});
}

TEST_CASE("FindAndDefeatZerglings: attack-moves to the nearest visible enemy, else the nearest unseen pixel") {
  agents::FindAndDefeatZerglingsAgent agent;
  agent.setup({"FindAndDefeatZerglings", 64, 64, 8});
  agent.reset();
  const int attack = id_of("Attack_minimap");
  auto step = minimap_step(with(basics(), {"Attack_minimap"}));
  auto& layers = step.observation.feature_minimap;
  test::paint(layers[0], 50, 50, 50, 50, kEnemy);
  test::paint(layers[0], 20, 30, 20, 30, kEnemy);  // nearer the Marines' centre (30, 30)
  CHECK(agent.step(step) == pysc2::FunctionCall{attack, {{0}, {20, 30}}});
  // The same target again: not re-sent.
  CHECK(agent.step(step) == pysc2::FunctionCall{});

  // No enemy in sight: everything seen (1) around the Marines but one hidden pathable
  // pixel; hidden pixels off the pathable area do not count.
  auto explore = minimap_step(with(basics(), {"Attack_minimap"}));
  auto& minimap = explore.observation.feature_minimap;
  test::paint(minimap[1], 8, 8, 55, 55, 1);
  test::paint(minimap[1], 40, 12, 40, 12, 0);
  CHECK(agent.step(explore) == pysc2::FunctionCall{attack, {{0}, {40, 12}}});
}

TEST_CASE("FindAndDefeatZerglings: with the whole map seen, sweeps the corners in turn") {
  agents::FindAndDefeatZerglingsAgent agent;
  agent.setup({"FindAndDefeatZerglings", 64, 64, 8});
  agent.reset();
  auto step = minimap_step(with(basics(), {"Attack_minimap"}));
  test::paint(step.observation.feature_minimap[1], 0, 0, 63, 63, 1);
  const auto first = agent.step(step);
  REQUIRE(first.function == id_of("Attack_minimap"));
  // Pathable 8..55, inset by a sixth: the first corner is the top-left one.
  CHECK(first.arguments[1] == std::vector<int>{15, 15});
  // The Marines arrive there: on to the next corner.
  auto there = step;
  auto& relative = there.observation.feature_minimap[0];
  test::paint(relative, 0, 0, 63, 63, 0);
  test::paint(relative, 15, 15, 15, 15, kSelf);
  const auto second = agent.step(there);
  REQUIRE(second.function == id_of("Attack_minimap"));
  CHECK(second.arguments[1] == std::vector<int>{48, 15});
}

TEST_CASE("BuildMarines: a depot that never shows up gives up its spot for another one") {
  agents::BuildMarinesAgent agent;
  agent.setup({"BuildMarines", 64, 64, 8});
  agent.reset();
  take_over_start(agent);
  // 18 SCVs (no more wanted), supply 18/19: a depot is due, again and again.
  const auto waiting = base_step(basics(), 150, 18, 19, 0, 18);
  auto build = base_step(with(basics(), {"Build_SupplyDepot_screen"}), 150, 18, 19, 0, 18);
  std::sort(build.observation.available_actions.begin(), build.observation.available_actions.end());
  REQUIRE(agent.step(waiting).function == pysc2::fn::select_point);
  const auto first = agent.step(build);
  REQUIRE(first.function == id_of("Build_SupplyDepot_screen"));
  // No depot ever appears (its SCV is stuck): nothing new while the order is pending...
  for (int i = 0; i < agents::kBuildCooldownSteps; ++i) CHECK(agent.step(waiting) == pysc2::FunctionCall{});
  // ...then a fresh try, and not on the same spot.
  REQUIRE(agent.step(waiting).function == pysc2::fn::select_point);
  const auto second = agent.step(build);
  REQUIRE(second.function == id_of("Build_SupplyDepot_screen"));
  CHECK(second.arguments[1] != first.arguments[1]);
}

TEST_CASE("screen_units leaves out units whose centre is off the screen: a click there is refused") {
  auto step = base_step(basics(), 50, 12, 15, 0, 1);
  auto& observation = step.observation;
  add(observation, agents::kUnitTypeScv, kSelf, 64, 42, 1);   // centre just past the right edge
  add(observation, agents::kUnitTypeScv, kSelf, 10, -1, 1);   // just above the top edge
  const auto units = agents::screen_units(observation, kSelf);
  for (const auto& u : units) {
    CHECK(u.x >= 0);
    CHECK(u.x < 64);
    CHECK(u.y >= 0);
    CHECK(u.y < 64);
  }
  CHECK(units.size() == 2);  // the Command Center and the on-screen SCV
}
