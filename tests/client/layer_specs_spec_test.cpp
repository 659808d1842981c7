// Every row of the feature-layer tables in pysc2-features.md §1 (screen 27, minimap 11)
// against the client's layer specs: order, name, proto field, bits per pixel, type, scale
// and clipping. Skipped with a message when ../shared is absent.
#include <doctest/doctest.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "client/pysc2/features.h"
#include "tests/shared_dir.h"

using namespace sc2::pysc2;

namespace {

struct SpecRow {
  int index = 0;
  std::string name, proto_field, bpp, type, scale, clip;
};

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

// The numbered rows of the markdown table under `heading` ("### Screen", "### Minimap").
std::vector<SpecRow> table_rows(const std::string& heading) {
  std::ifstream in(sc2::test::shared_dir() / "spec/pysc2-features.md");
  REQUIRE(in.good());
  std::vector<SpecRow> rows;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind("###", 0) == 0 || line.rfind("## ", 0) == 0) inside = line.rfind(heading, 0) == 0;
    if (!inside || line.rfind("| ", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream stream(line.substr(1));
    std::string cell;
    while (std::getline(stream, cell, '|')) cells.push_back(trim(cell));
    if (cells.empty() || cells[0].empty() || !std::isdigit(static_cast<unsigned char>(cells[0][0]))) continue;
    REQUIRE(cells.size() >= 7);
    SpecRow row;
    row.index = std::stoi(cells[0]);
    row.name = cells[1];
    row.proto_field = cells[2];
    row.bpp = cells[3];
    row.type = cells[4];
    row.scale = cells[5];
    row.clip = heading == "### Screen" ? cells[7] : "no";  // "Minimap layers never clip."
    rows.push_back(row);
  }
  return rows;
}

void check_layers(const std::vector<LayerSpec>& layers, const std::vector<SpecRow>& rows) {
  REQUIRE(rows.size() == layers.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SpecRow& row = rows[i];
    const LayerSpec& layer = layers[i];
    CAPTURE(row.name);
    CHECK(row.index == static_cast<int>(i));
    CHECK(layer.name == row.name);
    CHECK(row.proto_field == std::string(layer.name) + " = " + std::to_string(layer.proto_field));
    CHECK(row.bpp == std::to_string(layer.bpp));
    CHECK(row.type == (layer.kind == LayerKind::scalar ? "SCALAR" : "CATEGORICAL"));
    CHECK(row.scale == std::to_string(layer.scale));
    CHECK(row.clip == (layer.clip ? "yes" : "no"));
  }
}

}  // namespace

TEST_CASE("screen layer specs match pysc2-features.md row by row") {
  if (!sc2::test::have_shared("spec/pysc2-features.md")) return;
  const std::vector<SpecRow> rows = table_rows("### Screen");
  CHECK(rows.size() == 27);
  check_layers(screen_layers(), rows);
}

TEST_CASE("minimap layer specs match pysc2-features.md row by row") {
  if (!sc2::test::have_shared("spec/pysc2-features.md")) return;
  const std::vector<SpecRow> rows = table_rows("### Minimap");
  CHECK(rows.size() == 11);
  check_layers(minimap_layers(), rows);
}
