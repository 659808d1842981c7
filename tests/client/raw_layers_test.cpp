// PySC2 viewer's raw layers (client/pysc2/raw_layers.h, decoded by raw_grids.h into the
// observation's GameView and RawView): start_raw grids and map_state decoded from what sc2lite
// sends (compared cell by cell with the engine's own map), from the real game's recorded Abyssal
// Reef messages (known cells), and from malformed grids (empty layers, never an exception).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>

#include "client/pysc2/features.h"
#include "client/pysc2/raw_grids.h"
#include "client/pysc2/raw_layers.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/server/game.h"
#include "engine/server/observation_builder.h"
#include "tests/client/image_data_for_test.h"
#include "tests/shared_dir.h"

using namespace sc2::pysc2;
namespace api = SC2APIProtocol;
namespace eng = sc2::engine;

namespace {

std::string read_fixture(const char* name) {
  std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2" / name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open fixture " << name);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

const Layer& named(const std::array<const Layer*, 5>& layers, const char* name) {
  const auto found = std::find_if(layers.begin(), layers.end(), [&](const Layer* l) { return l->name == name; });
  REQUIRE_MESSAGE(found != layers.end(), "no layer " << name);
  return **found;
}

long sum(const Layer& layer) { return std::accumulate(layer.values.begin(), layer.values.end(), 0L); }

}  // namespace

TEST_CASE("raw layers come in the viewer's order with their kinds and palette sizes") {
  const Observation nothing = to_observation(api::ResponseObservation{}, ObservationSpec{});  // no game info
  const std::array<const Layer*, 5> layers = raw_layers(nothing);
  for (std::size_t i = 0; i < layers.size(); ++i) CHECK(layers[i]->name == kRawLayerNames[i]);
  CHECK(layers[0]->name == "terrain_height");
  CHECK(layers[0]->kind == LayerKind::scalar);
  CHECK(layers[0]->scale == 256);
  CHECK(layers[1]->scale == 2);
  CHECK(layers[2]->scale == 2);
  CHECK(layers[3]->scale == 4);
  CHECK(layers[4]->scale == 2);
  for (const Layer* layer : layers) {  // nothing was sent: empty, shown black by the atlas
    CHECK(layer->empty());
    CHECK(layer->width == 0);
    CHECK_FALSE(layer->sent);
  }
  // A grid the game did not send decodes the same way, by name.
  for (std::string_view name : kRawLayerNames) {
    const Layer none = empty_raw_layer(name);
    CHECK(none.name == name);
    CHECK(none.scale == named(layers, std::string(name).c_str()).scale);
  }
}

TEST_CASE("sc2lite's start_raw and map_state decode to the engine's own grids cell by cell") {
  eng::GameConfig config;
  config.map = eng::find_mini_game("FindAndDefeatZerglings");  // fog of war: hidden, seen and visible cells
  REQUIRE(config.map != nullptr);
  eng::Game game(config, 3);
  eng::InterfaceSetup iface;
  iface.raw = true;
  api::ResponseGameInfo info;
  eng::build_game_info(game, config, iface, &info);
  game.step(16);
  api::ResponseObservation observation;
  eng::build_observation(game, iface, &observation);

  // sc2lite sends what the real game sends: 8 bpp height and visibility, 1 bpp the others.
  CHECK(info.start_raw().terrain_height().bits_per_pixel() == 8);
  CHECK(info.start_raw().pathing_grid().bits_per_pixel() == 1);
  CHECK(info.start_raw().placement_grid().bits_per_pixel() == 1);
  CHECK(observation.observation().raw_data().map_state().visibility().bits_per_pixel() == 8);
  CHECK(observation.observation().raw_data().map_state().creep().bits_per_pixel() == 1);

  const Observation decoded = to_observation(observation, ObservationSpec{}, info);
  const std::array<const Layer*, 5> layers = raw_layers(decoded);
  const eng::World& world = game.world();
  const eng::MapLayout& map = world.map();
  for (const Layer* layer : layers) {
    CAPTURE(layer->name);
    CHECK(layer->sent);
    CHECK(layer->width == map.width);
    CHECK(layer->height == map.height);
    REQUIRE(layer->values.size() == static_cast<std::size_t>(map.width) * map.height);
  }
  int mismatches = 0, pathable = 0, not_pathable = 0, visible = 0, hidden = 0;
  // Row r of a raw layer is world y = r (row 0 at the top, as PySC2 shows it).
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const std::size_t cell = map.cell(x, y);
      mismatches += named(layers, "terrain_height").at(x, y) != map.terrain_height[cell];
      mismatches += named(layers, "pathing_grid").at(x, y) != map.pathable[cell];
      mismatches += named(layers, "placement_grid").at(x, y) != map.buildable[cell];
      mismatches += named(layers, "visibility").at(x, y) != world.visibility(eng::kAgentPlayer, x, y);
      mismatches += named(layers, "creep").at(x, y) != 0;  // sc2lite has no creep
      (named(layers, "pathing_grid").at(x, y) ? pathable : not_pathable) += 1;
      visible += named(layers, "visibility").at(x, y) == 2;
      hidden += named(layers, "visibility").at(x, y) == 0;
    }
  }
  CHECK(mismatches == 0);
  CHECK(pathable > 0);
  CHECK(not_pathable > 0);  // the border around the playable area
  CHECK(visible > 0);
  CHECK(hidden > 0);

  // Per step only map_state changes: the two layers alone decode the same.
  const std::vector<Layer> state = map_state_layers(observation);
  REQUIRE(state.size() == 2);
  CHECK(state[0].values == named(layers, "visibility").values);
  CHECK(state[1].values == named(layers, "creep").values);
}

TEST_CASE("the real game's Abyssal Reef grids decode at known cells") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_game_info.pb")) return;
  api::Response info_response;
  REQUIRE(info_response.ParseFromString(read_fixture("abyssal_reef_response_game_info.pb")));
  api::ResponseObservation observation;
  REQUIRE(observation.ParseFromString(read_fixture("abyssal_reef_response_observation.pb")));
  const Observation decoded = to_observation(observation, ObservationSpec{}, info_response.game_info());
  const std::array<const Layer*, 5> layers = raw_layers(decoded);
  for (const Layer* layer : layers) {
    CAPTURE(layer->name);
    CHECK(layer->sent);
    CHECK(layer->width == 200);  // the map size, 200 x 176
    CHECK(layer->height == 176);
  }
  const Layer& height = named(layers, "terrain_height");
  const Layer& pathing = named(layers, "pathing_grid");
  const Layer& placement = named(layers, "placement_grid");
  const Layer& visibility = named(layers, "visibility");
  const Layer& creep = named(layers, "creep");

  // Our Command Center stands at world (161.5, 21.5), z 11.99 = height byte 223: its footprint
  // is not pathable at loop 0 but still placeable; around it is pathable, and all of it visible.
  CHECK(height.at(161, 21) == 223);
  CHECK(height.at(161, 27) == 223);
  CHECK(height.at(25, 5) == 128);
  CHECK(height.at(0, 0) == 0);
  CHECK(pathing.at(161, 21) == 0);
  CHECK(pathing.at(161, 27) == 1);
  CHECK(pathing.at(155, 21) == 1);
  CHECK(placement.at(161, 21) == 1);
  CHECK(placement.at(25, 5) == 0);
  CHECK(visibility.at(161, 21) == 2);
  CHECK(visibility.at(150, 30) == 0);
  // 1 bpp bits are MSB first over the whole image: the first pathable cell is bit 1068.
  CHECK(std::find(pathing.values.begin(), pathing.values.end(), 1) - pathing.values.begin() == 1068);
  CHECK(sum(pathing) == 12903);
  CHECK(sum(placement) == 11986);
  CHECK(std::count(visibility.values.begin(), visibility.values.end(), 2) == 446);
  CHECK(std::count(visibility.values.begin(), visibility.values.end(), 0) == 35200 - 446);
  CHECK(sum(creep) == 0);  // Terran vs. nobody at loop 0: no creep anywhere
  CHECK(*std::max_element(height.values.begin(), height.values.end()) == 223);
}

TEST_CASE("malformed raw grids give empty layers instead of throwing") {
  using sc2::test::image_data;
  // A 4x2 grid: 1 bpp needs exactly 1 byte, 8 bpp 8 bytes.
  CHECK(decode_raw_grid(image_data(1, 4, 2, std::string(1, '\xA5')), "pathing_grid").values ==
        std::vector<std::int32_t>{1, 0, 1, 0, 0, 1, 0, 1});
  CHECK(decode_raw_grid(image_data(1, 4, 2, std::string(2, '\0')), "pathing_grid").empty());   // too long
  CHECK(decode_raw_grid(image_data(8, 4, 2, std::string(1, '\xA5')), "terrain_height").empty());  // 1 bpp data as 8
  CHECK(decode_raw_grid(image_data(8, 4, 2, std::string(7, '\1')), "terrain_height").empty());  // one byte short
  CHECK(decode_raw_grid(image_data(3, 4, 2, std::string(3, '\0')), "terrain_height").empty());  // no such depth
  CHECK(decode_raw_grid(image_data(8, -4, -2, std::string(8, '\0')), "terrain_height").empty());  // negative size
  CHECK(decode_raw_grid(image_data(8, 0, 0, ""), "terrain_height").empty());  // not sent
  // A size whose byte count would overflow int: refused by the length check, nothing allocated.
  CHECK(decode_raw_grid(image_data(32, 1 << 30, 1 << 30, std::string(8, '\0')), "visibility").empty());
  const Layer bad = decode_raw_grid(image_data(1, 4, 2, ""), "creep");
  CHECK(bad.name == "creep");
  CHECK(bad.width == 0);
  CHECK_FALSE(bad.sent);

  // In a message: one bad grid does not spoil the others.
  api::ResponseGameInfo info;
  *info.mutable_start_raw()->mutable_terrain_height() = image_data(8, 4, 2, std::string(8, '\x40'));
  *info.mutable_start_raw()->mutable_pathing_grid() = image_data(1, 4, 2, std::string(5, '\xFF'));  // wrong length
  *info.mutable_start_raw()->mutable_placement_grid() = image_data(1, 4, 2, std::string(1, '\x0F'));
  const std::vector<Layer> start = start_raw_layers(info);
  REQUIRE(start.size() == 3);
  CHECK(start[0].values == std::vector<std::int32_t>(8, 64));
  CHECK(start[1].empty());
  CHECK(start[2].values == std::vector<std::int32_t>{0, 0, 0, 0, 1, 1, 1, 1});
  CHECK(start[2].at(0, 1) == 1);  // row 1 is the second row of the data
}

TEST_CASE("raw layer values read as heights, yes or no, and visibility names") {
  CHECK(raw_layer_value_meaning("terrain_height", 223) == "height 223 of 255 (z 11.98)");
  CHECK(raw_layer_value_meaning("terrain_height", 0) == "height 0 of 255 (z -16.00)");
  CHECK(raw_layer_value_meaning("pathing_grid", 1) == "pathable");
  CHECK(raw_layer_value_meaning("pathing_grid", 0) == "not pathable");
  CHECK(raw_layer_value_meaning("placement_grid", 1) == "placeable");
  CHECK(raw_layer_value_meaning("placement_grid", 0) == "not placeable");
  CHECK(raw_layer_value_meaning("visibility", 0) == "hidden");
  CHECK(raw_layer_value_meaning("visibility", 1) == "seen (fogged)");
  CHECK(raw_layer_value_meaning("visibility", 2) == "visible");
  CHECK(raw_layer_value_meaning("visibility", 7) == "out of range");
  CHECK(raw_layer_value_meaning("creep", 1) == "creep");
  CHECK(raw_layer_value_meaning("creep", 0) == "no creep");
  CHECK(raw_layer_value_meaning("pathing_grid", 5) == "out of range");
}
