// The seven PySC2 mini-game files run from their files (engine/scripted), with no built-in
// rules: what their scripts set up, how they score, their waves and respawns, and their ends
// (facts: ../shared/spec/sc2-map-files.md §3.1).
#include <algorithm>
#include <cmath>

#include "engine/sim/unit_data.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;

namespace {

constexpr int kAgent = 1;
constexpr int kEnemy = 2;

bool in_rect(Vec2 p, float x0, float y0, float x1, float y1) { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }

// Walks the Marine to the beacon with move orders until the score changes; returns the loops it took.
int walk_to_beacon(Episode& e, int budget_loops = 2000) {
  const int before = e.score();
  for (int loop = 0; loop < budget_loops; ++loop) {
    Unit* marine = e.only("Marine");
    if (marine->idle()) e.move(*marine, e.only("Beacon_Terran")->pos);
    e.step();
    if (e.score() != before) return loop;
  }
  FAIL("the Marine did not reach the beacon in " << budget_loops << " loops");
  return budget_loops;
}

void run_to_end(Episode& e, std::uint32_t budget_loops) {
  for (std::uint32_t i = 0; i < budget_loops && !e.result; ++i) e.step();
  REQUIRE(e.result.has_value());
}

}  // namespace

TEST_CASE("scripted MoveToBeacon: one Marine and a beacon where the script puts them, the arena as layout") {
  const auto path = map_file(kMiniGames, "MoveToBeacon");
  if (!path) return;
  const auto map = load_file(*path);
  const MapLayout layout = map->data().layout;
  CHECK(layout.width == 64);
  CHECK(layout.playable.x0 == 22);
  CHECK(layout.playable.y0 == 20);
  CHECK(layout.playable.x1 == 44);
  CHECK(layout.playable.y1 == 36);
  CHECK(layout.camera_bounds.x0 == 10);
  CHECK(layout.camera_bounds.x1 == 54);
  REQUIRE(layout.camera_start.has_value());
  CHECK(layout.camera_start->x == doctest::Approx(33.0f));  // 3 south of region 1's centre (33,28)
  CHECK(layout.camera_start->y == doctest::Approx(25.0f));
  CHECK(layout.camera_locked);
  CHECK_FALSE(map->data().fog);  // VisRevealArea over the arena
  CHECK(layout.pathable[layout.cell(30, 30)] == 1);
  CHECK(layout.pathable[layout.cell(5, 5)] == 0);  // outside the playable area

  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Episode e(*map, seed);
    REQUIRE_FALSE(e.result);
    const Unit* marine = e.only("Marine");
    const Unit* beacon = e.only("Beacon_Terran");
    CHECK(marine->owner == kAgent);
    CHECK(beacon->owner == kNeutralOwner);
    CHECK(in_rect(marine->pos, 22, 20, 44, 36));
    CHECK(in_rect(beacon->pos, 23.5f, 21.5f, 42.5f, 34.5f));
    CHECK(distance(beacon->pos, {33, 28}) >= 4.0f);            // region 3's hole
    CHECK(distance(beacon->pos, marine->pos) >= 5.0f);         // re-rolled while closer
    CHECK(e.world.player(kAgent).camera.x == doctest::Approx(33.0f));
    CHECK(e.score() == 0);
  }
}

TEST_CASE("scripted MoveToBeacon: +1 per beacon reached, the beacon moves, the episode ends at loop 1920") {
  const auto path = map_file(kMiniGames, "MoveToBeacon");
  if (!path) return;
  Episode e(*load_file(*path), 7);
  for (int reached = 1; reached <= 3; ++reached) {
    const Vec2 old_beacon = e.only("Beacon_Terran")->pos;
    walk_to_beacon(e);
    CHECK(e.score() == reached);
    const Vec2 marine = e.only("Marine")->pos;
    CHECK(distance(marine, old_beacon) <= 1.25f + 0.2f);  // region 2: r 1.25 around the beacon (one loop's walk of slack)
    const Vec2 new_beacon = e.only("Beacon_Terran")->pos;
    CHECK(distance(new_beacon, marine) >= 5.0f);
    CHECK_FALSE(new_beacon == old_beacon);
  }
  REQUIRE(e.world.game_loop() < 1920);
  run_to_end(e, 2000);
  CHECK(e.world.game_loop() == 1920);  // TimerStart(120 s, c_timeGame) = 120 * 16 loops
  CHECK(*e.result == GameResult::Victory);
  CHECK(e.score() == 3);
  CHECK_FALSE(e.game->script_error());
}

TEST_CASE("scripted CollectMineralShards: shards give score through the pickup, 20 new ones when all are taken") {
  const auto path = map_file(kMiniGames, "CollectMineralShards");
  if (!path) return;
  Episode e(*load_file(*path), 11);
  CHECK(e.units_of(kAgent, "Marine").size() == 2);
  std::vector<Unit*> shards = e.units_of(kNeutralOwner, "NaturalMinerals");
  REQUIRE(shards.size() == 20);
  for (const Unit* shard : shards) {
    CHECK(in_rect(shard->pos, 23, 21, 43, 35));  // region 3
    float nearest = 1e9f;
    for (const Unit* m : e.units_of(kAgent, "Marine")) nearest = std::min(nearest, distance(m->pos, shard->pos));
    CHECK(nearest >= 2.0f);
  }
  CHECK(e.world.player(kAgent).economy.minerals == 0);

  // A Marine walks onto one shard: +100 minerals, score = minerals / 100.
  Unit* marine = e.units_of(kAgent, "Marine").front();
  const Vec2 target = shards.front()->pos;
  e.move(*marine, target);
  for (int i = 0; i < 2000 && e.score() == 0; ++i) e.step();
  CHECK(e.score() == 1);
  CHECK(e.world.player(kAgent).economy.minerals == 100);
  CHECK(e.units_of(kNeutralOwner, "NaturalMinerals").size() == 19);

  // Every other shard: the Marine stands on it (a teleport), one loop each.
  for (int taken = 2; taken <= 20; ++taken) {
    const std::vector<Unit*> left = e.units_of(kNeutralOwner, "NaturalMinerals");
    REQUIRE(left.size() == static_cast<std::size_t>(21 - taken));
    e.units_of(kAgent, "Marine").front()->pos = left.front()->pos;
    e.step();
    CHECK(e.score() == taken);
  }
  // The last one taken: 20 new shards at once (respawn), the score goes on.
  CHECK(e.units_of(kNeutralOwner, "NaturalMinerals").size() == 20);
  CHECK(e.score() == 20);
  CHECK_FALSE(e.result);
}

TEST_CASE("scripted DefeatRoaches: the armies where the script puts them, a new wave when the Roaches die, defeat") {
  const auto path = map_file(kMiniGames, "DefeatRoaches");
  if (!path) return;
  const auto map = load_file(*path);
  Episode e(*map, 5);
  std::vector<Unit*> marines = e.units_of(kAgent, "Marine");
  std::vector<Unit*> roaches = e.units_of(kEnemy, "Roach");
  REQUIRE(marines.size() == 9);
  REQUIRE(roaches.size() == 4);
  // A column of Marines (same x, 1 apart) on one side, the Roaches on the other (regions 4 / 5).
  for (const Unit* m : marines) CHECK(m->pos.x == doctest::Approx(marines.front()->pos.x));
  const bool marines_left = marines.front()->pos.x < 33.0f;
  for (const Unit* r : roaches) CHECK((r->pos.x < 33.0f) != marines_left);
  CHECK(e.world.player(kAgent).selection.size() == 9);  // UnitGroupSelect

  // Kill the Roaches: +10 each, then the wave: 9 Marines re-created + 5, 4 new Roaches.
  const std::uint64_t first_marine_tag = to_tag(marines.front()->id);
  e.kill_all(kEnemy);
  e.step();
  CHECK(e.score() == 40);
  CHECK(e.units_of(kAgent, "Marine").size() == 14);
  CHECK(e.units_of(kEnemy, "Roach").size() == 4);
  CHECK(e.world.find_by_tag(first_marine_tag) == nullptr);  // re-created: new tags
  CHECK_FALSE(e.result);

  // The Marines die one a loop: -1 each; after the last, the defeat trigger fails the
  // objectives, waits 2 s and pauses every unit: Defeat.
  std::vector<std::uint64_t> tags;
  for (const Unit* marine : e.units_of(kAgent, "Marine")) tags.push_back(to_tag(marine->id));
  for (const std::uint64_t tag : tags) {
    if (Unit* marine = e.world.find_by_tag(tag)) marine->health = 0.0f;
    e.step();
  }
  CHECK(e.score() == 40 - 14);
  const std::uint32_t died_at = e.world.game_loop();
  run_to_end(e, 100);
  CHECK(*e.result == GameResult::Defeat);
  // Wait(2.0, c_timeReal) counted as game time: 32 loops after the loop the last Marine died in
  // (the world's loop died_at - 1; its death event runs at that loop's end, before loop died_at's triggers).
  CHECK(e.world.game_loop() == died_at - 1 + 32);
}

TEST_CASE("scripted DefeatZerglingsAndBanelings: 6 Zerglings and 4 Banelings, +5 each, a wave adds 4 Marines") {
  const auto path = map_file(kMiniGames, "DefeatZerglingsAndBanelings");
  if (!path) return;
  Episode e(*load_file(*path), 9);
  REQUIRE(e.units_of(kAgent, "Marine").size() == 9);
  REQUIRE(e.units_of(kEnemy, "Zergling").size() == 6);
  REQUIRE(e.units_of(kEnemy, "Baneling").size() == 4);
  e.kill_all(kEnemy);
  e.step();
  CHECK(e.score() == 50);
  CHECK(e.units_of(kAgent, "Marine").size() == 13);
  CHECK(e.units_of(kEnemy, "Zergling").size() == 6);
  CHECK(e.units_of(kEnemy, "Baneling").size() == 4);
  CHECK_FALSE(e.result);
}

TEST_CASE("scripted FindAndDefeatZerglings: 3 Marines and 25 Zerglings, fog on, the camera free, ends at 2880") {
  const auto path = map_file(kMiniGames, "FindAndDefeatZerglings");
  if (!path) return;
  const auto map = load_file(*path);
  CHECK(map->data().fog);
  CHECK_FALSE(map->data().layout.camera_locked);
  CHECK(map->data().layout.playable.x0 == 10);
  CHECK(map->data().layout.playable.y0 == 12);
  CHECK(map->data().layout.playable.x1 == 54);
  CHECK(map->data().layout.playable.y1 == 44);
  Episode e(*map, 3);
  const std::vector<Unit*> marines = e.units_of(kAgent, "Marine");
  REQUIRE(marines.size() == 3);
  for (const Unit* m : marines) CHECK(distance(m->pos, {32, 28}) == doctest::Approx(1.0f).epsilon(0.01));
  CHECK(e.units_of(kEnemy, "Zergling").size() == 25);
  // A killed Zergling: +1 (it is removed; the others stay).
  e.units_of(kEnemy, "Zergling").front()->health = 0.0f;
  e.step();
  CHECK(e.score() == 1);
  CHECK(e.units_of(kEnemy, "Zergling").size() == 24);
  run_to_end(e, 3000);
  CHECK(e.world.game_loop() == 2880);
  CHECK(*e.result == GameResult::Victory);
}

TEST_CASE("scripted CollectMineralsAndGas: the base the script makes, score = collected, ends at 6720") {
  const auto path = map_file(kMiniGames, "CollectMineralsAndGas");
  if (!path) return;
  Episode e(*load_file(*path), 4);
  CHECK(e.units_of(kAgent, "CommandCenter").size() == 1);
  CHECK(e.units_of(kAgent, "SCV").size() == 12);
  CHECK(e.units_of(kNeutralOwner, "MineralField").size() == 16);  // placed in Objects
  CHECK(e.units_of(kNeutralOwner, "VespeneGeyser").size() == 4);
  CHECK(e.world.player(kAgent).economy.minerals == 50);
  const Vec2 cc = e.only("CommandCenter")->pos;
  CHECK(cc.x == doctest::Approx(29.5f));  // the Objects point (29.83, 28.01) on the 5x5 grid
  CHECK(cc.y == doctest::Approx(28.5f));
  for (const Unit* scv : e.units_of(kAgent, "SCV")) CHECK(scv->idle());  // no initial orders
  // Every SCV to the nearest field: collected minerals become the score.
  for (Unit* scv : e.units_of(kAgent, "SCV")) {
    const Unit* field = nullptr;
    for (const Unit* f : e.units_of(kNeutralOwner, "MineralField")) {
      if (field == nullptr || distance(f->pos, scv->pos) < distance(field->pos, scv->pos)) field = f;
    }
    REQUIRE(issue_command(e.world, *scv, ability::kHarvestGatherScv, CommandTarget{field->pos, field->id}, false) ==
            CommandOutcome::Done);
  }
  e.step(1000);
  CHECK(e.score() > 0);
  CHECK(e.score() == e.world.player(kAgent).economy.collected_minerals + e.world.player(kAgent).economy.collected_vespene);
  run_to_end(e, 7000);
  CHECK(e.world.game_loop() == 6720);
  CHECK(*e.result == GameResult::Victory);
}

TEST_CASE("scripted BuildMarines: SCVs mining from the start, +1 per Marine trained, ends at 14400") {
  const auto path = map_file(kMiniGames, "BuildMarines");
  if (!path) return;
  Episode e(*load_file(*path), 6);
  CHECK(e.units_of(kNeutralOwner, "MineralField").size() == 8);
  const std::vector<Unit*> scvs = e.units_of(kAgent, "SCV");
  REQUIRE(scvs.size() == 12);
  for (const Unit* scv : scvs) {
    REQUIRE_FALSE(scv->idle());
    CHECK(scv->orders.front().kind == OrderKind::Gather);  // SCVHarvest on UnitFromId(479769973)
  }
  const Unit* cc = e.only("CommandCenter");
  CHECK(cc->has_rally);  // "Rally" on the mineral field
  CHECK(e.world.player(kAgent).economy.minerals == 50);
  // A Barracks (given by the test) trains a Marine: the UnitCreated trigger counts it.
  const UnitId barracks = e.world.spawn(unit_type::kBarracks, kAgent, {38.5f, 28.5f});
  e.world.spawn(unit_type::kSupplyDepot, kAgent, {38.0f, 33.0f});
  e.world.player(kAgent).economy.minerals = 1000;
  REQUIRE(issue_command(e.world, *e.world.find(barracks), ability::kTrainMarine, {}, false) == CommandOutcome::Done);
  for (int i = 0; i < 600 && e.score() == 0; ++i) e.step();
  CHECK(e.score() == 1);
  CHECK(e.units_of(kAgent, "Marine").size() == 1);
  run_to_end(e, 15000);
  CHECK(e.world.game_loop() == 14400);
  CHECK(*e.result == GameResult::Victory);
  CHECK(e.score() == 1);
}
