// The map reader on the 30 real maps (PySC2's 7 mini-games, SMAC's 23 scenarios), read from
// ../shared/clients: every fact ../shared/spec/sc2-map-files.md §1 and §3 states about them
// comes out of read_map (the archive's path), read_map_bytes (its bytes, as PySC2 sends them
// in local_map.map_data) and an smpq-unpacked folder of the same map, all three equal.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "engine/mapfile/map_data.h"
#include "tests/engine/mapfile_test_util.h"

namespace {

using namespace sc2::test::mapfile;
using mf::MapData;

const std::vector<std::string> kMiniGames = {"MoveToBeacon",  "CollectMineralShards",        "CollectMineralsAndGas",
                                             "BuildMarines",  "DefeatRoaches",               "DefeatZerglingsAndBanelings",
                                             "FindAndDefeatZerglings"};

// The 16 maps with "Team 1"/"Team 2" points and two player slots (spec §1.2, §1.5).
const std::vector<std::string> kTeamMaps = {"3m",   "8m",       "25m",  "5m_vs_6m", "8m_vs_9m",     "10m_vs_11m",
                                            "27m_vs_30m", "MMM", "MMM2", "2s3z",     "3s5z",         "3s5z_vs_3s6z",
                                            "1c3s5z", "3s_vs_3z", "3s_vs_4z", "3s_vs_5z"};
const std::vector<std::string> kOtherSmacMaps = {"2c_vs_64zg", "2m_vs_1z", "2s_vs_1sc",       "6h_vs_8z",
                                                 "bane_vs_bane", "corridor", "so_many_baneling"};

const std::vector<std::string> kMarineMaps = {"3m", "8m", "25m", "5m_vs_6m", "8m_vs_9m", "10m_vs_11m", "27m_vs_30m"};

std::vector<std::string> smac_maps() {
  std::vector<std::string> all = kTeamMaps;
  all.insert(all.end(), kOtherSmacMaps.begin(), kOtherSmacMaps.end());
  return all;
}

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// Real maps read once each per test run (a read forks the isolated archive reader).
const MapData* load(const fs::path& folder, const std::string& name) {
  static std::map<std::string, MapData> cache;
  const auto found = cache.find(name);
  if (found != cache.end()) return &found->second;
  const std::optional<fs::path> path = real_map(folder, name);
  if (!path) return nullptr;
  return &cache.emplace(name, mf::read_map(*path)).first->second;
}

void check_point(const MapData& map, std::uint32_t id, const std::string& name, float x, float y) {
  INFO(map.name << " point " << id << " " << name);
  const mf::PlacedPoint* point = map.objects.point(id);
  REQUIRE(point != nullptr);
  CHECK(point->name == name);
  CHECK(point->position.x == doctest::Approx(x).epsilon(0.001));
  CHECK(point->position.y == doctest::Approx(y).epsilon(0.001));
}

struct Box {
  std::uint32_t x0, x1, y0, y1;  // inclusive
};

void check_pathable(const MapData& map, std::size_t count, Box box) {
  INFO(map.name);
  CHECK(map.terrain.pathable_cells() == count);
  Box seen{map.info.width, 0, map.info.height, 0};
  for (std::uint32_t y = 0; y < map.terrain.height; ++y) {
    for (std::uint32_t x = 0; x < map.terrain.width; ++x) {
      if (!map.terrain.pathable(x, y)) continue;
      seen = {std::min(seen.x0, x), std::max(seen.x1, x), std::min(seen.y0, y), std::max(seen.y1, y)};
    }
  }
  CHECK(seen.x0 == box.x0);
  CHECK(seen.x1 == box.x1);
  CHECK(seen.y0 == box.y0);
  CHECK(seen.y1 == box.y1);
}

// The spec's ASCII drawings (§1.3), top row y = 31: '.' pathable, '#' not.
void check_drawing(const MapData& map, const std::vector<std::string>& rows) {
  REQUIRE(rows.size() == map.terrain.height);
  for (std::uint32_t y = 0; y < map.terrain.height; ++y) {
    std::string drawn;
    for (std::uint32_t x = 0; x < map.terrain.width; ++x) drawn += map.terrain.pathable(x, y) ? '.' : '#';
    INFO(map.name << " row y=" << y);
    CHECK(drawn == rows[map.terrain.height - 1 - y]);
  }
}

std::vector<std::string> new_unit_names(const MapData& map) {
  std::vector<std::string> names;
  for (const mf::DataEntry* unit : map.game_data.units()) names.push_back(unit->id);
  return names;
}

std::vector<std::string> dependency_names(const MapData& map) {
  std::vector<std::string> names;
  for (const mf::Dependency& d : map.document.dependencies) names.push_back(d.name);
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += name + "\n";
  return out;
}

int named_players_in_strings(const MapData& map) {
  int count = 0;
  for (const auto& [key, value] : map.strings) {
    if (key.rfind("MapInfo/Player", 0) == 0 && key.size() > 5 && key.compare(key.size() - 5, 5, "/Name") == 0) ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("mapfile: the seven mini-game files give the spec's size, bounds, tileset, slots and terrain") {
  for (const std::string& name : kMiniGames) {
    const MapData* map = load(mini_games_dir(), name);
    if (!map) continue;
    INFO(name);
    CHECK(map->name == name);
    CHECK(map->info.version == 39);
    CHECK(map->info.width == 64);
    CHECK(map->info.height == 64);
    CHECK(map->info.tileset == "KorhalCityEx2");
    CHECK(map->info.fog == "Dark");
    CHECK(map->info.camera == mf::CameraBounds{10, 8, 54, 44});
    // Completely flat: height 7.996 (2047/256) at cliff level 1, every cell pathable.
    CHECK(std::all_of(map->terrain.vertex_height.begin(), map->terrain.vertex_height.end(),
                      [](float h) { return h == 2047.0f / 256.0f; }));
    CHECK(std::all_of(map->terrain.vertex_cliff_level.begin(), map->terrain.vertex_cliff_level.end(),
                      [](std::uint16_t level) { return level == 1; }));
    check_pathable(*map, 4096, {0, 63, 0, 63});
    CHECK(map->terrain.cell_cliff(40, 30) == 1.0f);
    // Player slots (§1.2): 1 is the user's Terran slot; DR and DZB add a Zerg computer slot 2,
    // FDZ a Zerg slot 2 without AI.
    REQUIRE(!map->info.players.empty());
    const mf::PlayerSlot& one = map->info.players[0];
    CHECK(one.id == 1);
    CHECK(one.control == 1);
    CHECK(one.color == 2);
    CHECK(one.race == "Terr");
    CHECK(one.ai.empty());
    const bool zerg_slot = name == "DefeatRoaches" || name == "DefeatZerglingsAndBanelings" || name == "FindAndDefeatZerglings";
    REQUIRE(map->info.players.size() == (zerg_slot ? 2u : 1u));
    if (zerg_slot) {
      const mf::PlayerSlot& two = map->info.players[1];
      CHECK(two.id == 2);
      CHECK(two.control == 2);
      CHECK(two.color == 1);
      CHECK(two.race == "Zerg");
      CHECK(two.ai == (name == "FindAndDefeatZerglings" ? "" : "Comp"));
      CHECK(two.decal == "Decal_Zerg_0017_01");
    }
    // The named-slot count equals GameStrings' player names, but BM's and CMG's strings keep
    // one stale extra name (§1.2).
    const bool stale_name = name == "BuildMarines" || name == "CollectMineralsAndGas";
    CHECK(map->info.named_slots == named_players_in_strings(*map) - (stale_name ? 1 : 0));
    // Dependencies (§1.8): LotV multiplayer data; CMS also Liberty (Campaign).
    std::vector<std::string> deps = {"Void Multi (Mod)", "Void (Mod)", "Swarm (Mod)", "Liberty (Mod)"};
    std::vector<std::string> found = dependency_names(*map);
    if (name == "CollectMineralShards") {
      const auto campaign = std::find(found.begin(), found.end(), "Liberty (Campaign)");
      CHECK(campaign != found.end());
      if (campaign != found.end()) found.erase(campaign);
    }
    CHECK(found == deps);
    CHECK(map->document.mod_type == "Interface");
    CHECK(map->script.find("void InitMap ()") != std::string::npos);
  }
}

TEST_CASE("mapfile: the mini-games' regions, points and placed units are the spec's") {
  for (const std::string& name : kMiniGames) {
    const MapData* map = load(mini_games_dir(), name);
    if (!map) continue;
    INFO(name);
    // Region 1 "Playable Space" (§1.4): (22,20)-(44,36) on the single-screen maps.
    const mf::Region* playable = map->region(1);
    REQUIRE(playable != nullptr);
    CHECK(playable->name == "Playable Space");
    REQUIRE(playable->shapes.size() == 1);
    const mf::RegionShape& rect = playable->shapes[0];
    CHECK(rect.kind == mf::RegionShape::Kind::rect);
    const bool economy = name == "BuildMarines" || name == "CollectMineralsAndGas";
    const bool fdz = name == "FindAndDefeatZerglings";
    const mf::MapPoint lo = economy ? mf::MapPoint{19.94f, 19.0f} : fdz ? mf::MapPoint{10, 12} : mf::MapPoint{22, 20};
    const mf::MapPoint hi = economy ? mf::MapPoint{45.94f, 37.0f} : fdz ? mf::MapPoint{54, 44} : mf::MapPoint{44, 36};
    CHECK(rect.min.x == doctest::Approx(lo.x).epsilon(0.001));
    CHECK(rect.min.y == doctest::Approx(lo.y).epsilon(0.001));
    CHECK(rect.max.x == doctest::Approx(hi.x).epsilon(0.001));
    CHECK(rect.max.y == doctest::Approx(hi.y).epsilon(0.001));
    // Start location 1 at (2.5,61.5) on every mini-game (§1.5); DR, DZB, FDZ add (7.5,61.5).
    std::vector<std::pair<float, float>> starts;
    for (const mf::PlacedPoint& p : map->objects.start_locations()) starts.emplace_back(p.position.x, p.position.y);
    std::sort(starts.begin(), starts.end());
    if (name == "DefeatRoaches" || name == "DefeatZerglingsAndBanelings" || fdz) {
      CHECK(starts == std::vector<std::pair<float, float>>{{2.5f, 61.5f}, {7.5f, 61.5f}});
    } else {
      CHECK(starts == std::vector<std::pair<float, float>>{{2.5f, 61.5f}});
    }
    // Placed units: BM 8 mineral fields; CMG 16 + 4 geysers; the others none.
    std::size_t minerals = 0;
    std::size_t geysers = 0;
    for (const mf::PlacedUnit& unit : map->objects.units) {
      CHECK(unit.owner == 0);
      minerals += unit.unit_type == "MineralField" ? 1 : 0;
      geysers += unit.unit_type == "VespeneGeyser" ? 1 : 0;
    }
    CHECK(minerals == (name == "BuildMarines" ? 8u : name == "CollectMineralsAndGas" ? 16u : 0u));
    CHECK(geysers == (name == "CollectMineralsAndGas" ? 4u : 0u));
    CHECK(map->objects.units.size() == minerals + geysers);
    if (economy) {
      check_point(*map, 583493956, "Command Center", 29.83f, 28.01f);
    }
    if (name == "BuildMarines") {
      // UnitFromId(479769973): the mineral BM's SCVs are sent to (§1.5).
      const mf::PlacedUnit* mineral = map->objects.unit(479769973);
      REQUIRE(mineral != nullptr);
      CHECK(mineral->unit_type == "MineralField");
      CHECK(mineral->position.x >= 23.0f);
      CHECK(mineral->position.x <= 25.0f);
    }
    if (name == "CollectMineralsAndGas") {
      std::vector<std::pair<float, float>> seen;
      for (const mf::PlacedUnit& unit : map->objects.units) {
        if (unit.unit_type == "VespeneGeyser") seen.emplace_back(unit.position.x, unit.position.y);
      }
      std::sort(seen.begin(), seen.end());
      const std::vector<std::pair<float, float>> want = {{26.5f, 20.5f}, {26.5f, 34.5f}, {39.5f, 20.5f}, {39.5f, 34.5f}};
      CHECK(seen == want);
    }
  }
}

TEST_CASE("mapfile: MoveToBeacon's and FindAndDefeatZerglings' regions have the spec's shapes and strings") {
  if (const MapData* map = load(mini_games_dir(), "MoveToBeacon")) {
    const mf::Region* beacon = map->region(2);
    REQUIRE(beacon != nullptr);
    CHECK(beacon->name == "Beacon Area");
    REQUIRE(beacon->shapes.size() == 1);
    CHECK(beacon->shapes[0].kind == mf::RegionShape::Kind::circle);
    CHECK(beacon->shapes[0].center.x == doctest::Approx(26.4677f));
    CHECK(beacon->shapes[0].center.y == doctest::Approx(31.582f));
    CHECK(beacon->shapes[0].radius == 1.25f);
    // Region 3: the rect minus the circle (33,28) r4 around the marine's area.
    const mf::Region* spawn = map->region(3);
    REQUIRE(spawn != nullptr);
    CHECK(spawn->name == "Beacon Spawn Region");
    REQUIRE(spawn->shapes.size() == 2);
    CHECK(spawn->shapes[1].negative);
    CHECK(spawn->shapes[1].radius == 4.0f);
    CHECK_FALSE(spawn->contains({33, 28}));
    CHECK_FALSE(spawn->contains({36.9f, 28}));
    CHECK(spawn->contains({37.1f, 28}));
    CHECK(spawn->contains({24, 22}));
    CHECK_FALSE(spawn->contains({23, 22}));
    // Region 1's centre is the negative circle's centre (the spec's check of quad order).
    CHECK(map->region(1)->bounds()->center().x == doctest::Approx(33.0f).epsilon(0.001));
    CHECK(map->region(1)->bounds()->center().y == doctest::Approx(28.0f));
    CHECK(map->document_name() == "Movement01");
    CHECK(map->strings.at("Param/Value/66693773") == "Move Marine to Beacon");
    CHECK(map->strings.at("Param/Expression/06938B21") == "Curriculum Score: ~A~");
    CHECK(map->game_data.entries.empty());
  }
  if (const MapData* map = load(mini_games_dir(), "DefeatRoaches")) {
    CHECK(map->document_name() == "CombatFocus");
    const mf::Region* left = map->region(4);
    const mf::Region* right = map->region(5);
    REQUIRE(left != nullptr);
    REQUIRE(right != nullptr);
    CHECK(left->name == "Spawn Region Left");
    CHECK(right->name == "Spawn Region Right");
    CHECK(left->shapes[0].min.x == doctest::Approx(23.97f).epsilon(0.001));
    CHECK(right->shapes[0].max.x == doctest::Approx(42.04f).epsilon(0.001));
  }
  if (const MapData* map = load(mini_games_dir(), "FindAndDefeatZerglings")) {
    const mf::Region* inner = map->region(4);
    REQUIRE(inner != nullptr);
    CHECK(inner->name == "Zergling Spawn Inner");
    CHECK(inner->contains({32 + 8.5f, 28}));
    CHECK_FALSE(inner->contains({32 + 7.0f, 28}));
    CHECK_FALSE(inner->contains({32 + 10.0f, 28}));
    int invisible = 0;
    for (int id = 5; id <= 12; ++id) {
      const mf::Region* corner = map->region(id);
      REQUIRE(corner != nullptr);
      invisible += corner->invisible ? 1 : 0;
    }
    CHECK(invisible == 8);
  }
}

TEST_CASE("mapfile: the 23 SMAC files give the spec's size, tileset, slots, points and terrain") {
  for (const std::string& name : smac_maps()) {
    const MapData* map = load(smac_maps_dir(), name);
    if (!map) continue;
    INFO(name);
    CHECK(map->name == name);
    CHECK(map->info.width == 32);
    CHECK(map->info.height == 32);
    CHECK(map->info.camera == mf::CameraBounds{0, 0, 32, 32});
    CHECK(map->regions.empty());  // no Regions file in SMAC's maps
    CHECK(map->objects.start_locations().empty());
    CHECK(map->objects.units.empty());
    CHECK(dependency_names(*map) == std::vector<std::string>{"Liberty (Mod)"});
    CHECK(map->document_name() == "Just Another StarCraft II Map");
    CHECK(map->info.named_slots == named_players_in_strings(*map));
    const bool team = contains(kTeamMaps, name);
    const bool agria = name.rfind("3s_vs_", 0) == 0;
    const std::string tileset = agria                    ? "Agria"
                                : name == "2s_vs_1sc"    ? "Char"
                                : name == "6h_vs_8z"     ? "Redstone"
                                                         : "BraxisAlpha";
    CHECK(map->info.tileset == tileset);
    // Slots (§1.2): the team maps 1 user + 2 computer (control 4); the others only slot 1.
    REQUIRE(map->info.players.size() == (team ? 2u : 1u));
    CHECK(map->info.players[0].id == 1);
    CHECK(map->info.players[0].control == 1);
    CHECK(map->info.players[0].color == (team ? 1 : -1));
    CHECK(map->info.players[0].race == (team ? "Terr" : ""));
    if (team) {
      CHECK(map->info.players[1].id == 2);
      CHECK(map->info.players[1].control == 4);
      CHECK(map->info.players[1].color == 2);
      CHECK(map->info.players[1].ai == "Comp");
      check_point(*map, 1685340431, "Team 1", 9, 16);
      check_point(*map, 960597521, "Team 2", 23, 16);
      CHECK(map->objects.point(1685340431)->rotation == doctest::Approx(1.5705f));
      // Both armies stand at level 1, height 8 (the strip) or 7.996 (Agria's flat map).
      CHECK(map->terrain.height_at_vertex(9, 16) == doctest::Approx(8.0f).epsilon(0.001));
      CHECK(map->terrain.vertex_cliff_level[map->terrain.vertex_index(23, 16)] == 1);
      if (agria) {
        check_pathable(*map, 1024, {0, 31, 0, 31});
      } else {
        check_pathable(*map, 512, {0, 31, 8, 23});
        // The pits beside the strip are level 0.
        CHECK(map->terrain.vertex_cliff_level[map->terrain.vertex_index(16, 2)] == 0);
        CHECK(map->terrain.height_at_vertex(16, 2) <= 1.0f);
      }
    }
    CHECK(map->script.find("gt_Allunitsdied") != std::string::npos);
  }
}

TEST_CASE("mapfile: the seven other SMAC maps' points and pathing are the spec's") {
  if (const MapData* map = load(smac_maps_dir(), "2m_vs_1z")) {
    check_point(*map, 1947294914, "Marine 1", 13, 12);
    check_point(*map, 1498395705, "Marine 2", 19, 12);
    check_point(*map, 1527741439, "Zealot", 16, 19);
    check_pathable(*map, 352, {6, 25, 6, 25});
  }
  if (const MapData* map = load(smac_maps_dir(), "2s_vs_1sc")) {
    check_point(*map, 1728954762, "Stalker 1", 11.1208f, 10.338f);
    check_point(*map, 316092960, "Stalker 2", 16.976f, 10.3662f);
    check_point(*map, 2052372474, "Spine Crawler", 13.92f, 20.0397f);
    check_pathable(*map, 896, {0, 31, 0, 31});
    // The painted creep layer is carried along (not read): 125 cells around the crawler.
    const std::string* creep = map->files.find("CellAttribute_Cpl");
    REQUIRE(creep != nullptr);
    CHECK(std::count(creep->begin() + 4, creep->end(), '\xFF') == 125);
  }
  if (const MapData* map = load(smac_maps_dir(), "6h_vs_8z")) {
    check_point(*map, 1921204146, "Hydralisks", 14.5998f, 9.49f);
    check_point(*map, 845798559, "Zealots", 14.41f, 16.7597f);
    check_pathable(*map, 904, {0, 31, 0, 31});
  }
  if (const MapData* map = load(smac_maps_dir(), "bane_vs_bane")) {
    check_point(*map, 1218319601, "Team 1 Banelings", 16, 8);
    check_point(*map, 1265033589, "Team 1 Zerglings", 16, 11);
    check_point(*map, 773175926, "Team 2 Zerglings", 16, 21);
    check_point(*map, 1342296163, "Team 2 Banelings", 16, 24);
    check_pathable(*map, 352, {6, 25, 6, 25});
  }
  if (const MapData* map = load(smac_maps_dir(), "so_many_baneling")) {
    check_point(*map, 936447257, "Zealot Point", 11.469f, 12.0234f);
    check_point(*map, 848030598, "Baneling Point", 27.91f, 28.24f);
    check_point(*map, 99603886, "Attack Point", 4.47f, 4.3298f);
    check_pathable(*map, 300, {2, 29, 2, 29});
  }
  if (const MapData* map = load(smac_maps_dir(), "corridor")) {
    check_point(*map, 936447257, "Zealot Point", 19.0397f, 19.1198f);
    check_point(*map, 848030598, "Zergling Point", 27.91f, 28.24f);
    check_point(*map, 99603886, "Attack Point", 4.47f, 4.3298f);
    check_pathable(*map, 332, {2, 29, 2, 29});
    check_drawing(*map, {"################################", "################################",
                         "####################..........##", "####################..........##",
                         "##################............##", "##################............##",
                         "################..............##", "################..............##",
                         "##############................##", "##############................##",
                         "############..................##", "############..................##",
                         "############..................##", "############..................##",
                         "##############..............####", "##############..............####",
                         "##############............######", "##############............######",
                         "############..##################", "############..##################",
                         "##..........####################", "##..........####################",
                         "##..........####################", "##..........####################",
                         "##..........####################", "##..........####################",
                         "##..........####################", "##..........####################",
                         "##..........####################", "##..........####################",
                         "################################", "################################"});
  }
  if (const MapData* map = load(smac_maps_dir(), "2c_vs_64zg")) {
    check_point(*map, 316113603, "Colossi", 16, 16);
    check_point(*map, 479982783, "Zerglings", 16, 9);
    check_pathable(*map, 336, {0, 31, 6, 19});
    // Colossi on the level-2 plateau (height 10), zerglings on level 1 (height 8).
    CHECK(map->terrain.height_at_vertex(16, 16) == doctest::Approx(10.0f).epsilon(0.001));
    CHECK(map->terrain.vertex_cliff_level[map->terrain.vertex_index(16, 16)] == 2);
    CHECK(map->terrain.height_at_vertex(16, 9) == doctest::Approx(8.0f).epsilon(0.001));
    CHECK(map->terrain.vertex_cliff_level[map->terrain.vertex_index(16, 9)] == 1);
    // Ramps at x 4-6 and 25-27, y 13-18: cliff values 72/88/104, between levels 1 and 2.
    for (std::uint32_t y = 13; y <= 18; ++y) {
      for (const std::uint32_t x : {4u, 5u, 6u, 25u, 26u, 27u}) {
        const std::uint16_t level = map->terrain.cell_cliff_level[map->terrain.cell_index(x, y)];
        INFO("ramp cell " << x << "," << y);
        CHECK((level == 72 || level == 88 || level == 104));
      }
    }
    CHECK(map->terrain.cell_cliff(16, 16) == 2.0f);
    CHECK(map->terrain.cell_cliff(16, 9) == 1.0f);
    check_drawing(*map, {"################################", "################################",
                         "################################", "################################",
                         "################################", "################################",
                         "################################", "################################",
                         "################################", "################################",
                         "################################", "################################",
                         "########................########", "########................########",
                         "##............................##", "##............................##",
                         "................................", "................................",
                         "....########################....", "....########################....",
                         "................................", "................................",
                         "##............................##", "##............................##",
                         "####........................####", "####........................####",
                         "################################", "################################",
                         "################################", "################################",
                         "################################", "################################"});
  }
}

TEST_CASE("mapfile: SMAC's unit data lists the spec's custom types, in file order, with their values") {
  // §3.2: UnitData.xml's CUnit entries per map, in file order.
  const std::map<std::string, std::vector<std::string>> kUnits = {
      {"MMM", {"Marauder_RL", "Marine_RL", "Medivac_RL"}},   {"MMM2", {"Marauder_RL", "Marine_RL", "Medivac_RL"}},
      {"1c3s5z", {"Colosus_RL", "Stalker_RL", "Zealot_RL"}}, {"2c_vs_64zg", {"Colossus_RL"}},
      {"2m_vs_1z", {"Marine_RL"}},                           {"2s_vs_1sc", {"Stalker_RL"}},
      {"6h_vs_8z", {"Hydralisk_RL"}},                        {"bane_vs_bane", {"Baneling_RL", "Zergling_RL"}},
      {"corridor", {"Zealot_RL"}},                           {"so_many_baneling", {"Zealot_RL"}},
  };
  for (const std::string& name : smac_maps()) {
    const MapData* map = load(smac_maps_dir(), name);
    if (!map) continue;
    INFO(name);
    std::vector<std::string> want;
    if (const auto found = kUnits.find(name); found != kUnits.end()) {
      want = found->second;
    } else if (contains(kMarineMaps, name)) {
      want = {"Marine", "Marine_RL"};  // an override of Marine (Food 0) first
    } else {
      want = {"Stalker_RL", "Zealot_RL"};  // 2s3z, 3s5z, 3s5z_vs_3s6z, 3s_vs_3z/4z/5z
    }
    CHECK(new_unit_names(*map) == want);
    for (const mf::DataEntry* unit : map->game_data.units()) {
      CHECK(map->game_data.file_of(*unit) == "Base.SC2Data/GameData/UnitData.xml");
      CHECK(unit->parent.empty());  // the editor's copies name no parent (§1.6)
      if (unit->id == "Marine") {
        CHECK(unit->value("Food") == "0");
        CHECK(unit->fields.size() == 1);
        continue;
      }
      // Every _RL unit: passive acquisition, no response (SMAC's allies).
      CHECK(unit->value("DefaultAcquireLevel") == "Passive");
      CHECK(unit->value("Response") == "Nothing");
      CHECK(unit->field("FlagArray", "PreventDestroy") != nullptr);
    }
  }
  if (const MapData* map = load(smac_maps_dir(), "MMM")) {
    const mf::DataEntry* medivac = map->game_data.find("CUnit", "Medivac_RL");
    REQUIRE(medivac != nullptr);
    CHECK(medivac->value("Speed") == "2.75");
    CHECK(medivac->value("LifeMax") == "150");
    CHECK(medivac->value("Mover") == "Fly");
    CHECK(medivac->value("Height") == "3.75");
    CHECK(medivac->field("WeaponArray") == nullptr);
    // Flattened fields keep nested ones: the Marauder's command card.
    const mf::DataEntry* marauder = map->game_data.find("CUnit", "Marauder_RL");
    REQUIRE(marauder != nullptr);
    const std::vector<mf::FlatField> flat = marauder->flat_fields();
    CHECK(std::find(flat.begin(), flat.end(), mf::FlatField{"WeaponArray.Link", "PunisherGrenades", false}) != flat.end());
    CHECK(std::find(flat.begin(), flat.end(), mf::FlatField{"Attributes[Armored]", "1", false}) != flat.end());
    CHECK(std::find(flat.begin(), flat.end(), mf::FlatField{"CardLayouts.LayoutButtons.Face", "ConcussiveGrenade", false}) !=
          flat.end());
  }
  if (const MapData* map = load(mini_games_dir(), "BuildMarines")) {
    // BM edits command cards with removed="1" (§1.6).
    bool removed = false;
    for (const mf::DataEntry* unit : map->game_data.units()) {
      for (const mf::FlatField& f : unit->flat_fields()) removed = removed || f.removed;
    }
    CHECK(removed);
  }
  if (const MapData* map = load(mini_games_dir(), "CollectMineralShards")) {
    const mf::DataEntry* pickup = map->game_data.find("CValidatorCombine", "PickupCheck");
    REQUIRE(pickup != nullptr);
    CHECK(map->game_data.file_of(*pickup) == "Base.SC2Data/GameData/ValidatorData.xml");
  }
}

TEST_CASE("mapfile: a real map read from its path, from its bytes and from an unpacked folder is the same MapData") {
  if (!have_smpq()) return;
  std::vector<std::pair<fs::path, std::string>> maps;
  for (const std::string& name : kMiniGames) maps.emplace_back(mini_games_dir(), name);
  for (const std::string& name : smac_maps()) maps.emplace_back(smac_maps_dir(), name);
  for (const auto& [folder, name] : maps) {
    const MapData* from_path = load(folder, name);
    if (!from_path) continue;
    INFO(name);
    const fs::path archive = folder / (name + ".SC2Map");
    // PySC2 sends map_data with map_path "mini_games/MoveToBeacon.SC2Map".
    const MapData from_bytes = mf::read_map_bytes(read_file(archive), folder.filename().string() + "/" + name + ".SC2Map");
    CHECK(from_bytes == *from_path);
    TempDir temp("unpacked");
    const fs::path unpacked = temp.path() / (name + ".SC2Map");
    unpack_with_smpq(archive, unpacked);
    const MapData from_folder = mf::read_map(unpacked);
    CHECK(joined(from_folder.files.names()) == joined(from_path->files.names()));
    CHECK(from_folder == *from_path);
    // Every file is there, the ones sc2lite does not parse included (33-40 per map).
    CHECK(from_path->files.size() >= 30);
    CHECK(from_path->files.contains("t3Terrain.xml"));
    CHECK(from_path->files.contains("Triggers"));
    CHECK_FALSE(from_path->files.contains("(listfile)"));
  }
}
