// Feature layers: sizes and encodings at several resolutions, unit positions on screen.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/raster/feature_layers.h"
#include "engine/raster/image_encoding.h"
#include "engine/server/game.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

// Layers of quantities the engine does not model: sent with size (0,0) (engine/README.md).
bool absent_layer(const google::protobuf::Message& layers, const std::string& name) {
  static const std::vector<std::string> screen = {"unit_energy", "unit_energy_ratio", "unit_shields",
                                                  "unit_shields_ratio", "effects", "hallucinations",
                                                  "cloaked", "blip", "placeholder"};
  const bool is_screen = layers.GetDescriptor()->name() == "FeatureLayers";
  return is_screen && std::find(screen.begin(), screen.end(), name) != screen.end();  // every minimap layer is sent
}

// Checks that every layer has the requested size and exactly ceil(w*h*bpp/8) bytes (the
// absent ones: size (0,0), no bytes).
void check_layer_sizes(const google::protobuf::Message& layers, int w, int h, int expected_count) {
  const auto* desc = layers.GetDescriptor();
  const auto* refl = layers.GetReflection();
  int count = 0;
  for (int f = 0; f < desc->field_count(); ++f) {
    const auto* field = desc->field(f);
    CAPTURE(field->name());
    REQUIRE(refl->HasField(layers, field));
    const auto& image = static_cast<const api::ImageData&>(refl->GetMessage(layers, field));
    ++count;
    if (absent_layer(layers, field->name())) {
      CHECK(image.size().x() == 0);
      CHECK(image.size().y() == 0);
      CHECK(image.data().empty());
      continue;
    }
    CHECK(image.size().x() == w);
    CHECK(image.size().y() == h);
    const int bpp = image.bits_per_pixel();
    CHECK((bpp == 1 || bpp == 8 || bpp == 32));
    CHECK(image.data().size() == (static_cast<std::size_t>(w) * h * bpp + 7) / 8);
  }
  CHECK(count == expected_count);
}

void check_resolution(int sw, int sh, int mw, int mh) {
  CAPTURE(sw);
  CAPTURE(sh);
  CAPTURE(mw);
  CAPTURE(mh);
  GameServer server;
  Interface i;
  i.screen_w = sw;
  i.screen_h = sh;
  i.minimap_w = mw;
  i.minimap_h = mh;
  start_game(server, 11, i);
  const auto obs = observe(server);
  const auto& fl = obs.observation().feature_layer_data();
  check_layer_sizes(fl.renders(), sw, sh, 27);
  check_layer_sizes(fl.minimap_renders(), mw, mh, 11);
}

}  // namespace

TEST_CASE("every feature layer has the requested size and exact byte count") {
  check_resolution(64, 64, 64, 64);
  check_resolution(84, 84, 32, 32);
  check_resolution(80, 60, 48, 40);  // non-square, w*h not a multiple of 8 on the minimap rows
  check_resolution(7, 5, 3, 3);      // 1 bpp layers need a padded last byte
  check_resolution(256, 256, 256, 256);  // the top of PySC2's usual range
  check_resolution(32, 32, 256, 200);    // a minimap larger than the screen, too
}

TEST_CASE("1 bpp encoding packs MSB first with no row padding") {
  // The spec's example: 3x3, rows 1 0 1 / 0 0 0 / 0 0 1 -> bytes A0 80.
  LayerGrid grid(3, 3);
  grid.at(0, 0) = 1;
  grid.at(2, 0) = 1;
  grid.at(2, 2) = 1;
  api::ImageData image;
  encode_layer(grid, 1, &image);
  REQUIRE(image.data().size() == 2);
  CHECK(static_cast<unsigned char>(image.data()[0]) == 0xA0);
  CHECK(static_cast<unsigned char>(image.data()[1]) == 0x80);
}

TEST_CASE("8 and 32 bpp encodings clamp bytes and write little-endian int32") {
  LayerGrid grid(2, 1);
  grid.at(0, 0) = 300;
  grid.at(1, 0) = 0x01020304;
  api::ImageData eight, wide;
  encode_layer(grid, 8, &eight);
  encode_layer(grid, 32, &wide);
  CHECK(static_cast<unsigned char>(eight.data()[0]) == 255);
  REQUIRE(wide.data().size() == 8);
  CHECK(static_cast<unsigned char>(wide.data()[4]) == 0x04);
  CHECK(static_cast<unsigned char>(wide.data()[7]) == 0x01);
  CHECK(decode(wide)[1] == 0x01020304);
}

TEST_CASE("the Marine and the beacon appear on screen at the pixels of their world positions") {
  for (int res : {64, 84}) {
    CAPTURE(res);
    GameServer server;
    Interface i;
    i.screen_w = res;
    i.screen_h = res;
    start_game(server, 5, i);
    const auto obs = observe(server);
    const auto* marine = find_unit(obs, kMarine);
    const auto* beacon = find_unit(obs, kBeacon);
    REQUIRE(marine != nullptr);
    REQUIRE(beacon != nullptr);
    CHECK(marine->is_on_screen());
    const auto& camera = obs.observation().raw_data().player().camera();
    const auto& screen = obs.observation().feature_layer_data().renders();

    const Pixel m = world_to_screen(camera, 24.0f, res, res, marine->pos().x(), marine->pos().y());
    CHECK(pixel(screen.player_relative(), m.x, m.y) == 1);
    CHECK(pixel(screen.unit_type(), m.x, m.y) == static_cast<std::int32_t>(kMarine));
    CHECK(pixel(screen.player_id(), m.x, m.y) == 1);
    CHECK(pixel(screen.unit_hit_points(), m.x, m.y) == 45);
    CHECK(pixel(screen.unit_hit_points_ratio(), m.x, m.y) == 255);
    CHECK(pixel(screen.unit_density(), m.x, m.y) >= 1);
    CHECK(pixel(screen.selected(), m.x, m.y) == 0);  // not selected at start

    const Pixel b = world_to_screen(camera, 24.0f, res, res, beacon->pos().x(), beacon->pos().y());
    CHECK(pixel(screen.player_relative(), b.x, b.y) == 3);
    CHECK(pixel(screen.unit_type(), b.x, b.y) == static_cast<std::int32_t>(kBeacon));
    CHECK(pixel(screen.player_id(), b.x, b.y) == 16);

    // Exactly one Marine-sized blob of "self": all self pixels lie within the Marine's disc.
    const auto relative = decode(screen.player_relative());
    int self_pixels = 0;
    for (int y = 0; y < res; ++y) {
      for (int x = 0; x < res; ++x) {
        if (relative[static_cast<std::size_t>(y) * res + x] != 1) continue;
        ++self_pixels;
        CHECK(std::abs(x - m.x) <= 2);
        CHECK(std::abs(y - m.y) <= 2);
      }
    }
    CHECK(self_pixels >= 1);

    // Visibility never exceeds 2; the playable ground is pathable.
    for (auto v : decode(screen.visibility_map())) CHECK(v <= 2);
    CHECK(pixel(screen.pathable(), m.x, m.y) == 1);
    const auto& minimap = obs.observation().feature_layer_data().minimap_renders();
    for (auto v : decode(minimap.visibility_map())) CHECK(v <= 2);
  }
}

TEST_CASE("the minimap shows the camera and the Marine at the PySC2 minimap position") {
  GameServer server;
  start_game(server, 5);
  const auto obs = observe(server);
  const auto* marine = find_unit(obs, kMarine);
  REQUIRE(marine != nullptr);
  const auto& minimap = obs.observation().feature_layer_data().minimap_renders();
  // world -> minimap: flip y against the map height, scale by resolution / max(map dims).
  const int mx = static_cast<int>(std::floor(marine->pos().x() * 64.0f / 64.0f));
  const int my = static_cast<int>(std::floor((64.0f - marine->pos().y()) * 64.0f / 64.0f));
  CHECK(pixel(minimap.player_relative(), mx, my) == 1);
  const auto camera = decode(minimap.camera());
  const auto lit = std::count(camera.begin(), camera.end(), 1);
  CHECK(lit > 0);
  CHECK(lit < 64 * 64);
  const auto& cam = obs.observation().raw_data().player().camera();
  CHECK(pixel(minimap.camera(), static_cast<int>(cam.x()), static_cast<int>(64 - cam.y())) == 1);
}

TEST_CASE("raw map_state grids are map-sized with the right depths") {
  GameServer server;
  start_game(server, 5);
  const auto obs = observe(server);
  const auto& ms = obs.observation().raw_data().map_state();
  CHECK(ms.visibility().bits_per_pixel() == 8);
  CHECK(ms.visibility().data().size() == 64u * 64u);
  CHECK(ms.creep().bits_per_pixel() == 1);
  CHECK(ms.creep().data().size() == 64u * 64u / 8u);
  for (auto v : decode(ms.visibility())) CHECK(v <= 2);
}

TEST_CASE("shields and energy layers: full while a unit in view has them, each unit's value and ratio at its pixels") {
  GameConfig config;
  config.map = find_mini_game("MoveToBeacon");
  REQUIRE(config.map != nullptr);
  Game game(config, 2);
  World& world = game.world();
  FeatureLayerSetup setup;
  setup.screen_width = setup.screen_height = 64;
  api::FeatureLayers before;
  render_screen(world, kAgentPlayer, setup, &before, nullptr);
  CHECK(before.unit_shields().size().x() == 0);  // no unit has shields or energy: absent, as before
  CHECK(before.unit_energy().size().x() == 0);

  const Vec2 centre = world.player(kAgentPlayer).camera;
  api::Point camera;
  camera.set_x(centre.x);
  camera.set_y(centre.y);
  Unit& stalker = *world.find(world.spawn(unit_type::kStalker, kAgentPlayer, {centre.x - 4, centre.y}));
  Unit& medivac = *world.find(world.spawn(unit_type::kMedivac, kAgentPlayer, {centre.x + 4, centre.y + 3}));
  stalker.shield = 40.0f;  // half of 80
  api::FeatureLayers after;
  render_screen(world, kAgentPlayer, setup, &after, nullptr);
  REQUIRE(after.unit_shields().size().x() == 64);
  REQUIRE(after.unit_energy().size().x() == 64);
  CHECK(after.unit_shields().bits_per_pixel() == 32);
  CHECK(after.unit_shields_ratio().bits_per_pixel() == 8);
  const Pixel s = world_to_screen(camera, setup.camera_width, 64, 64, stalker.pos.x, stalker.pos.y);
  CHECK(pixel(after.unit_shields(), s.x, s.y) == 40);
  CHECK(pixel(after.unit_shields_ratio(), s.x, s.y) == 127);
  CHECK(pixel(after.unit_energy(), s.x, s.y) == 0);
  const Pixel m = world_to_screen(camera, setup.camera_width, 64, 64, medivac.pos.x, medivac.pos.y);
  CHECK(pixel(after.unit_energy(), m.x, m.y) == 50);  // starts with 50 of 200
  CHECK(pixel(after.unit_energy_ratio(), m.x, m.y) == 63);
  CHECK(pixel(after.unit_shields(), m.x, m.y) == 0);
}
