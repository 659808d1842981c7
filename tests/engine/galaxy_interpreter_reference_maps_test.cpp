// The 30 reference map scripts (PySC2's 7 mini-games, SMAC's 23 maps, read from ../shared/clients:
// galaxy_reference_maps.h) run on the runtime over a fake world (galaxy_fake_world.h): InitMap,
// the map-init triggers and thousands of loops without a run-time error; each mini-game's
// episode timer runs its trigger at the loop its script sets, as the agent's player and in the
// scripts' computer "demo mode"; SMAC's maps respawn both armies when every unit dies. What each
// mini-game's triggers do is in galaxy_mini_games_test.cpp. Also the cost of a MoveToBeacon-like
// periodic trigger per game loop (printed; issue 35 wants whole games at >= 200,000 loops/s).
#include <doctest/doctest.h>

#include <chrono>

#include "tests/engine/galaxy_reference_maps.h"

namespace fs = std::filesystem;
using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

// Each mini-game's episode: TimerStart(gv_episodeCountdownTimer, seconds, ...) in its Init
// trigger (spec §3.1), 16 loops a game second.
struct Episode {
  const char* map;
  std::int64_t loops;
};
constexpr Episode kEpisodes[] = {
    {"BuildMarines", 900 * 16},           {"CollectMineralShards", 120 * 16}, {"CollectMineralsAndGas", 420 * 16},
    {"DefeatRoaches", 120 * 16},          {"DefeatZerglingsAndBanelings", 120 * 16},
    {"FindAndDefeatZerglings", 180 * 16}, {"MoveToBeacon", 120 * 16},
};

}  // namespace

TEST_CASE("galaxy runtime: the 30 reference scripts run map init and 3000 game loops without errors") {
  if (!have_reference_maps()) return;
  std::size_t maps = 0;
  for (const char* folder : {kMiniGames, kSmacMaps}) {
    for (const fs::path& archive : reference_maps(folder)) {
      CAPTURE(archive.filename().string());
      MapRun run(reference_script(archive));
      CHECK(run.runtime->run_map_init());
      CHECK(run.errors() == "");
      CHECK(run.world.alive_units_of(1).size() >= 1);  // every map gives player 1 an army
      if (folder == kSmacMaps) CHECK(run.world.alive_units_of(2).size() >= 1);  // and SMAC's an enemy
      for (std::int64_t loop = 8; loop <= 3000; loop += 8) CHECK(run.runtime->advance_to(loop));  // agent steps
      CHECK(run.errors() == "");
      CHECK(run.runtime->loop() == 3000);
      ++maps;
    }
  }
  CHECK(maps == 30);
}

TEST_CASE("galaxy runtime: each mini-game's episode timer runs its trigger at the loop its script sets") {
  if (!have_reference_maps()) return;
  CHECK(reference_maps(kMiniGames).size() == std::size(kEpisodes));
  for (const Episode& episode : kEpisodes) {
    CAPTURE(episode.map);
    MapRun run(reference_script(mini_game_map(episode.map)));
    REQUIRE(run.runtime->run_map_init());
    CHECK(run.runtime->advance_to(episode.loops - 1));
    CHECK(run.stats("gt_EpisodeTimer_Func").started == 0);
    CHECK_FALSE(run.world.paused);
    CHECK(run.runtime->advance_to(episode.loops));
    CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 1);
    CHECK(run.world.paused);  // UnitPauseAll(true): the episode is over (spec §2.6)
    CHECK_FALSE(run.world.any_objective_failed());
    CHECK(run.runtime->advance_to(episode.loops + 500));
    CHECK(run.stats("gt_EpisodeTimer_Func").started == 1);  // once: it disabled itself
    CHECK(run.errors() == "");
  }
}

TEST_CASE("galaxy runtime: the mini-games' computer demo mode runs a whole episode without errors") {
  // PlayerType(1) == c_playerTypeComputer: the scripts start an AI and their own demo loops
  // (never under PySC2, but any client may make player 1 a computer).
  if (!have_reference_maps()) return;
  for (const Episode& episode : kEpisodes) {
    CAPTURE(episode.map);
    MapRun run(reference_script(mini_game_map(episode.map)), 2);
    REQUIRE(run.runtime->run_map_init());
    CHECK(run.runtime->advance_to(episode.loops + 16));  // the demo starts after a Wait
    CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 1);
    CHECK(run.errors() == "");
  }
}

TEST_CASE("galaxy runtime: SMAC's maps spawn both armies again when every unit dies") {
  if (!have_reference_maps()) return;
  for (const fs::path& archive : reference_maps(kSmacMaps)) {
    CAPTURE(archive.filename().string());
    MapRun run(reference_script(archive));
    REQUIRE(run.runtime->run_map_init());
    const std::size_t agents = run.world.alive_units_of(1).size();
    const std::size_t enemies = run.world.alive_units_of(2).size();
    CHECK(agents > 0);
    CHECK(enemies > 0);
    for (int episode = 0; episode < 3; ++episode) {
      // SMAC's reset: debug-kill every unit, then the deaths arrive one by one (spec §4.6).
      std::vector<Handle> killed = run.world.alive_units_of(1);
      for (const Handle enemy : run.world.alive_units_of(2)) killed.push_back(enemy);
      run.kill(killed);
      CHECK(run.world.alive_units_of(1).size() == agents);
      CHECK(run.world.alive_units_of(2).size() == enemies);
      CHECK(run.runtime->advance_to(run.runtime->loop() + 16));
    }
    CHECK(run.errors() == "");
  }
}

TEST_CASE("galaxy runtime: cost of a MoveToBeacon-like periodic trigger per game loop") {
  // MoveToBeacon's score trigger (the guard, a region test of the marine, the beacon's move when
  // reached), our own text, over the fake world: its natives are map lookups like the engine's.
  MapRun run("include \"TriggerLibs/NativeLib\"\n"
             "unit gv_marine; unit gv_beacon; int gv_objective;\n"
             "trigger gt_Score;\n"
             "bool gt_Score_Func(bool testConds, bool runActions) {\n"
             "  if (testConds) { if (!((TriggerIsEnabled(TriggerGetCurrent()) == true))) { return false; } }\n"
             "  if (!runActions) { return true; }\n"
             "  if ((libNtve_gf_UnitInRegion(gv_marine, RegionFromId(2)) == true)) {\n"
             "    PlayerModifyPropertyInt(1, c_playerPropCurriculumScore, c_playerPropOperAdd, 1);\n"
             "    TextExpressionSetToken(\"Param/Expression/X\", \"A\", FixedToText(PlayerGetPropertyFixed(1, c_playerPropCurriculumScore), 1));\n"
             "    ObjectiveSetName(gv_objective, TextExpressionAssemble(\"Param/Expression/X\"));\n"
             "    TriggerEnable(TriggerGetCurrent(), false);\n"
             "    while ((DistanceBetweenPoints(UnitGetPosition(gv_marine), UnitGetPosition(gv_beacon)) < 5.0)) {\n"
             "      UnitSetPosition(gv_beacon, RegionRandomPoint(RegionFromId(3)), false);\n"
             "    }\n"
             "    RegionSetCenter(RegionFromId(2), UnitGetPosition(gv_beacon));\n"
             "    TriggerEnable(TriggerGetCurrent(), true);\n"
             "  }\n"
             "  return true;\n"
             "}\n"
             "void InitMap() {\n"
             "  libNtve_gf_CreateUnitsWithDefaultFacing(1, \"Marine\", 0, 1, RegionRandomPoint(RegionFromId(1)));\n"
             "  gv_marine = UnitLastCreated();\n"
             "  libNtve_gf_CreateUnitsWithDefaultFacing(1, \"Beacon_Terran\", 0, 0, PointWithOffset(UnitGetPosition(gv_marine), 8, 0));\n"
             "  gv_beacon = UnitLastCreated();\n"
             "  RegionSetCenter(RegionFromId(2), UnitGetPosition(gv_beacon));\n"
             "  gt_Score = TriggerCreate(\"gt_Score_Func\");\n"
             "  TriggerAddEventTimePeriodic(gt_Score, 0.0625, c_timeGame);\n"
             "}\n");
  REQUIRE(run.runtime->run_map_init());
  constexpr std::int64_t kLoops = 200'000;
  const auto start = std::chrono::steady_clock::now();
  for (std::int64_t loop = 1; loop <= kLoops; ++loop) {
    if (loop % 1000 == 0) {  // the marine reaches the beacon now and then
      FakeWorld::Unit& marine = run.unit_global("gv_marine");
      marine.x = run.unit_global("gv_beacon").x;
      marine.y = run.unit_global("gv_beacon").y;
    }
    run.runtime->advance_to(loop);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(run.errors() == "");
  CHECK(run.stats("gt_Score_Func").returned_true == static_cast<std::uint64_t>(kLoops));
  CHECK(run.world.score() == kLoops / 1000);
  MESSAGE("MoveToBeacon-like periodic trigger: " << seconds / kLoops * 1e9 << " ns per game loop ("
                                                 << kLoops / seconds << " loops/s, fake world natives included)");
}
