// Unit type names (app/unit_type_names.h): every unit type of the spec's tables has its name,
// including the mini-game units PySC2's list lacks (the MoveToBeacon beacon), so the world
// view labels and the inspector never fall back to "unit type N" for them.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "app/views/unit_type_names.h"
#include "app/views/world_view_logic.h"
#include "tests/shared_dir.h"

namespace {

// (id, name) of a TSV with columns named unit_type_id and name.
std::vector<std::pair<int, std::string>> read_names(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::stringstream cells(line); std::getline(cells, line, '\t');) header.push_back(line);
  const auto column = [&](const std::string& name) {
    for (std::size_t i = 0; i < header.size(); ++i) {
      if (header[i] == name) return static_cast<int>(i);
    }
    return -1;
  };
  const int id_column = column("unit_type_id"), name_column = column("name");
  REQUIRE(id_column >= 0);
  REQUIRE(name_column >= 0);
  std::vector<std::pair<int, std::string>> rows;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream stream(line);
    for (std::string cell; std::getline(stream, cell, '\t');) cells.push_back(cell);
    if (static_cast<int>(cells.size()) <= std::max(id_column, name_column)) continue;
    rows.emplace_back(std::stoi(cells[static_cast<std::size_t>(id_column)]), cells[static_cast<std::size_t>(name_column)]);
  }
  return rows;
}

}  // namespace

TEST_CASE("the MoveToBeacon beacon and the mineral shard have names") {
  CHECK(sc2::app::unit_type_label(317) == "Beacon_Terran");
  CHECK(sc2::app::unit_type_label(1680) == "NaturalMinerals");
  CHECK(sc2::app::unit_type_label(48) == "Marine");
  CHECK(sc2::app::layer_value_meaning("unit_type", 317, false, 1962) == "Beacon_Terran");
  // Ids nobody names still say what they are.
  CHECK(sc2::app::unit_type_label(99999) == "unit type 99999");
  CHECK(sc2::app::find_unit_type(-1) == nullptr);
}

TEST_CASE("every unit type of pysc2-unit-types.tsv and sc2-game-data.tsv is named") {
  for (const char* file : {"spec/pysc2-unit-types.tsv", "spec/sc2-game-data.tsv"}) {
    if (!sc2::test::have_shared(file)) continue;
    const auto rows = read_names(sc2::test::shared_dir() / file);
    CHECK(rows.size() > 10);
    for (const auto& [id, name] : rows) {
      INFO(file << ": " << id << " " << name);
      const sc2::app::UnitTypeName* found = sc2::app::find_unit_type(id);
      REQUIRE(found != nullptr);
      // PySC2's list wins where both name a type; the game data names the rest.
      if (std::string(file) == "spec/pysc2-unit-types.tsv") CHECK(found->name == name);
    }
  }
}

TEST_CASE("the world view labels the beacon by name") {
  sc2::pysc2::RawView raw;
  sc2::pysc2::RawUnit& beacon = raw.units.emplace_back();
  beacon.unit_type = 317;
  beacon.alliance = sc2::pysc2::Alliance::neutral;
  beacon.owner = 16;
  beacon.pos = {10, 10, 0};
  beacon.radius = 1.0f;
  const auto labels = sc2::app::unit_labels(raw, sc2::render::WorldRect{0, 0, 24, 24}, true);
  REQUIRE(labels.size() == 1);
  CHECK(labels[0].text == "Beacon_Terran");
}

TEST_CASE("the inspector names the value under the cursor for every kind of layer (table)") {
  struct Row {
    const char* layer;
    int value;
    bool scalar;
    int scale;
    const char* meaning;
  };
  const Row rows[] = {
      {"player_relative", 0, false, 5, "background"}, {"player_relative", 1, false, 5, "self"},
      {"player_relative", 4, false, 5, "enemy"},      {"player_relative", 7, false, 5, "out of range"},
      {"visibility_map", 0, false, 4, "hidden"},      {"visibility_map", 1, false, 4, "seen (fogged)"},
      {"visibility_map", 2, false, 4, "visible"},     {"player_id", 16, false, 17, "neutral (16)"},
      {"player_id", 2, false, 17, "player 2"},        {"camera", 1, false, 2, "inside the camera"},
      {"height_map", 128, true, 256, "height 128 of 255"},
      {"unit_hit_points_ratio", 255, true, 256, "255 of 255 = 100%"},
      {"selected", 1, false, 2, "yes"},               {"creep", 0, false, 2, "no"},
      {"unit_hit_points", 45, true, 1600, "45 (scale 1600)"},
      {"unit_type", 0, false, 1962, "none"},          {"unit_type", 48, false, 1962, "Marine"},
  };
  for (const Row& row : rows) {
    INFO(row.layer << " = " << row.value);
    CHECK(sc2::app::layer_value_meaning(row.layer, row.value, row.scalar, row.scale) == row.meaning);
  }
}

TEST_CASE("a map's own unit types take the names the game reports, PySC2's names keep theirs") {
  CHECK(sc2::app::unit_type_label(1962) == "unit type 1962");
  auto names = std::make_shared<const std::map<std::uint32_t, std::string>>(
      std::map<std::uint32_t, std::string>{{1962, "Stalker_RL"}, {48, "NotAMarine"}});
  sc2::app::use_game_unit_type_names(names);
  CHECK(sc2::app::unit_type_label(1962) == "Stalker_RL");
  CHECK(sc2::app::unit_type_label(48) == "Marine");  // PySC2's list first
  CHECK(sc2::app::layer_value_meaning("unit_type", 1962, false, 0) == "Stalker_RL");
  CHECK(sc2::app::unit_type_label(1963) == "unit type 1963");
  sc2::app::use_game_unit_type_names(nullptr);  // a new game that names none
  CHECK(sc2::app::unit_type_label(1962) == "unit type 1962");
}
