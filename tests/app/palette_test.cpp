// The generated palette table against PySC2's palettes (shared/spec/pysc2-palettes.tsv),
// row by row, and the layer -> palette rules of pysc2-features.md.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "render/palette.h"
#include "tests/shared_dir.h"

using sc2::render::Palette;
using sc2::render::Rgb;

namespace {

struct TsvRow {
  std::string palette;
  int index;
  double rgb[3];
};

std::vector<TsvRow> read_palettes(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  std::vector<TsvRow> rows;
  while (std::getline(in, line)) {
    std::stringstream cells(line);
    TsvRow row;
    std::string cell;
    std::getline(cells, row.palette, '\t');
    std::getline(cells, cell, '\t');
    row.index = std::stoi(cell);
    for (double& channel : row.rgb) {
      std::getline(cells, cell, '\t');
      channel = std::stod(cell);
    }
    rows.push_back(row);
  }
  return rows;
}

// The hot palette's construction (pysc2-features.md section 4) for sizes the TSV lacks.
double hot_channel(int index, int size, int channel) {
  if (index == 0) return 0.0;
  const double points[4] = {0.0, 0.2, 0.6, 1.0};
  const double colors[4][3] = {{127.5, 0, 0}, {255, 0, 0}, {255, 255, 0}, {255, 255, 255}};
  const double v = static_cast<double>(index) / size;
  int segment = 0;
  while (segment < 2 && v > points[segment + 1]) ++segment;
  const double t = (v - points[segment]) / (points[segment + 1] - points[segment]);
  return colors[segment][channel] + (colors[segment + 1][channel] - colors[segment][channel]) * t;
}

}  // namespace

TEST_CASE("every tabulated palette matches pysc2-palettes.tsv row by row") {
  if (!sc2::test::have_shared("spec/pysc2-palettes.tsv")) return;
  const auto rows = read_palettes(sc2::test::shared_dir() / "spec/pysc2-palettes.tsv");
  REQUIRE(rows.size() > 3000);
  std::map<std::string, int> counts;
  int compared = 0;
  for (const TsvRow& row : rows) {
    ++counts[row.palette];
    if (row.palette == "distinct_colors") continue;  // an input of the unit_type palette, not a layer palette
    const Palette* palette = sc2::render::find_palette(row.palette);
    REQUIRE_MESSAGE(palette != nullptr, "palette missing from the table: " << row.palette);
    REQUIRE(row.index < palette->size());
    const Rgb color = palette->color(row.index);
    const std::uint8_t ours[3] = {color.r, color.g, color.b};
    for (int c = 0; c < 3; ++c) {
      INFO(row.palette << "[" << row.index << "] channel " << c);
      CHECK(std::abs(ours[c] - row.rgb[c]) <= 0.5);
    }
    ++compared;
  }
  CHECK(compared > 2800);  // every row but the 350 distinct_colors
  for (const auto& [name, count] : counts) {
    if (name == "distinct_colors") continue;
    CHECK_MESSAGE(sc2::render::find_palette(name)->size() == count, name);
  }
}

TEST_CASE("hot(1000) and hot(1600) follow the piece-wise construction") {
  for (int size : {1000, 1600}) {
    const Palette* palette = sc2::render::find_palette("hot_" + std::to_string(size));
    REQUIRE(palette != nullptr);
    REQUIRE(palette->size() == size);
    for (int i = 0; i < size; i += 37) {
      const Rgb color = palette->color(i);
      CHECK(std::abs(color.r - hot_channel(i, size, 0)) <= 0.5);
      CHECK(std::abs(color.g - hot_channel(i, size, 1)) <= 0.5);
      CHECK(std::abs(color.b - hot_channel(i, size, 2)) <= 0.5);
    }
  }
}

TEST_CASE("layers get PySC2's palettes with sizes equal to the layer scales") {
  using sc2::render::palette_for_layer;
  using sc2::render::style_for_layer;
  CHECK(palette_for_layer("player_relative", false).color(1) == Rgb{0, 142, 0});
  CHECK(palette_for_layer("player_id", false).color(16) == Rgb{129, 166, 196});
  CHECK(palette_for_layer("height_map", false).size() == 256);
  CHECK(palette_for_layer("unit_type", false).size() == 1962);
  CHECK(palette_for_layer("unit_type", true).size() == 1962);
  CHECK(palette_for_layer("buffs", false).size() == 290);
  CHECK(palette_for_layer("unit_hit_points", false).size() == 1600);
  CHECK(palette_for_layer("unit_energy", false).size() == 1000);
  CHECK(palette_for_layer("unit_density", false).size() == 16);
  CHECK(palette_for_layer("visibility_map", true).size() == 3);
  CHECK(palette_for_layer("camera", true).color(1) == Rgb{153, 153, 153});
  // "selected" differs: screen uses its own palette, minimap uses winter(2).
  CHECK(palette_for_layer("selected", false).name == "selected");
  CHECK(palette_for_layer("selected", true).name == "winter_2");
  CHECK(palette_for_layer("hallucinations", false).name == "power");
  // Clipping: only the screen's absolute unit stats and density.
  CHECK(style_for_layer("unit_hit_points", false).clip);
  CHECK(style_for_layer("unit_density", false).clip);
  CHECK_FALSE(style_for_layer("unit_density_aa", false).clip);
  CHECK_FALSE(style_for_layer("player_relative", false).clip);
  CHECK_FALSE(style_for_layer("height_map", true).clip);
}

TEST_CASE("unknown layers and out-of-range values still colour safely") {
  CHECK(sc2::render::palette_for_layer("no_such_layer", false).name == "hot_256");
  CHECK(sc2::render::find_palette("nope") == nullptr);
  const Palette& visibility = sc2::render::palette_for_layer("visibility_map", false);
  CHECK(visibility.color(3) == Rgb{255, 0, 255});   // PySC2 has no entry for 3
  CHECK(visibility.color(-1, Rgb{1, 2, 3}) == Rgb{1, 2, 3});
  CHECK(sc2::render::scaled(Rgb{200, 100, 10}, 0.5f) == Rgb{100, 50, 5});
  CHECK(sc2::render::scaled(Rgb{200, 100, 10}, 2.0f) == Rgb{255, 200, 20});
}
