// GameData unit types (engine/mapfile/unit_types.h): new types get API ids after every
// built-in id, consecutive, in the data file's order; an override keeps the built-in id
// (spec sc2-map-files.md §4.7); their CUnit values (§3.2) are read with their defaults left
// to the engine.
#include <doctest/doctest.h>

#include <map>
#include <vector>

#include "engine/mapfile/unit_types.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/mapfile_test_util.h"

namespace {

using namespace sc2::test::mapfile;

// PySC2's ids of the units SMAC's maps name (spec §4.7), and a larger one standing for the
// rest of the game's table.
const std::vector<mf::BuiltinUnitType> kBuiltin = {
    {"Colossus", 4},    {"Baneling", 9},   {"Marine", 48},   {"Marauder", 51},  {"Medivac", 54},
    {"Zealot", 73},     {"Stalker", 74},   {"SpineCrawler", 98}, {"Zergling", 105}, {"Hydralisk", 107},
    {"Roach", 110},     {"LastBuiltIn", 1961}};

const mf::MapData* load(const std::string& name) {
  static std::map<std::string, mf::MapData> cache;
  if (const auto found = cache.find(name); found != cache.end()) return &found->second;
  const std::optional<fs::path> path = real_map(smac_maps_dir(), name);
  if (!path) return nullptr;
  return &cache.emplace(name, mf::read_map(*path)).first->second;
}

mf::GameData catalog(const std::string& xml, const std::string& file = "Base.SC2Data/GameData/UnitData.xml") {
  return mf::parse_catalog(file, xml);
}

}  // namespace

TEST_CASE("mapfile: SMAC's new unit types get ids after every built-in id, consecutive, in the file's order") {
  struct Expected {
    const char* map;
    std::vector<std::pair<std::string, std::uint32_t>> ids;
  };
  // SMAC finds its allies' types as min + k in this order (§4.7): marauder, marine, medivac;
  // colossus, stalker, zealot; baneling, zergling.
  const std::vector<Expected> expected = {
      {"3m", {{"Marine", 48}, {"Marine_RL", 1962}}},
      {"27m_vs_30m", {{"Marine", 48}, {"Marine_RL", 1962}}},
      {"2m_vs_1z", {{"Marine_RL", 1962}}},
      {"MMM", {{"Marauder_RL", 1962}, {"Marine_RL", 1963}, {"Medivac_RL", 1964}}},
      {"MMM2", {{"Marauder_RL", 1962}, {"Marine_RL", 1963}, {"Medivac_RL", 1964}}},
      {"1c3s5z", {{"Colosus_RL", 1962}, {"Stalker_RL", 1963}, {"Zealot_RL", 1964}}},
      {"2s3z", {{"Stalker_RL", 1962}, {"Zealot_RL", 1963}}},
      {"3s_vs_5z", {{"Stalker_RL", 1962}, {"Zealot_RL", 1963}}},
      {"bane_vs_bane", {{"Baneling_RL", 1962}, {"Zergling_RL", 1963}}},
      {"2c_vs_64zg", {{"Colossus_RL", 1962}}},
      {"6h_vs_8z", {{"Hydralisk_RL", 1962}}},
      {"corridor", {{"Zealot_RL", 1962}}},
  };
  for (const Expected& want : expected) {
    const mf::MapData* map = load(want.map);
    if (!map) continue;
    INFO(want.map);
    const std::vector<mf::MapUnitType> types = mf::assign_unit_type_ids(map->game_data, kBuiltin);
    REQUIRE(types.size() == want.ids.size());
    for (std::size_t i = 0; i < types.size(); ++i) {
      CHECK(types[i].name == want.ids[i].first);
      CHECK(types[i].id == want.ids[i].second);
      CHECK(types[i].is_new == (types[i].name != "Marine"));
      // The base type: the override itself; the editor's copy by its aliases ("Colosus_RL"
      // names Colossus).
      std::string base = types[i].name.substr(0, types[i].name.find('_'));
      if (base == "Colosus") base = "Colossus";
      CHECK(types[i].base == base);
    }
  }
}

TEST_CASE("mapfile: SMAC's custom units carry the spec's life, shields, armour, weapons, speed and radius") {
  struct Values {
    const char* map;
    const char* unit;
    float life, shields, armor, speed, sight;
    std::optional<float> radius;  // nullopt: not set, the engine's default (0.5) applies
    std::vector<std::string> weapons;
    std::vector<std::string> attributes;
  };
  // §3.2's table.
  const std::vector<Values> table = {
      {"3m", "Marine_RL", 45, 0, 0, 2.25f, 9, 0.375f, {"GuassRifle"}, {"Light", "Biological"}},
      {"MMM", "Marauder_RL", 125, 0, 1, 2.25f, 10, 0.5625f, {"PunisherGrenades"}, {"Armored", "Biological"}},
      {"MMM", "Medivac_RL", 150, 0, 1, 2.75f, 11, 0.75f, {}, {"Armored", "Mechanical"}},
      {"2s3z", "Stalker_RL", 80, 80, 1, 2.9531f, 10, 0.625f, {"ParticleDisruptors"}, {"Armored", "Mechanical"}},
      {"2s3z", "Zealot_RL", 100, 50, 1, 2.25f, 9, std::nullopt, {"PsiBlades"}, {"Light", "Biological"}},
      {"1c3s5z", "Colosus_RL", 200, 150, 1, 2.25f, 10, 1.0f, {"ThermalLances"}, {"Armored", "Mechanical", "Massive"}},
      {"6h_vs_8z", "Hydralisk_RL", 80, 0, 0, 2.25f, 9, 0.625f, {"HydraliskMelee", "NeedleSpines"}, {"Light", "Biological"}},
      {"bane_vs_bane", "Baneling_RL", 30, 0, 0, 2.5f, 8, 0.375f, {"VolatileBurst"}, {"Biological"}},
      {"bane_vs_bane", "Zergling_RL", 35, 0, 0, 2.9531f, 8, 0.375f, {"Claws"}, {"Light", "Biological"}},
  };
  for (const Values& want : table) {
    const mf::MapData* map = load(want.map);
    if (!map) continue;
    INFO(want.map << " " << want.unit);
    const mf::UnitFields u = mf::unit_fields(map->game_data, want.unit);
    CHECK(u.life_max == want.life);
    CHECK(u.life_start == want.life);
    CHECK(u.shields_max.value_or(0) == want.shields);
    CHECK(u.life_armor.value_or(0) == want.armor);
    CHECK(u.speed == want.speed);
    CHECK(u.sight == want.sight);
    CHECK(u.radius == want.radius);
    CHECK(u.weapons == want.weapons);
    std::vector<std::string> attributes = u.attributes;
    std::vector<std::string> wanted = want.attributes;
    std::sort(attributes.begin(), attributes.end());
    std::sort(wanted.begin(), wanted.end());
    CHECK(attributes == wanted);
    CHECK(u.default_acquire_level == "Passive");
    CHECK(u.response == "Nothing");
    CHECK(std::find(u.flags.begin(), u.flags.end(), "PreventDestroy") != u.flags.end());
    CHECK_FALSE(u.food.has_value());  // the copies cost no supply
    if (want.shields > 0) {
      CHECK(u.shield_regen_delay == 10.0f);
      CHECK(u.shield_regen_rate == 2.0f);
    }
  }
  if (const mf::MapData* map = load("MMM")) {
    const mf::UnitFields medivac = mf::unit_fields(map->game_data, "Medivac_RL");
    CHECK(medivac.mover == "Fly");
    CHECK(medivac.height == 3.75f);
    CHECK(medivac.acceleration == 2.3125f);
    CHECK(medivac.energy_start == 50.0f);
    CHECK(medivac.energy_max == 200.0f);
    CHECK(medivac.energy_regen_rate == 0.5625f);
    CHECK(std::find(medivac.abilities.begin(), medivac.abilities.end(), "MedivacHeal") != medivac.abilities.end());
    CHECK(medivac.planes == std::vector<std::string>{"Air"});
  }
  if (const mf::MapData* map = load("1c3s5z")) {
    const mf::UnitFields colossus = mf::unit_fields(map->game_data, "Colosus_RL");
    CHECK(colossus.mover == "Colossus");
    std::vector<std::string> planes = colossus.planes;
    std::sort(planes.begin(), planes.end());
    CHECK(planes == std::vector<std::string>{"Air", "Ground"});
  }
  if (const mf::MapData* map = load("6h_vs_8z")) {
    CHECK(mf::unit_fields(map->game_data, "Hydralisk_RL").life_regen_rate == 0.2734f);
  }
  if (const mf::MapData* map = load("8m")) {
    // The override of Marine sets only Food 0: everything else stays the built-in's.
    const mf::UnitFields marine = mf::unit_fields(map->game_data, "Marine");
    CHECK(marine.food == 0.0f);
    CHECK_FALSE(marine.life_max.has_value());
    CHECK(marine.weapons.empty());
  }
}

TEST_CASE("mapfile: with the engine's own unit table a map's new types come after its largest id") {
  std::vector<mf::BuiltinUnitType> builtin;
  std::uint32_t largest = 0;
  for (const sc2::engine::UnitTypeStats& type : sc2::engine::unit_type_table()) {
    builtin.emplace_back(type.name, type.id);
    largest = std::max(largest, type.id);
  }
  REQUIRE(largest > 0);
  const mf::GameData data = catalog(
      "<Catalog><CUnit id=\"Marine\"><Food value=\"0\"/></CUnit>"
      "<CUnit id=\"Zed_RL\"><SelectAlias value=\"Marine\"/></CUnit><CUnit id=\"Alpha_RL\"/></Catalog>");
  const std::vector<mf::MapUnitType> types = mf::assign_unit_type_ids(data, builtin);
  REQUIRE(types.size() == 3);
  CHECK(types[0] == mf::MapUnitType{"Marine", 48, false, "Marine"});
  // File order, not alphabetical: Zed_RL before Alpha_RL.
  CHECK(types[1] == mf::MapUnitType{"Zed_RL", largest + 1, true, "Marine"});
  CHECK(types[2] == mf::MapUnitType{"Alpha_RL", largest + 2, true, ""});
}

TEST_CASE("mapfile: unit type ids: repeated entries, other classes, parent and too many types") {
  const mf::GameData data = catalog(
      "<Catalog><CUnit id=\"New_A\" parent=\"Zealot\"><LifeMax value=\"10\"/></CUnit>"
      "<CActorUnit id=\"Ignored\"/><CUnit id=\"New_B\"><ReviveType value=\"Nothing\"/></CUnit>"
      "<CUnit id=\"New_A\"><LifeMax value=\"20\"/><Attributes index=\"Light\" value=\"1\"/></CUnit>"
      "<CUnit id=\"New_A\"><Attributes index=\"Light\" value=\"0\"/><WeaponArray Link=\"W1\"/><WeaponArray Link=\"W2\"/>"
      "<WeaponArray Link=\"W1\" removed=\"1\"/></CUnit></Catalog>");
  const std::vector<mf::MapUnitType> types = mf::assign_unit_type_ids(data, kBuiltin);
  REQUIRE(types.size() == 2);  // each id once; the actor is not a unit type
  CHECK(types[0] == mf::MapUnitType{"New_A", 1962, true, "Zealot"});
  CHECK(types[1] == mf::MapUnitType{"New_B", 1963, true, ""});  // ReviveType names no built-in type
  // Later entries over earlier ones; value 0 and removed="1" take a flag or link away.
  const mf::UnitFields a = mf::unit_fields(data, "New_A");
  CHECK(a.life_max == 20.0f);
  CHECK(a.attributes.empty());
  CHECK(a.weapons == std::vector<std::string>{"W2"});
  CHECK(mf::unit_fields(data, "Nobody") == mf::UnitFields{});
  // No built-in types: new ones start at 1.
  CHECK(mf::assign_unit_type_ids(data, {})[0].id == 1);
  // Ids that would pass 2^32 - 1 are refused, naming the file.
  const std::vector<mf::BuiltinUnitType> huge = {{"Marine", 0xFFFFFFFEu}};
  const mf::MapError error = map_error_of([&] { mf::assign_unit_type_ids(data, huge); });
  CHECK(error.file() == "Base.SC2Data/GameData/UnitData.xml");
  CHECK(error.reason().find("New_B") != std::string::npos);
}

TEST_CASE("mapfile: a unit value that is not a number is a MapError naming the file, unit and field") {
  const mf::GameData data = catalog("<Catalog><CUnit id=\"Bad\"><Speed value=\"fast\"/></CUnit></Catalog>");
  const mf::MapError error = map_error_of([&] { mf::unit_fields(data, "Bad"); });
  CHECK(error.file() == "Base.SC2Data/GameData/UnitData.xml");
  CHECK(error.reason().find("CUnit 'Bad' Speed") != std::string::npos);
  CHECK(error.reason().find("not a number") != std::string::npos);
  const mf::GameData infinite = catalog("<Catalog><CUnit id=\"Inf\"><LifeMax value=\"1e400\"/></CUnit></Catalog>");
  CHECK(map_error_of([&] { mf::unit_fields(infinite, "Inf"); }).reason().find("LifeMax") != std::string::npos);
}

TEST_CASE("mapfile: unit links and flags keep the order they were last set in, across a type's entries") {
  const mf::GameData data = catalog(
      "<Catalog><CUnit id=\"T\"><WeaponArray Link=\"W1\"/><WeaponArray Link=\"W2\"/><WeaponArray Link=\"W3\"/>"
      "<Attributes index=\"Light\" value=\"1\"/><Attributes index=\"Armored\" value=\"1\"/></CUnit>"
      "<CUnit id=\"Other\"><WeaponArray Link=\"X\"/></CUnit>"
      "<CUnit id=\"T\"><WeaponArray Link=\"W1\"/><WeaponArray Link=\"W2\" removed=\"1\"/>"
      "<Attributes index=\"Light\" value=\"0\"/><Attributes index=\"Massive\" value=\"1\"/></CUnit></Catalog>");
  const mf::UnitFields t = mf::unit_fields(data, "T");
  CHECK(t.weapons == std::vector<std::string>{"W3", "W1"});  // W1 set again: last
  CHECK(t.attributes == std::vector<std::string>{"Armored", "Massive"});
  // Thousands of fields on one type (each costs the same): every other one removed again.
  std::string many = "<Catalog><CUnit id=\"Many\">";
  for (int i = 0; i < 2000; ++i) many += "<AbilArray Link=\"A" + std::to_string(i) + "\"/>";
  for (int i = 0; i < 2000; i += 2) many += "<AbilArray Link=\"A" + std::to_string(i) + "\" removed=\"1\"/>";
  many += "</CUnit></Catalog>";
  const mf::UnitFields m = mf::unit_fields(catalog(many), "Many");
  REQUIRE(m.abilities.size() == 1000);
  CHECK(m.abilities.front() == "A1");
  CHECK(m.abilities.back() == "A1999");
  // One index for every type: the same fields as reading one type alone.
  const mf::UnitEntries units(data);
  CHECK(units.ids() == std::vector<std::string_view>{"T", "Other"});
  CHECK(units.of("T").size() == 2);
  CHECK(units.of("Nobody").empty());
  CHECK(mf::unit_fields(units, "T") == t);
}
