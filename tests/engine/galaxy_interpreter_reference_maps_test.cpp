// The 30 reference map scripts (PySC2's 7 mini-games, SMAC's 23 maps, read from ../shared/clients)
// run on the interpreter over a fake world (galaxy_fake_world.h): InitMap and the map-init
// triggers without a run-time error, the mini-games' timed triggers for a whole episode, their
// computer-player "demo mode" too, SMAC's respawn when every unit dies, MoveToBeacon's score and
// episode timer at the right loops. Also the cost of a MoveToBeacon-like periodic trigger per
// game loop (printed; issue 35 wants whole games at >= 200,000 loops/s).
//
// Until the engine reads archives (issue 34), each .SC2Map is unpacked with Debian's `smpq -x`;
// the test skips with a message when smpq or the shared folder is absent.
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/galaxy/bytecode_compiler.h"
#include "engine/galaxy/galaxy.h"
#include "tests/engine/galaxy_fake_world.h"
#include "tests/engine/galaxy_runtime_test_util.h"
#include "tests/shared_dir.h"

namespace fs = std::filesystem;
using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

const char* const kMiniGames = "clients/pysc2/pysc2/maps/mini_games";
const char* const kSmacMaps = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps";

bool have_maps() {
  if (!sc2::test::have_shared(kMiniGames) || !sc2::test::have_shared(kSmacMaps)) return false;
  if (std::system("command -v smpq >/dev/null 2>&1") == 0) return true;
  MESSAGE("skipped: smpq is not installed (apt-get install smpq), so the .SC2Map archives cannot be unpacked");
  return false;
}

// MapScript.galaxy of one archive (unpacked once per test run).
const std::string& map_script(const fs::path& archive) {
  static std::map<fs::path, std::string> scripts;
  if (const auto it = scripts.find(archive); it != scripts.end()) return it->second;
  const fs::path folder = fs::temp_directory_path() / ("sc2_galaxy_runtime_" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string command = "cd '" + folder.string() + "' && smpq -x '" + fs::absolute(archive).string() + "' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream in(folder / "MapScript.galaxy", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  fs::remove_all(folder);
  INFO("smpq status " << status << " for " << archive.string());
  REQUIRE(in.good());
  return scripts.emplace(archive, text.str()).first->second;
}

std::vector<fs::path> maps_in(const char* relative_folder) {
  std::vector<fs::path> maps;
  for (const auto& entry : fs::directory_iterator(sc2::test::shared_dir() / relative_folder)) {
    if (entry.path().extension() == ".SC2Map") maps.push_back(entry.path());
  }
  std::sort(maps.begin(), maps.end());
  return maps;
}

// One map's script running over a fake world.
struct MapRun {
  explicit MapRun(const std::string& script, std::int32_t player_type = 1) {
    compiled = compile("MapScript.galaxy", script);
    INFO(compiled.error_text());
    REQUIRE(compiled.ok());
    runtime = std::make_unique<Runtime>(compile_bytecode(*compiled.program), world);
    world.player_type = player_type;
    world.register_natives(runtime->natives());
  }
  std::string errors() const {
    std::string text;
    for (const std::string& error : runtime->errors()) text += error + "\n";
    return text;
  }
  const FunctionRunStats& stats(std::string_view function) const {
    const std::int32_t index = compiled.program->find_function(function);
    REQUIRE(index >= 0);
    return runtime->run_stats(index);
  }
  FakeWorld::Unit& unit_global(std::string_view name) {
    FakeWorld::Unit* unit = world.unit(runtime->global(name).as_handle());
    REQUIRE(unit != nullptr);
    return *unit;
  }

  CompileResult compiled;
  FakeWorld world;
  std::unique_ptr<Runtime> runtime;
};

double distance(const FakeWorld::Unit& a, const FakeWorld::Unit& b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace

TEST_CASE("galaxy runtime: every world native is registered by the fake world, the runtime has the rest") {
  FakeWorld world;
  NativeRegistry registry;
  CHECK(registry.missing().size() == 117);
  world.register_natives(registry);
  CHECK(missing_world_natives(registry).empty());
  CHECK(world_natives().size() == 69);
  // The runtime's own 48 plus the world's 69 are the whole library.
  Script script(program_with("", ""));
  CHECK(script.runtime->natives().missing().size() == 69 - 11);  // the test Script adds the 11 headless ones
  world.register_natives(script.runtime->natives());
  CHECK(script.runtime->natives().missing().empty());
}

TEST_CASE("galaxy runtime: the 30 reference scripts run InitMap and their map-init triggers without errors") {
  if (!have_maps()) return;
  std::size_t maps = 0;
  for (const char* folder : {kMiniGames, kSmacMaps}) {
    for (const fs::path& archive : maps_in(folder)) {
      CAPTURE(archive.filename().string());
      MapRun run(map_script(archive));
      CHECK(run.runtime->run_map_init());
      CHECK(run.errors() == "");
      CHECK(run.world.alive_units_of(1).size() >= 1);  // every map gives player 1 an army
      CHECK(run.runtime->advance_to(64));
      CHECK(run.errors() == "");
      ++maps;
    }
  }
  CHECK(maps == 30);
}

TEST_CASE("galaxy runtime: the mini-games run a whole episode, as the agent's player and in demo mode") {
  if (!have_maps()) return;
  for (const fs::path& archive : maps_in(kMiniGames)) {
    for (const std::int32_t player_type : {1, 2}) {  // user; computer (the scripts' demo mode)
      CAPTURE(archive.filename().string());
      CAPTURE(player_type);
      MapRun run(map_script(archive), player_type);
      CHECK(run.runtime->run_map_init());
      // The longest episode (BuildMarines) is 900 s = 14400 loops; 4000 covers the others' timers.
      CHECK(run.runtime->advance_to(player_type == 1 ? 14'500 : 4'000));
      CHECK(run.errors() == "");
      if (player_type == 1) CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 1);
    }
  }
}

TEST_CASE("galaxy runtime: MoveToBeacon scores in its periodic trigger and ends at its episode timer (1920 loops)") {
  if (!have_maps()) return;
  MapRun run(map_script(sc2::test::shared_dir() / kMiniGames / "MoveToBeacon.SC2Map"));
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
  CHECK(run.stats("gt_EpisodeTimer_Func").started == 1);
  CHECK(world.score() == 1);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy runtime: the reset chat message restarts MoveToBeacon's episode in place") {
  if (!have_maps()) return;
  MapRun run(map_script(sc2::test::shared_dir() / kMiniGames / "MoveToBeacon.SC2Map"));
  REQUIRE(run.runtime->run_map_init());
  CHECK(run.runtime->advance_to(2000));
  CHECK(run.world.paused);
  run.world.properties[{1, 20}] = 7;
  CHECK(run.runtime->fire_chat_message(1, "reset"));
  CHECK(run.world.score() == 0);
  CHECK(run.stats("gt_ResetMap_Func").returned_true == 1);
  CHECK(run.runtime->advance_to(2010));
  CHECK(run.stats("gt_ScoreUpdatesandVictory_Func").started == 1919 + 10);
  CHECK(run.runtime->advance_to(2000 + 1920));
  CHECK(run.stats("gt_EpisodeTimer_Func").returned_true == 2);
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy runtime: SMAC's maps spawn both armies again when every unit dies") {
  if (!have_maps()) return;
  for (const fs::path& archive : maps_in(kSmacMaps)) {
    CAPTURE(archive.filename().string());
    MapRun run(map_script(archive));
    REQUIRE(run.runtime->run_map_init());
    const std::size_t agents = run.world.alive_units_of(1).size();
    const std::size_t enemies = run.world.alive_units_of(2).size();
    CHECK(agents > 0);
    CHECK(enemies > 0);
    for (int episode = 0; episode < 3; ++episode) {
      // SMAC's reset: debug-kill every unit, then the deaths arrive one by one (spec §4.6).
      std::vector<Handle> killed = run.world.alive_units_of(1);
      for (const Handle enemy : run.world.alive_units_of(2)) killed.push_back(enemy);
      for (const Handle unit : killed) run.world.kill(unit);
      for (const Handle unit : killed) CHECK(run.runtime->fire_unit_died(unit));
      CHECK(run.world.alive_units_of(1).size() == agents);
      CHECK(run.world.alive_units_of(2).size() == enemies);
      CHECK(run.runtime->advance_to(run.runtime->loop() + 16));
    }
    CHECK(run.errors() == "");
  }
}

TEST_CASE("galaxy runtime: DefeatRoaches scores deaths and brings a new wave when the roaches are gone") {
  if (!have_maps()) return;
  MapRun run(map_script(sc2::test::shared_dir() / kMiniGames / "DefeatRoaches.SC2Map"));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  REQUIRE(world.alive_units_of(1).size() == 9);
  REQUIRE(world.alive_units_of(2).size() == 4);
  const Handle marine = world.alive_units_of(1).front();
  world.kill(marine);
  CHECK(run.runtime->fire_unit_died(marine));
  CHECK(world.score() == -1);
  CHECK(world.unit(marine)->removed);  // "dead units are removed at once"
  for (const Handle roach : world.alive_units_of(2)) {
    world.kill(roach);
    CHECK(run.runtime->fire_unit_died(roach));
  }
  CHECK(world.score() == -1 + 40);
  CHECK(world.alive_units_of(2).size() == 4);   // a new wave
  CHECK(world.alive_units_of(1).size() == 13);  // the 8 left, re-created, plus 5 new marines
  CHECK(run.errors() == "");
}

TEST_CASE("galaxy runtime: BuildMarines counts trained marines through its unit-created trigger") {
  if (!have_maps()) return;
  MapRun run(map_script(sc2::test::shared_dir() / kMiniGames / "BuildMarines.SC2Map"));
  REQUIRE(run.runtime->run_map_init());
  FakeWorld& world = run.world;
  CHECK(run.runtime->advance_to(10));
  world.units.push_back(FakeWorld::Unit{"Marine", 1, 30, 30, 45, true, false, {}});
  const Handle marine = world.units.size();
  world.units.push_back(FakeWorld::Unit{"SCV", 1, 30, 30, 45, true, false, {}});
  const Handle scv = world.units.size();
  CHECK(run.runtime->fire_unit_created(marine, 0, "BarracksTrain", ""));
  CHECK(run.runtime->fire_unit_created(scv, 0, "CommandCenterTrain", ""));
  CHECK(run.runtime->advance_to(11));
  CHECK(world.score() == 1);
  CHECK(run.errors() == "");
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
