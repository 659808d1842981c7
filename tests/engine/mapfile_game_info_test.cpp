// game_info's start_raw from a map file (engine/mapfile/game_info_grids.h) in the real
// game's encodings. The encodings are checked against the only real game_info we have, Abyssal
// Reef LE recorded from a 5.0.11 game (../shared/fixtures/real-sc2/, with the observation of
// the same game's loop 0); we have no map file of Abyssal Reef, so the fixture shows what it
// can (bit and row order, height scaling, what lies outside the playable area, ramps) and
// our maps are checked to come out the same way.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>

#include "engine/mapfile/game_info_grids.h"
#include "s2clientprotocol/sc2api.pb.h"
#include "tests/engine/mapfile_test_util.h"

namespace {

using namespace sc2::test::mapfile;
using mf::GameInfoGrids;

template <typename Message>
bool load_fixture(const std::string& file, Message& message) {
  if (!sc2::test::have_shared("fixtures/real-sc2/" + file)) return false;
  std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2" / file, std::ios::binary);
  REQUIRE(message.ParseFromString(std::string(std::istreambuf_iterator<char>(in), {})));
  return true;
}

// A cell of a 1-bit grid, reading `high_first` (the first cell in bit 7) or low first.
int bit_at(const std::string& data, int width, int x, int y, bool high_first = true) {
  const std::size_t i = static_cast<std::size_t>(y) * width + x;
  const int shift = high_first ? 7 - static_cast<int>(i % 8) : static_cast<int>(i % 8);
  return (static_cast<std::uint8_t>(data[i / 8]) >> shift) & 1;
}

// Neighbouring cells along rows that differ: a real map's grid is made of large areas.
int row_changes(const std::string& data, int width, int height, bool high_first) {
  int changes = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x + 1 < width; ++x) changes += bit_at(data, width, x, y, high_first) != bit_at(data, width, x + 1, y, high_first);
  }
  return changes;
}

struct RealGameInfo {
  SC2APIProtocol::ResponseGameInfo info;
  SC2APIProtocol::ResponseObservation observation;
};

bool load_real(RealGameInfo& real) {
  SC2APIProtocol::Response response;
  if (!load_fixture("abyssal_reef_response_game_info.pb", response)) return false;
  if (!load_fixture("abyssal_reef_response_observation.pb", real.observation)) return false;
  REQUIRE(response.has_game_info());
  real.info = response.game_info();
  return true;
}

const mf::MapData* load_map(const fs::path& folder, const std::string& name) {
  static std::map<std::string, mf::MapData> cache;
  if (const auto found = cache.find(name); found != cache.end()) return &found->second;
  const std::optional<fs::path> path = real_map(folder, name);
  if (!path) return nullptr;
  return &cache.emplace(name, mf::read_map(*path)).first->second;
}

}  // namespace

TEST_CASE("mapfile: the real game_info packs 1-bit grids high bit first, rows unpadded, rows from y 0 up") {
  RealGameInfo real;
  if (!load_real(real)) return;
  const auto& raw = real.info.start_raw();
  const int w = raw.map_size().x();
  const int h = raw.map_size().y();
  CHECK(w == 200);
  CHECK(h == 176);
  for (const auto* grid : {&raw.pathing_grid(), &raw.placement_grid()}) {
    CHECK(grid->bits_per_pixel() == 1);
    CHECK(grid->size().x() == w);
    CHECK(grid->size().y() == h);
    CHECK(grid->data().size() == static_cast<std::size_t>((w * h + 7) / 8));  // no row padding
  }
  CHECK(raw.terrain_height().bits_per_pixel() == 8);
  CHECK(raw.terrain_height().data().size() == static_cast<std::size_t>(w * h));
  // High bit first: read so, the pathing grid is large areas; read low bit first, every byte's
  // cells are scrambled and the edges between areas nearly double (1246 vs 2160).
  const int high = row_changes(raw.pathing_grid().data(), w, h, true);
  const int low = row_changes(raw.pathing_grid().data(), w, h, false);
  CHECK(high * 3 < low * 2);
  // Rows from y = 0: every unit of the same game's loop 0 stands at the height its own cell's
  // byte gives (-16 + 32 * byte / 255, within the byte's step); the flipped row is far off.
  const std::string& heights = raw.terrain_height().data();
  REQUIRE(real.observation.observation().raw_data().units_size() == 179);
  float worst = 0;
  float worst_flipped = 0;
  int same_byte = 0;
  for (const auto& unit : real.observation.observation().raw_data().units()) {
    const int x = static_cast<int>(unit.pos().x());
    const int y = static_cast<int>(unit.pos().y());
    const auto byte = static_cast<std::uint8_t>(heights[static_cast<std::size_t>(y) * w + x]);
    const auto flipped = static_cast<std::uint8_t>(heights[static_cast<std::size_t>(h - 1 - y) * w + x]);
    worst = std::max(worst, std::fabs(unit.pos().z() - mf::height_of_terrain_byte(byte)));
    worst_flipped = std::max(worst_flipped, std::fabs(unit.pos().z() - mf::height_of_terrain_byte(flipped)));
    // Our encoding of the unit's height gives its cell's byte back.
    same_byte += mf::terrain_height_byte(unit.pos().z()) == byte;
  }
  CHECK(worst < 32.0f / 255.0f);
  // All but one: a unit standing on a cell corner of a slope (9.4667 where its cell says 9.475).
  CHECK(same_byte >= 178);
  CHECK(worst_flipped > 10.0f);
}

TEST_CASE("mapfile: the real game_info is zero outside the playable area and lists the other start locations only") {
  RealGameInfo real;
  if (!load_real(real)) return;
  const auto& raw = real.info.start_raw();
  const int w = raw.map_size().x();
  const int h = raw.map_size().y();
  const mf::CellArea area{raw.playable_area().p0().x(), raw.playable_area().p0().y(), raw.playable_area().p1().x(),
                          raw.playable_area().p1().y()};
  CHECK(area == mf::CellArea{24, 4, 176, 140});
  const std::string& heights = raw.terrain_height().data();
  int outside = 0;
  int outside_nonzero = 0;
  int inside_zero = 0;
  int inside_pathable = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const bool in = area.contains(x, y);
      const bool zero = heights[static_cast<std::size_t>(y) * w + x] == 0;
      const int path = bit_at(raw.pathing_grid().data(), w, x, y);
      const int place = bit_at(raw.placement_grid().data(), w, x, y);
      if (!in) {
        ++outside;
        outside_nonzero += !zero || path || place;
      } else {
        inside_zero += zero;
        inside_pathable += path;
      }
    }
  }
  CHECK(outside == 14528);
  CHECK(outside_nonzero == 0);
  CHECK(inside_zero == 0);
  CHECK(inside_pathable > 10000);
  // The four cliff levels' heights 0, 8, 10, 12 are the commonest bytes, and our encoding gives
  // them: 127, 191, 207, 223 (floor of (h + 16) * 255 / 32).
  std::map<int, int> counts;
  for (const char c : heights) ++counts[static_cast<std::uint8_t>(c)];
  counts.erase(0);
  std::vector<std::pair<int, int>> by_count;
  for (const auto& [byte, count] : counts) by_count.emplace_back(count, byte);
  std::sort(by_count.rbegin(), by_count.rend());
  std::vector<int> top = {by_count[0].second, by_count[1].second, by_count[2].second, by_count[3].second};
  std::sort(top.begin(), top.end());
  CHECK(top == std::vector<int>{127, 191, 207, 223});
  CHECK(mf::terrain_height_byte(0.0f) == 127);
  CHECK(mf::terrain_height_byte(8.0f) == 191);
  CHECK(mf::terrain_height_byte(10.0f) == 207);
  CHECK(mf::terrain_height_byte(12.0f) == 223);
  // Start locations: the player's own (its Command Center at (161.5,21.5)) is left out.
  REQUIRE(raw.start_locations_size() == 1);
  CHECK(raw.start_locations(0).x() == 38.5f);
  CHECK(raw.start_locations(0).y() == 122.5f);
  bool own_town_hall = false;
  for (const auto& unit : real.observation.observation().raw_data().units()) {
    if (unit.alliance() == SC2APIProtocol::Self && unit.unit_type() == 18) {
      own_town_hall = unit.pos().x() == 161.5f && unit.pos().y() == 21.5f;
    }
  }
  CHECK(own_town_hall);
}

TEST_CASE("mapfile: in the real game_info ramps are pathable but not placeable, as cell_placeable makes them") {
  RealGameInfo real;
  if (!load_real(real)) return;
  const auto& raw = real.info.start_raw();
  const int w = raw.map_size().x();
  const int h = raw.map_size().y();
  const std::string& heights = raw.terrain_height().data();
  int ramp_pathable = 0;
  int ramp_placeable = 0;
  int placeable_not_pathable = 0;
  int placeable = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int byte = static_cast<std::uint8_t>(heights[static_cast<std::size_t>(y) * w + x]);
      const int path = bit_at(raw.pathing_grid().data(), w, x, y);
      const int place = bit_at(raw.placement_grid().data(), w, x, y);
      placeable += place;
      placeable_not_pathable += place && !path;
      const bool on_level = byte == 127 || byte == 191 || byte == 207 || byte == 223;
      if (byte != 0 && !on_level && path) {
        ++ramp_pathable;
        ramp_placeable += place;
      }
    }
  }
  CHECK(ramp_pathable > 600);
  CHECK(ramp_placeable * 100 < ramp_pathable);  // 2 of 689
  CHECK(placeable_not_pathable * 100 < placeable);  // 55 of 11,984: placement lies within pathing
}

TEST_CASE("mapfile: game_info_grids packs a map as the real game does") {
  // A 9x3 map (27 cells: 4 bytes, the last one partly used), heights per cell known.
  mf::MapData map;
  map.info.width = 9;
  map.info.height = 3;
  map.info.camera = {1, 0, 9, 3};
  mf::Terrain& t = map.terrain;
  t.width = 9;
  t.height = 3;
  t.vertex_height.assign(10 * 4, 8.0f);
  t.vertex_cliff_level.assign(10 * 4, 1);
  t.cell_flags.assign(27, 0x02);
  t.cell_cliff_level.assign(27, 64);
  t.cell_flags[t.cell_index(3, 0)] = 0x03;    // a cliff cell
  t.cell_cliff_level[t.cell_index(5, 1)] = 88;  // a ramp cell
  t.vertex_height[t.vertex_index(9, 3)] = 12.0f;  // one corner of cell (8,2) raised: mean 9
  map.objects.points = {{1, "A", "StartLoc", {2.5f, 1.5f, 0}, 0}, {2, "B", "Normal", {4, 1, 0}, 0},
                        {3, "C", "StartLoc", {7.5f, 1.5f, 0}, 0}};

  const GameInfoGrids all = mf::game_info_grids(map);
  CHECK(all.map_width == 9);
  CHECK(all.map_height == 3);
  CHECK(all.playable_area == mf::CellArea{1, 0, 9, 3});  // the camera bounds by default
  CHECK(all.pathing_grid.bits_per_pixel == 1);
  CHECK(all.pathing_grid.width == 9);
  CHECK(all.pathing_grid.height == 3);
  REQUIRE(all.pathing_grid.data.size() == 4);
  // Row 0: x 0 outside the playable area, x 3 a cliff: 0110 1111, then x 8 and row 1 follow.
  CHECK(static_cast<std::uint8_t>(all.pathing_grid.data[0]) == 0b01101111);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 9; ++x) {
      INFO(x << "," << y);
      const bool pathable = x >= 1 && !(x == 3 && y == 0);
      CHECK(bit_at(all.pathing_grid.data, 9, x, y) == pathable);
      CHECK(bit_at(all.placement_grid.data, 9, x, y) == (pathable && !(x == 5 && y == 1)));
      const auto byte = static_cast<std::uint8_t>(all.terrain_height.data[static_cast<std::size_t>(y) * 9 + x]);
      CHECK(byte == (x == 0 ? 0 : x == 8 && y == 2 ? 199 : 191));
    }
  }
  // The unused bits of the last byte are 0.
  CHECK((static_cast<std::uint8_t>(all.pathing_grid.data[3]) & 0x1F) == 0);
  CHECK(all.terrain_height.bits_per_pixel == 8);
  CHECK(all.terrain_height.data.size() == 27);
  // Start locations: both StartLoc points (not the plain point), or all but the player's own.
  CHECK(all.start_locations == std::vector<mf::MapPoint>{{2.5f, 1.5f}, {7.5f, 1.5f}});
  const GameInfoGrids own = mf::game_info_grids(map, {.own_start_location = 0});
  CHECK(own.start_locations == std::vector<mf::MapPoint>{{7.5f, 1.5f}});
  // A playable area given by the game (a script's RegionPlayableMapSet) replaces the camera's.
  const GameInfoGrids smaller = mf::game_info_grids(map, {.playable_area = mf::CellArea{4, 1, 6, 2}});
  CHECK(smaller.playable_area == mf::CellArea{4, 1, 6, 2});
  CHECK(std::count(smaller.terrain_height.data.begin(), smaller.terrain_height.data.end(), '\0') == 25);
  // One larger than the map is clamped into it.
  CHECK(mf::game_info_grids(map, {.playable_area = mf::CellArea{-5, -5, 50, 50}}).playable_area ==
        mf::CellArea{0, 0, 9, 3});
}

TEST_CASE("mapfile: terrain height bytes, region areas and bit packing at their edges") {
  CHECK(mf::terrain_height_byte(-16.0f) == 0);
  CHECK(mf::terrain_height_byte(-100.0f) == 0);
  CHECK(mf::terrain_height_byte(16.0f) == 255);
  CHECK(mf::terrain_height_byte(1e30f) == 255);
  CHECK(mf::terrain_height_byte(std::nanf("")) == 0);
  CHECK(mf::terrain_height_byte(-std::numeric_limits<float>::infinity()) == 0);
  for (int byte = 0; byte < 256; ++byte) {
    // A byte read back and encoded again is the same byte (floor never drops below it).
    const float h = mf::height_of_terrain_byte(static_cast<std::uint8_t>(byte)) + 0.001f;
    CHECK(mf::terrain_height_byte(h) == byte);
  }
  // BM's region 1 (19.94,19)-(45.94,37) -> (20,19)-(46,37); beyond the map is clamped.
  CHECK(mf::cell_area_of({{19.94f, 19.0f}, {45.94f, 37.0f}}, 64, 64) == mf::CellArea{20, 19, 46, 37});
  CHECK(mf::cell_area_of({{22.0002f, 20.0f}, {44.0f, 36.0f}}, 64, 64) == mf::CellArea{22, 20, 44, 36});
  CHECK(mf::cell_area_of({{-3.0f, 70.0f}, {100.0f, 80.0f}}, 64, 64) == mf::CellArea{0, 64, 64, 64});
  CHECK(mf::cell_area_of({{std::nanf(""), 0.0f}, {1e30f, 2.0f}}, 64, 64) == mf::CellArea{0, 0, 64, 2});
  CHECK(mf::pack_bits({}).empty());
  CHECK(mf::pack_bits({1}) == std::string("\x80", 1));
  CHECK(mf::pack_bits({0, 0, 0, 0, 0, 0, 0, 1, 1}) == std::string("\x01\x80", 2));
}

TEST_CASE("mapfile: game_info from MoveToBeacon's file: 64x64, flat at byte 191, pathable inside the playable area") {
  const mf::MapData* map = load_map(mini_games_dir(), "MoveToBeacon");
  if (!map) return;
  // The camera bounds by default; the script's playable region 1 when the game passes it.
  const GameInfoGrids camera = mf::game_info_grids(*map);
  CHECK(camera.playable_area == mf::CellArea{10, 8, 54, 44});
  const mf::CellArea region = mf::cell_area_of(*map->region(1)->bounds(), 64, 64);
  CHECK(region == mf::CellArea{22, 20, 44, 36});
  const GameInfoGrids info = mf::game_info_grids(*map, {.playable_area = region, .own_start_location = 0});
  CHECK(info.map_width == 64);
  CHECK(info.map_height == 64);
  CHECK(info.pathing_grid.data.size() == 512);
  CHECK(info.start_locations.empty());  // its one start location is player 1's
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 64; ++x) {
      const bool in = region.contains(x, y);
      INFO(x << "," << y);
      CHECK(bit_at(info.pathing_grid.data, 64, x, y) == in);
      CHECK(bit_at(info.placement_grid.data, 64, x, y) == in);
      CHECK(static_cast<std::uint8_t>(info.terrain_height.data[static_cast<std::size_t>(y) * 64 + x]) == (in ? 191 : 0));
    }
  }
}

TEST_CASE("mapfile: game_info from 2c_vs_64zg's file: ramps walkable not buildable, plateau and low ground heights") {
  const mf::MapData* map = load_map(smac_maps_dir(), "2c_vs_64zg");
  if (!map) return;
  const GameInfoGrids info = mf::game_info_grids(*map);
  CHECK(info.playable_area == mf::CellArea{0, 0, 32, 32});
  CHECK(info.start_locations.empty());
  auto byte_at = [&](int x, int y) { return static_cast<std::uint8_t>(info.terrain_height.data[static_cast<std::size_t>(y) * 32 + x]); };
  CHECK(byte_at(16, 16) == 207);  // plateau, height 10
  CHECK(byte_at(16, 9) == 191);   // low ground, height 8
  CHECK(byte_at(16, 2) <= 135);   // pit, height 0..1
  int ramps = 0;
  int between = 0;
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) {
      const bool pathable = map->terrain.pathable(x, y);
      CHECK(bit_at(info.pathing_grid.data, 32, x, y) == pathable);
      const bool ramp = map->terrain.cell_cliff_level[map->terrain.cell_index(x, y)] % 64 != 0;
      if (ramp && pathable) {
        ++ramps;
        CHECK(bit_at(info.placement_grid.data, 32, x, y) == 0);
        CHECK(byte_at(x, y) >= 191);
        CHECK(byte_at(x, y) <= 207);
        between += byte_at(x, y) > 191 && byte_at(x, y) < 207;
      }
    }
  }
  CHECK(ramps >= 12);
  CHECK(between >= ramps / 2);
}
