// What the seven PySC2 mini-game scripts do (spec §3.1), run on the runtime over the fake world
// (galaxy_fake_world.h; the real files read from ../shared/clients: galaxy_reference_maps.h):
// their start units, their rewards through player 1's curriculum-score property (PySC2's
// score), their respawns and waves, their defeat, and MoveToBeacon's reset chat message.
// The fake world is simple on purpose (units do not move or fight; the test kills them and
// reports the deaths as the game would), so these check the scripts' rules, not a simulation.
#include <doctest/doctest.h>

#include "tests/engine/galaxy_reference_maps.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

constexpr std::int32_t kMinerals = 0;             // c_playerPropMinerals
constexpr std::int32_t kMineralsCollected = 12;   // c_playerPropMineralsCollected
constexpr std::int32_t kVespeneCollected = 13;    // c_playerPropVespeneCollected
constexpr std::int64_t kDefeatPauseLoops = 2 * 16;  // Wait(2.0, c_timeReal), counted as game time

// The smallest distance from `unit` to any of `others`.
double nearest(const FakeWorld& world, Handle unit, const std::vector<Handle>& others) {
  FakeWorld& w = const_cast<FakeWorld&>(world);
  double best = 1e300;
  for (const Handle other : others) {
    if (other != unit) best = std::min(best, distance(*w.unit(unit), *w.unit(other)));
  }
  return best;
}

// The map's defeat (DefeatRoaches, DefeatZerglingsAndBanelings, FindAndDefeatZerglings): the
// marines die one after another, each -1; when the last is dead the objectives fail at once
// and the units pause 2 seconds later.
void check_defeat(MapRun& run) {
  FakeWorld& world = run.world;
  const std::int64_t loop = run.runtime->loop();
  const std::vector<Handle> marines = world.alive_units_of(1);
  const std::int32_t score = world.score();
  for (const Handle marine : marines) {
    CHECK_FALSE(world.any_objective_failed());
    run.kill({marine});
  }
  CHECK(world.score() == score - static_cast<std::int32_t>(marines.size()));
  CHECK(world.any_objective_failed());
  CHECK(run.runtime->advance_to(loop + kDefeatPauseLoops - 1));
  CHECK_FALSE(world.paused);
  CHECK(run.runtime->advance_to(loop + kDefeatPauseLoops));
  CHECK(world.paused);
  CHECK(run.stats("gt_Defeat_Func").returned_true >= 1);
  CHECK(run.errors() == "");
}

}  // namespace

TEST_CASE("galaxy mini-games: MoveToBeacon scores in its periodic trigger and moves the beacon") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("MoveToBeacon")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  FakeWorld::Unit& marine = run.unit_global("gv_marine");
  CHECK(marine.type == "Marine");
  CHECK(marine.owner == 1);
  CHECK(run.unit_global("gv_beacon").type == "Beacon_Terran");
  CHECK(distance(marine, run.unit_global("gv_beacon")) >= 5.0);
  CHECK(world.region(2).center_x() == doctest::Approx(run.unit_global("gv_beacon").x).epsilon(1e-3));
  const TimerId episode_timer = run.runtime->global("gv_episodeCountdownTimer").as_id();
  CHECK(run.runtime->timers().remaining_loops(episode_timer, 0) == 1920);  // 120 game seconds

  CHECK(run.runtime->advance_to(100));
  CHECK(run.stats("gt_ScoreUpdatesandVictory_Func").started == 100);  // every game loop
  CHECK(world.score() == 0);
  // The agent walks onto the beacon: the next loop scores and moves the beacon 5+ away.
  const FakeWorld::Unit& beacon = run.unit_global("gv_beacon");
  run.unit_global("gv_marine").x = beacon.x;
  run.unit_global("gv_marine").y = beacon.y;
  CHECK(run.runtime->advance_to(101));
  CHECK(world.score() == 1);
  CHECK(distance(run.unit_global("gv_marine"), run.unit_global("gv_beacon")) >= 5.0);
  CHECK(world.region(2).center_x() == doctest::Approx(run.unit_global("gv_beacon").x).epsilon(1e-3));
  CHECK(run.runtime->advance_to(102));
  CHECK(world.score() == 1);

  CHECK(run.runtime->advance_to(1919));
  CHECK(run.stats("gt_EpisodeTimer_Func").started == 0);
  CHECK_FALSE(world.paused);
  CHECK(run.runtime->advance_to(1920));
  CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 1);
  CHECK(world.paused);  // UnitPauseAll(true): the episode is over (spec §2.6)
  // The timer's trigger ran before the periodic one in loop 1920 and disabled it.
  CHECK(run.stats("gt_ScoreUpdatesandVictory_Func").started == 1919);
  CHECK(run.runtime->advance_to(2400));
  CHECK(run.stats("gt_ScoreUpdatesandVictory_Func").started == 1919);
  CHECK(world.score() == 1);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy mini-games: the reset chat message restarts MoveToBeacon's episode in place") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("MoveToBeacon")));
  REQUIRE(run.runtime->run_map_init());
  CHECK(run.runtime->advance_to(2000));
  CHECK(run.world.paused);
  run.world.properties[{1, 20}] = 7;
  CHECK(run.runtime->fire_chat_message(1, "resetting"));  // exact text only
  CHECK(run.stats("gt_ResetMap_Func").started == 0);
  CHECK(run.runtime->fire_chat_message(1, "reset"));
  CHECK(run.world.score() == 0);
  CHECK(run.stats("gt_ResetMap_Func").returned_true == 1);
  CHECK(run.world.alive_units_of(1, "Marine").size() == 1);  // the old marine removed, a new one made
  CHECK(run.runtime->advance_to(2010));
  CHECK(run.stats("gt_ScoreUpdatesandVictory_Func").started == 1919 + 10);
  CHECK(run.runtime->advance_to(2000 + 1919));
  CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 1);
  CHECK(run.runtime->advance_to(2000 + 1920));
  CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 2);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy mini-games: CollectMineralShards scores minerals / 100 on each pickup and brings 20 new shards") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("CollectMineralShards")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  const std::vector<Handle> marines = world.alive_units_of(1, "Marine");
  std::vector<Handle> shards = world.alive_units_of(0, "NaturalMinerals");
  REQUIRE(marines.size() == 2);
  REQUIRE(shards.size() == 20);
  for (const Handle shard : shards) CHECK(nearest(world, shard, marines) >= 2.0);  // spec §3.1
  CHECK(world.property(1, kMinerals) == 0);
  CHECK(world.score() == 0);

  // A marine picks up a shard: the game removes it, gives 100 minerals, reports the ability.
  for (std::size_t i = 0; i < shards.size(); ++i) {
    world.unit(shards[i])->removed = true;
    world.properties[{1, kMinerals}] += 100;
    CHECK(run.runtime->fire_unit_ability(marines[i % 2], "PickupMinerals100", 0, 2));
    CHECK(world.score() == static_cast<std::int32_t>(i + 1));
    if (i + 1 < shards.size()) CHECK(world.alive_units_of(0, "NaturalMinerals").size() == shards.size() - i - 1);
  }
  // The last pickup left none: 20 new shards, away from the marines.
  const std::vector<Handle> fresh = world.alive_units_of(0, "NaturalMinerals");
  CHECK(fresh.size() == 20);
  for (const Handle shard : fresh) CHECK(nearest(world, shard, marines) >= 2.0);
  CHECK(run.runtime->fire_unit_ability(marines[0], "Unrelated", 0, 2));  // another ability: no trigger
  CHECK(run.stats("gt_ScoreUpdatesandVictory_Func").started == 20);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy mini-games: CollectMineralsAndGas scores what was collected, every loop") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("CollectMineralsAndGas")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  CHECK(world.alive_units_of(1, "CommandCenter").size() == 1);
  CHECK(world.alive_units_of(1, "SCV").size() == 12);
  CHECK(world.property(1, kMinerals) == 50);
  CHECK(run.runtime->advance_to(10));
  CHECK(world.score() == 0);
  world.properties[{1, kMineralsCollected}] = 305;
  world.properties[{1, kVespeneCollected}] = 48;
  CHECK(run.runtime->advance_to(11));
  CHECK(world.score() == 305 + 48);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy mini-games: BuildMarines counts trained marines through its unit-created trigger") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("BuildMarines")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  CHECK(world.alive_units_of(1, "SCV").size() == 12);
  CHECK(world.property(1, kMinerals) == 50);
  CHECK(run.runtime->advance_to(10));
  world.units.push_back(FakeWorld::Unit{"Marine", 1, 30, 30, 45, true, false, {}});
  const Handle marine = world.units.size();
  world.units.push_back(FakeWorld::Unit{"SCV", 1, 30, 30, 45, true, false, {}});
  const Handle scv = world.units.size();
  CHECK(run.runtime->fire_unit_created(marine, 0, "BarracksTrain", ""));
  CHECK(run.runtime->fire_unit_created(scv, 0, "CommandCenterTrain", ""));
  CHECK(run.runtime->advance_to(11));  // the count is copied to the score every loop
  CHECK(world.score() == 1);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy mini-games: DefeatRoaches scores deaths, brings a new wave when the roaches are gone, and ends in defeat") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("DefeatRoaches")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  REQUIRE(world.alive_units_of(1, "Marine").size() == 9);
  REQUIRE(world.alive_units_of(2, "Roach").size() == 4);
  const Handle marine = world.alive_units_of(1).front();
  run.kill({marine});
  CHECK(world.score() == -1);
  CHECK(world.unit(marine)->removed);  // "dead units are removed at once"
  for (const Handle roach : world.alive_units_of(2)) run.kill({roach});
  CHECK(world.score() == -1 + 40);
  CHECK(world.alive_units_of(2, "Roach").size() == 4);    // a new wave
  CHECK(world.alive_units_of(1, "Marine").size() == 13);  // the 8 left, re-created, plus 5 new marines
  CHECK(run.errors() == "");
  check_defeat(run);
}

TEST_CASE("galaxy mini-games: DefeatZerglingsAndBanelings scores +5 and -1, waves of 6 zerglings and 4 banelings") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("DefeatZerglingsAndBanelings")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  REQUIRE(world.alive_units_of(1, "Marine").size() == 9);
  REQUIRE(world.alive_units_of(2, "Zergling").size() == 6);
  REQUIRE(world.alive_units_of(2, "Baneling").size() == 4);
  run.kill({world.alive_units_of(1).front()});
  CHECK(world.score() == -1);
  const Handle zergling = world.alive_units_of(2, "Zergling").front();
  run.kill({zergling});
  CHECK(world.score() == -1 + 5);
  CHECK(world.unit(zergling)->removed);
  for (const Handle enemy : world.alive_units_of(2)) run.kill({enemy});
  CHECK(world.score() == -1 + 50);
  CHECK(world.alive_units_of(2, "Zergling").size() == 6);  // a new wave
  CHECK(world.alive_units_of(2, "Baneling").size() == 4);
  CHECK(world.alive_units_of(1, "Marine").size() == 8 + 4);  // +4 marines a cleared wave
  CHECK(run.errors() == "");
  check_defeat(run);
}

TEST_CASE("galaxy mini-games: FindAndDefeatZerglings scores +1 a zergling and brings 25 new ones, apart, when all are dead") {
  if (!have_reference_maps()) return;
  MapRun run(reference_script(mini_game_map("FindAndDefeatZerglings")));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  const std::vector<Handle> marines = world.alive_units_of(1, "Marine");
  REQUIRE(marines.size() == 3);
  const std::vector<Handle> zerglings = world.alive_units_of(2, "Zergling");
  REQUIRE(zerglings.size() == 25);
  for (const Handle z : zerglings) CHECK(nearest(world, z, zerglings) >= 5.0);
  run.kill({zerglings.front()});
  CHECK(world.score() == 1);
  CHECK(world.unit(zerglings.front())->removed);
  for (std::size_t i = 1; i < zerglings.size(); ++i) run.kill({zerglings[i]});
  CHECK(world.score() == 25);
  const std::vector<Handle> fresh = world.alive_units_of(2, "Zergling");
  CHECK(fresh.size() == 25);
  for (const Handle z : fresh) {
    CHECK(nearest(world, z, fresh) >= 5.0);
    CHECK(nearest(world, z, marines) >= 9.0);
  }
  CHECK(run.errors() == "");
  check_defeat(run);
}
