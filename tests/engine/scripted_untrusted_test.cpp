// A map is untrusted input (issue 34 item 4; scripted_errors_test has the script's errors): the
// values a map gives its unit types, the units it places, the regions and points its script
// looks up, the state its script keeps in the game, and the map path a client names are all
// bounded, or refused with an error naming the map, the field and the value. No test here
// measures time: each shows the bound or the refusal.
#include <filesystem>
#include <map>

#include "engine/galaxy/runtime.h"
#include "engine/mapfile/game_data.h"
#include "engine/scripted/map_source.h"
#include "engine/scripted/map_unit_types.h"
#include "engine/scripted/script_session.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;
namespace galaxy = sc2::galaxy;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A script of one map-init trigger running `init` (globals before it).
std::string init_script(const std::string& init, const std::string& globals = "") {
  return R"(include "TriggerLibs/NativeLib"
)" + globals + R"(trigger gt_Init;
bool gt_Init_Func (bool testConds, bool runActions) {
)" + init + R"(
    return true;
}
void InitMap () {
    gt_Init = TriggerCreate("gt_Init_Func");
    TriggerAddEventMapInit(gt_Init);
}
)";
}

// The map's files with `script` and the files of `replace` put in.
mapfile::MapData variant(const std::filesystem::path& path, const std::string& script,
                         const std::map<std::string, std::string>& replace = {}) {
  mapfile::MapFiles files = mapfile::read_archive_file(path);
  files.put("MapScript.galaxy", script);
  for (const auto& [name, bytes] : replace) files.put(name, bytes);
  return mapfile::map_data_from_files(std::move(files), "Variant");
}

std::string load_error(mapfile::MapData map, ScriptedLimits limits = {}) {
  try {
    ScriptedMapFactory::load(std::move(map), {}, limits);
    return "";
  } catch (const ScriptedMapError& error) {
    return error.what();
  }
}

// One new unit type standing for Marine with these CUnit fields.
mapfile::GameData marine_copy(const std::string& fields) {
  return mapfile::parse_catalog("Base.SC2Data/GameData/UnitData.xml",
                                "<Catalog><CUnit id=\"Marine_X\"><SelectAlias value=\"Marine\"/>" + fields +
                                    "</CUnit></Catalog>");
}

}  // namespace

TEST_CASE("scripted untrusted: a map's unit type with a radius, life, speed, sight, armour, shields or energy out of range is not played") {
  const struct {
    std::string fields;
    std::string reason;
  } cases[] = {
      {"<Radius value=\"10000\"/>", "its Radius 10000 is not within (0, 8]"},
      {"<Radius value=\"0\"/>", "its Radius 0 is not within (0, 8]"},
      {"<Radius value=\"-1\"/>", "its Radius -1 is not within (0, 8]"},
      {"<LifeMax value=\"0\"/>", "its LifeMax 0 is not within (0, 1e+06]"},
      {"<LifeMax value=\"-45\"/>", "its LifeMax -45 is not within (0, 1e+06]"},
      {"<LifeMax value=\"9000000\"/>", "its LifeMax 9e+06 is not within (0, 1e+06]"},
      {"<Speed value=\"-2\"/>", "its Speed -2 is not within [0, 64]"},
      {"<Speed value=\"100\"/>", "its Speed 100 is not within [0, 64]"},
      {"<Sight value=\"1000\"/>", "its Sight 1000 is not within [0, 64]"},
      {"<LifeArmor value=\"-5000\"/>", "its LifeArmor -5000 is not within [-1000, 1000]"},
      {"<Food value=\"-1e7\"/>", "its Food -1e+07 is not within [-1000, 1000]"},
      {"<ShieldsMax value=\"-5\"/>", "its ShieldsMax -5 is not within [0, 1e+06]"},
      {"<ShieldRegenRate value=\"1e5\"/>", "its ShieldRegenRate 100000 is not within [0, 10000]"},
      {"<ShieldRegenDelay value=\"-1\"/>", "its ShieldRegenDelay -1 is not within [0, 10000]"},
      {"<LifeRegenRate value=\"-0.5\"/>", "its LifeRegenRate -0.5 is not within [0, 10000]"},
      {"<EnergyMax value=\"2e6\"/>", "its EnergyMax 2e+06 is not within [0, 1e+06]"},
      {"<EnergyRegenRate value=\"-1\"/>", "its EnergyRegenRate -1 is not within [0, 10000]"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.fields);
    const mapfile::GameData data = marine_copy(c.fields);
    const MapUnitTypes types(data);
    CHECK(types.find("Marine_X") == nullptr);
    CHECK(types.unsupported() == std::vector<std::string>{"Marine_X"});
    const std::string why = types.why_not("Marine_X");
    CHECK(contains(why, "unit type 'Marine_X' is defined by the map but sc2lite cannot play it yet"));
    CHECK(contains(why, c.reason));
  }
  // Within the ranges (the edges included where the range does): played, with the map's values.
  const mapfile::GameData fine = marine_copy(
      "<Radius value=\"8\"/><LifeMax value=\"1000000\"/><Speed value=\"0\"/><Sight value=\"64\"/>"
      "<LifeArmor value=\"-1000\"/><ShieldsMax value=\"30\"/><ShieldRegenRate value=\"4\"/>"
      "<ShieldRegenDelay value=\"2\"/><EnergyMax value=\"100\"/><EnergyStart value=\"150\"/>");
  const MapUnitTypes types(fine);
  const UnitTypeStats* marine_x = types.find("Marine_X");
  REQUIRE(marine_x != nullptr);
  CHECK(marine_x->radius == 8.0f);
  CHECK(marine_x->health_max == 1.0e6f);
  CHECK(marine_x->movement_speed == 0.0f);
  CHECK(marine_x->sight_range == 64.0f);
  CHECK(marine_x->armor == -1000.0f);
  CHECK(marine_x->shield_max == 30.0f);
  CHECK(marine_x->shield_regen_per_loop == doctest::Approx(4.0f / 16));
  CHECK(marine_x->shield_regen_delay_loops == 32);
  CHECK(marine_x->energy_max == 100.0f);
  CHECK(marine_x->energy_start == 100.0f);  // a start above the maximum starts full
}

TEST_CASE("scripted untrusted: placed units count against the unit limit and stand where placed, without a search") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  constexpr int kPlaced = 2000;
  std::string objects =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<PlacedObjects Version=\"27\">\n"
      "<ObjectPoint Id=\"1\" Position=\"2.5,61.5,0\" Type=\"StartLoc\" Name=\"Start Location 001\"/>\n";
  for (int i = 0; i < kPlaced; ++i) {
    objects += "<ObjectUnit Id=\"" + std::to_string(1000 + i) + "\" Position=\"30,30,0\" UnitType=\"Marine\" Player=\"1\"/>\n";
  }
  objects += "</PlacedObjects>\n";
  ScriptedLimits few;
  few.max_units = kPlaced - 1;
  const std::string error = load_error(variant(*base, init_script(""), {{"Objects", objects}}), few);
  CHECK(contains(error, "Variant.SC2Map: Objects: 2000 placed units, more than the limit of 1999 units (ScriptedLimits)"));
  // Within the limit: every unit where the editor put it (the simulation's separation spreads
  // them once the game runs), and UnitFromId finds each.
  const auto map = ScriptedMapFactory::load(variant(
      *base, init_script("    gv_last = UnitGetPosition(UnitFromId(2999));", "point gv_last;\n"), {{"Objects", objects}}));
  Episode e(*map, 1);
  REQUIRE_FALSE(e.game->script_error());
  const std::vector<Unit*> marines = e.units_of(1, "Marine");
  CHECK(marines.size() == kPlaced);
  for (const Unit* marine : marines) {
    CHECK(marine->pos.x == 30.0f);
    CHECK(marine->pos.y == 30.0f);
  }
}

TEST_CASE("scripted untrusted: a map path of '.', or with '.', '..' or empty parts, is refused before any file is read") {
  const std::filesystem::path maps = std::filesystem::temp_directory_path() / "sc2_scripted_untrusted_maps";
  std::filesystem::create_directories(maps / "Sub");
  const auto no_builtin = [](std::string_view) -> const MiniGameEntry* { return nullptr; };
  for (const std::string path : {".", "./", "Sub/.", "Sub/./x.SC2Map", "Sub//x.SC2Map", "Sub/", "../x.SC2Map",
                                 "Sub/../../x.SC2Map", "/etc/passwd"}) {
    CAPTURE(path);
    try {
      choose_map(path, "", maps, no_builtin);
      FAIL("chosen");
    } catch (const ScriptedMapError& error) {
      CHECK(contains(error.what(), path + ": a map path is relative to the maps folder"));
    }
  }
  // A plain relative path that names nothing: no map (neither built-in nor file), no error.
  const ChosenMap none = choose_map("Sub/Missing.SC2Map", "", maps, no_builtin);
  CHECK(none.builtin == nullptr);
  CHECK(none.file == nullptr);
  std::filesystem::remove_all(maps);
}

namespace {

// Regions 1 (one rectangle, 20..40 on both axes) and 2 (that rectangle and 63 cut-out circles
// away from it): a point at (30,30) is tested against every shape of region 2.
std::string regions_one_and_many() {
  std::string xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Regions>\n";
  const std::string rect = "<shape type=\"rect\"><quad value=\"20,20,40,40\"/></shape>";
  xml += "<region id=\"1\"><name value=\"One\"/>" + rect + "</region>\n";
  xml += "<region id=\"2\"><name value=\"Many\"/>" + rect;
  for (int i = 0; i < 63; ++i) {
    xml += "<shape type=\"circle\"><negative/><center value=\"2," + std::to_string(2 + i % 8) +
           "\"/><radius value=\"0.1\"/></shape>";
  }
  return xml + "</region>\n</Regions>\n";
}

}  // namespace

TEST_CASE("scripted untrusted: every test against a region is charged by its shapes, and big work is checked first") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  ScriptedLimits tight;
  tight.runtime.instructions_per_call = 200'000;
  tight.runtime.instructions_per_loop = 200'000;
  const std::string setup = R"(    gv_p = RegionGetCenter(RegionFromId(1));
    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Marine", 0, 1, gv_p);
    gv_u = UnitLastCreated();
)";
  const std::string globals = "unit gv_u;\npoint gv_p;\nint gv_n;\nunitgroup gv_g;\nbool gv_b;\n";
  // Each loop stays within the budget on region 1 and passes it on region 2, whose tests cost 64.
  const struct {
    int times;
    std::string body;
  } cases[] = {
      {5000, "gv_b = RegionContainsPoint(RegionFromId(@), gv_p);"},
      {5000, "gv_b = libNtve_gf_UnitInRegion(gv_u, RegionFromId(@));"},
      {5000, "gv_g = UnitGroup(null, c_playerAny, RegionFromId(@), null, 0);"},
      {5000, "gv_p = RegionRandomPoint(RegionFromId(@));"},
      {20, "VisExploreArea(1, RegionFromId(@), true, false);"},
  };
  for (const auto& c : cases) {
    for (const std::string region : {"1", "2"}) {
      CAPTURE(c.body);
      CAPTURE(region);
      std::string body = c.body;
      body.replace(body.find('@'), 1, region);
      const std::string loop = "    while (gv_n < " + std::to_string(c.times) + ") { " + body + " gv_n += 1; }";
      const std::string error =
          load_error(variant(*base, init_script(setup + loop, globals), {{"Regions", regions_one_and_many()}}), tight);
      INFO(error);
      if (region == "1") {
        CHECK(error.empty());
      } else {
        CHECK(contains(error, "Variant.SC2Map: MapScript.galaxy:"));
        CHECK((contains(error, "instructions") || contains(error, "budget")));
      }
    }
  }
}

TEST_CASE("scripted untrusted: a region of more shapes than the limit is refused, naming it") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  std::string xml = "<Regions><region id=\"7\">";
  for (int i = 0; i < 65; ++i) xml += "<shape type=\"rect\"><quad value=\"1,1,2,2\"/></shape>";
  xml += "</region></Regions>";
  try {
    variant(*base, init_script(""), {{"Regions", xml}});
    FAIL("read");
  } catch (const mapfile::MapError& error) {
    CHECK(error.file() == "Regions");
    CHECK(contains(error.reason(), "region 7: more than 64 shapes"));
  }
}

TEST_CASE("scripted untrusted: RegionRandomPoint in a region with almost no area stops at the budget, not after") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  // A box almost all cut away by 63 circles: tries miss, each testing 64 shapes.
  std::string xml = "<Regions><region id=\"3\"><shape type=\"rect\"><quad value=\"20,20,20.01,20.01\"/></shape>";
  for (int i = 0; i < 63; ++i) {
    xml += "<shape type=\"circle\"><negative/><center value=\"20,20\"/><radius value=\"1\"/></shape>";
  }
  xml += "</region></Regions>";
  ScriptedLimits tight;
  tight.runtime.instructions_per_call = 100'000;
  tight.runtime.instructions_per_loop = 100'000;
  const std::string error = load_error(
      variant(*base, init_script("    gv_p = RegionRandomPoint(RegionFromId(3));", "point gv_p;\n"), {{"Regions", xml}}), tight);
  CHECK(contains(error, "RegionRandomPoint: the script's instruction budget ran out after"));
  // With the budget to spare, the tries' limit.
  const std::string tries = load_error(
      variant(*base, init_script("    gv_p = RegionRandomPoint(RegionFromId(3));", "point gv_p;\n"), {{"Regions", xml}}));
  CHECK(contains(tries, "RegionRandomPoint: no random point found in the region (10000 tries)"));
}

TEST_CASE("scripted untrusted: PointFromId finds each of thousands of points by its id") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  std::string objects = "<PlacedObjects Version=\"27\">\n"
                        "<ObjectPoint Id=\"1\" Position=\"2.5,61.5,0\" Type=\"StartLoc\" Name=\"Start Location 001\"/>\n";
  for (int i = 0; i < 5000; ++i) {
    objects += "<ObjectPoint Id=\"" + std::to_string(100 + i) + "\" Position=\"" + std::to_string(10 + i % 40) + "," +
               std::to_string(10 + i / 200) + ",0\"/>\n";
  }
  objects += "</PlacedObjects>\n";
  const auto map = ScriptedMapFactory::load(variant(
      *base, init_script("    gv_last = PointFromId(5099);\n    gv_first = PointFromId(100);", "point gv_last;\npoint gv_first;\n"),
      {{"Objects", objects}}));
  Episode e(*map, 1);
  REQUIRE_FALSE(e.game->script_error());
  galaxy::Runtime& runtime = e.game->session()->runtime();
  const galaxy::Point last = galaxy::unpack_point(runtime.global("gv_last"));
  CHECK(last.world_x() == 10 + 4999 % 40);
  CHECK(last.world_y() == 10 + 4999 / 200);
  CHECK(galaxy::unpack_point(runtime.global("gv_first")).world_x() == 10);
  CHECK(contains(load_error(variant(*base, init_script("    PointFromId(99);"), {{"Objects", objects}})),
                 "PointFromId: the map's Objects have no point with id 99"));
}

TEST_CASE("scripted untrusted: custom value indexes outside 0..63 and objectives past the limit are errors") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  const std::string setup = R"(    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Marine", 0, 1, RegionGetCenter(RegionFromId(1)));
    gv_u = UnitLastCreated();
)";
  const std::string globals = "unit gv_u;\nfixed gv_a;\nfixed gv_b;\nint gv_n;\n";
  for (const std::string index : {"-1", "64", "100000", "2147483647"}) {
    CAPTURE(index);
    CHECK(contains(load_error(variant(*base, init_script(setup + "    UnitSetCustomValue(gv_u, " + index + ", 1.0);", globals))),
                   "UnitSetCustomValue: custom value index " + index + " is not 0..63"));
    CHECK(contains(load_error(variant(*base, init_script(setup + "    gv_a = UnitGetCustomValue(gv_u, " + index + ");", globals))),
                   "UnitGetCustomValue: custom value index " + index + " is not 0..63"));
  }
  // 0 and 63 are kept apart, per unit.
  const auto map = ScriptedMapFactory::load(variant(
      *base,
      init_script(setup + "    UnitSetCustomValue(gv_u, 0, 2.5);\n    UnitSetCustomValue(gv_u, 63, -1.0);\n"
                          "    gv_a = UnitGetCustomValue(gv_u, 0);\n    gv_b = UnitGetCustomValue(gv_u, 63);",
                  globals)));
  Episode e(*map, 1);
  REQUIRE_FALSE(e.game->script_error());
  galaxy::Runtime& runtime = e.game->session()->runtime();
  CHECK(galaxy::fixed_to_double(runtime.global("gv_a").as_fixed_raw()) == 2.5);
  CHECK(galaxy::fixed_to_double(runtime.global("gv_b").as_fixed_raw()) == -1.0);

  ScriptedLimits few;
  few.max_objectives = 5;
  const std::string objectives = R"(    while (true) {
        ObjectiveCreate(StringToText("o"), StringToText(""), c_objectiveStateActive, true);
        gv_n += 1;
    })";
  CHECK(contains(load_error(variant(*base, init_script(objectives, globals)), few),
                 "ObjectiveCreate: more than 5 objectives (ScriptedLimits)"));
}
