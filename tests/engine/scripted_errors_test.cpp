// A map is untrusted input (issue 34 item 4): every way a map's script or files can be wrong is
// refused at load with an error naming the map, the file and the reason, or, at run time, ends
// the episode cleanly (Undecided) with that error; nothing crashes, and the limits hold.
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;

namespace {

// Loading MoveToBeacon's files with this script: the error's text, or "" when it loads.
std::string load_error(const std::filesystem::path& base, const std::string& text, ScriptedLimits limits = {}) {
  try {
    ScriptedMapFactory::load(with_script(base, text), {}, limits);
    return "";
  } catch (const ScriptedMapError& error) {
    return error.what();
  }
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("scripted errors at load: syntax, unknown unit type, region, point, null unit, creation limits") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  std::string error = load_error(*base, script("    int x = ;"));
  CHECK(contains(error, "Variant.SC2Map: MapScript.galaxy:6:"));

  error = load_error(*base, script(R"(    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Ultralisk", 0, 1, RegionGetCenter(RegionFromId(1)));)"));
  CHECK(contains(error, "Variant.SC2Map: MapScript.galaxy:"));
  CHECK(contains(error, "libNtve_gf_CreateUnitsWithDefaultFacing"));
  CHECK(contains(error, "unit type 'Ultralisk' is not a unit type sc2lite has"));

  CHECK(contains(load_error(*base, script("    RegionGetCenter(RegionFromId(99));")), "the map has no region with id 99"));
  CHECK(contains(load_error(*base, script("    PointFromId(12345);")), "no point with id 12345"));
  CHECK(contains(load_error(*base, script("    UnitGetPosition(null);")), "UnitGetPosition: the unit is null"));
  CHECK(contains(load_error(*base, script("    PlayerModifyPropertyInt(1, 7, c_playerPropOperSetTo, 1);")),
                 "player property 7 is not supported"));
  CHECK(contains(load_error(*base, script("    PlayerModifyPropertyInt(17, c_playerPropMinerals, c_playerPropOperSetTo, 1);")),
                 "player 17 is not a player 0..15"));
  CHECK(contains(load_error(*base, script(R"(    libNtve_gf_CreateUnitsWithDefaultFacing(1000000, "Marine", 0, 1, RegionGetCenter(RegionFromId(1)));)")),
                 "cannot create 1000000 units in one call"));
  ScriptedLimits few;
  few.max_units = 20;
  CHECK(contains(load_error(*base,
                            script(R"(    while (true) { libNtve_gf_CreateUnitsWithDefaultFacing(5, "Marine", 0, 1, RegionGetCenter(RegionFromId(1))); })"),
                            few),
                 "the game would have more than 20 units"));
  // A script that never ends its map init: the runtime's instruction budget.
  CHECK(contains(load_error(*base, script("    while (true) { gv_loops += 1; }")), "Variant.SC2Map: MapScript.galaxy:"));
  CHECK(load_error(*base, script("")).empty());
}

TEST_CASE("scripted errors at run time end the episode cleanly, Undecided, with the error") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  const struct {
    std::string each_loop;
    std::string expected;
  } cases[] = {
      {R"(    if (gv_loops == 10) { libNtve_gf_CreateUnitsWithDefaultFacing(1, "Ultralisk", 0, 1, RegionGetCenter(RegionFromId(1))); })",
       "unit type 'Ultralisk'"},
      {"    if (gv_loops == 10) { while (true) { gv_loops += 1; } }", "MapScript.galaxy:"},
      {"    if (gv_loops == 10) { UnitSetPropertyFixed(UnitLastCreated(), c_unitPropLife, 1.0); }", "the unit is null"},
      {"    if (gv_loops == 10) { gv_loops = 1 / (gv_loops - 10); }", "MapScript.galaxy:"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.each_loop);
    const auto map = ScriptedMapFactory::load(with_script(*base, script("", c.each_loop)));
    Episode e(*map, 1);
    REQUIRE_FALSE(e.result);
    CHECK(e.step(100));
    CHECK(e.world.game_loop() == 10);
    CHECK(*e.result == GameResult::Undecided);
    REQUIRE(e.game->script_error());
    CHECK(contains(*e.game->script_error(), "Variant.SC2Map: MapScript.galaxy:"));
    CHECK(contains(*e.game->script_error(), c.expected));
  }
}

TEST_CASE("scripted unit groups a script makes every loop are freed when it can no longer reach them") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  const std::string each_loop = R"(
    int i = 0;
    unitgroup g;
    while (i < 100) { g = UnitGroup(null, c_playerAny, RegionEntireMap(), null, 0); i += 1; })";
  const auto map =
      ScriptedMapFactory::load(with_script(*base, script("    gv_keep = UnitGroupEmpty();", each_loop, "unitgroup gv_keep;\n")));
  Episode e(*map, 1);
  std::size_t most = 0;
  for (int loop = 0; loop < 200; ++loop) {
    e.step();
    most = std::max(most, e.script().groups());
  }
  CHECK_FALSE(e.result);
  CHECK(most <= map->data().limits.collect_after_new_groups + 100 + 1);
  CHECK(e.script().groups() >= 1);  // gv_keep stays
}

TEST_CASE("scripted errors in the map's files: an unknown placed unit type, a damaged archive") {
  const auto base = map_file(kMiniGames, "BuildMarines");
  if (!base) return;
  mapfile::MapFiles files = mapfile::read_archive_file(*base);
  files.put("Objects", replaced(*files.find("Objects"), "UnitType=\"MineralField\"", "UnitType=\"PurpleField\""));
  try {
    ScriptedMapFactory::load(mapfile::map_data_from_files(std::move(files), "Variant"));
    FAIL("loaded");
  } catch (const ScriptedMapError& error) {
    CHECK(contains(error.what(), "Variant.SC2Map: Objects: unit "));
    CHECK(contains(error.what(), "unit type 'PurpleField'"));
  }
  const std::string bytes = mapfile::archive_bytes(mapfile::read_archive_file(*base));
  CHECK_THROWS_AS(mapfile::read_map_bytes(bytes.substr(0, bytes.size() / 2), "Cut.SC2Map"), mapfile::MapError);
}

TEST_CASE("scripted a thousand units created on one point are all placed, within the placement search's budget") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  const auto map = ScriptedMapFactory::load(with_script(
      *base, script(R"(    libNtve_gf_CreateUnitsWithDefaultFacing(1000, "Marine", 0, 1, RegionGetCenter(RegionFromId(1)));)")));
  Episode e(*map, 1);
  CHECK(e.units_of(1, "Marine").size() == 1000);
  CHECK_FALSE(e.step(10));
}

TEST_CASE("scripted points far off the map keep the units a script creates or moves on the map") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  const auto map = ScriptedMapFactory::load(with_script(*base, script(R"(
    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Beacon_Terran", 0, 0, PointWithOffset(RegionGetCenter(RegionFromId(1)), 500000.0, -500000.0));
    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Marine", 0, 1, PointWithOffset(RegionGetCenter(RegionFromId(1)), -500000.0, 0.0));
    UnitSetPosition(UnitLastCreated(), PointWithOffset(RegionGetCenter(RegionFromId(1)), 0.0, 500000.0), false);)")));
  Episode e(*map, 1);
  for (const Unit* u : e.world.units()) {
    CHECK(u->pos.x >= 0.0f);
    CHECK(u->pos.x <= 64.0f);
    CHECK(u->pos.y >= 0.0f);
    CHECK(u->pos.y <= 64.0f);
  }
  // The playable area's top: the camera bounds (10,8)-(54,44), as this script sets none.
  CHECK(e.units_of(1, "Marine").front()->pos.y == doctest::Approx(44.0f - 0.375f));
  CHECK_FALSE(e.step(5));
}
