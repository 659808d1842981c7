// The rendered (RGB) interface: InterfaceOptions.render validated and echoed, render_data.map
// and .minimap (size, 24 bpp, row 0 on top, colours of units / terrain / fog, the camera box),
// nothing without the option, action_render still NotSupported, the cache changing nothing.
#include <algorithm>
#include <string>

#include "engine/raster/feature_layers.h"
#include "engine/raster/rgb_render.h"
#include "engine/raster/view_transform.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/map_test_util.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr std::uint32_t kZergling = 105;

// The join of engine_test_util plus `render` (no width, as PySC2 sends it).
api::Request join_with_render(int w, int h, int mw, int mh, const Interface& i = {}) {
  api::Request r = join_request(i);
  auto* render = r.mutable_join_game()->mutable_options()->mutable_render();
  render->mutable_resolution()->set_x(w);
  render->mutable_resolution()->set_y(h);
  render->mutable_minimap_resolution()->set_x(mw);
  render->mutable_minimap_resolution()->set_y(mh);
  return r;
}

void start_with_render(GameServer& server, const std::string& map, std::uint32_t seed, int w = 256, int h = 192,
                       int mw = 128, int mh = 128) {
  REQUIRE_FALSE(call(server, create_request(seed, map_path(map))).create_game().has_error());
  const api::Response joined = call(server, join_with_render(w, h, mw, mh));
  REQUIRE_MESSAGE(!joined.join_game().has_error(), joined.join_game().error_details());
}

// An independent reading of a 24 bpp image (from the spec, not the engine's writer).
Rgb rgb_at(const api::ImageData& image, int x, int y) {
  REQUIRE(image.bits_per_pixel() == 24);
  REQUIRE(x >= 0);
  REQUIRE(y >= 0);
  REQUIRE(x < image.size().x());
  REQUIRE(y < image.size().y());
  const std::size_t i = 3 * (static_cast<std::size_t>(y) * image.size().x() + x);
  const auto& d = image.data();
  return {static_cast<std::uint8_t>(d[i]), static_cast<std::uint8_t>(d[i + 1]), static_cast<std::uint8_t>(d[i + 2])};
}

int count_colour(const api::ImageData& image, Rgb colour) {
  int n = 0;
  for (int y = 0; y < image.size().y(); ++y) {
    for (int x = 0; x < image.size().x(); ++x) n += rgb_at(image, x, y) == colour ? 1 : 0;
  }
  return n;
}

// A flat single-screen world (64x64, playable 20..44, ground byte 128) with fog as asked,
// the camera on the playable area's centre.
World scene(bool fog) {
  World w = flat_world();
  w.set_fog(fog);
  w.player(1).camera = {32.0f, 32.0f};
  return w;
}

PixelPos screen_pixel(const World& w, const RgbSetup& setup, Vec2 p) {
  return ScreenView(w.player(1).camera, setup.camera_width, setup.screen_width, setup.screen_height).to_pixel(p);
}

}  // namespace

TEST_CASE("render options: echoed in game_info as asked and kept in the interface setup") {
  GameServer server;
  REQUIRE_FALSE(call(server, create_request(7)).create_game().has_error());
  REQUIRE_FALSE(call(server, join_with_render(256, 192, 128, 96)).join_game().has_error());
  api::Request info_request;
  info_request.mutable_game_info();
  const api::ResponseGameInfo info = call(server, info_request).game_info();
  REQUIRE(info.options().has_render());
  CHECK(info.options().render().resolution().x() == 256);
  CHECK(info.options().render().resolution().y() == 192);
  CHECK(info.options().render().minimap_resolution().x() == 128);
  CHECK(info.options().render().minimap_resolution().y() == 96);
  CHECK_FALSE(info.options().render().has_width());  // echoed exactly: nothing added
  CHECK(info.options().has_feature_layer());          // both interfaces at once

  std::string error;
  api::RequestJoinGame join = join_with_render(84, 84, 64, 64).join_game();
  auto iface = parse_interface(join, error);
  REQUIRE(iface.has_value());
  REQUIRE(iface->render.has_value());
  CHECK(iface->render->screen_width == 84);
  CHECK(iface->render->minimap_height == 64);
  CHECK(iface->render->camera_width == 24.0f);  // PySC2's RGB camera when no width is sent
  join.mutable_options()->mutable_render()->set_width(32.0f);
  iface = parse_interface(join, error);
  REQUIRE(iface.has_value());
  CHECK(iface->render->camera_width == 32.0f);
  join.mutable_options()->clear_render();
  iface = parse_interface(join, error);
  REQUIRE(iface.has_value());
  CHECK_FALSE(iface->render.has_value());
}

TEST_CASE("render options: bad sizes and widths are refused with a clear error, like feature layers") {
  const auto error_of = [](api::RequestJoinGame join) {
    std::string error;
    CHECK_FALSE(parse_interface(join, error).has_value());
    return error;
  };
  const api::RequestJoinGame good = join_with_render(64, 64, 64, 64).join_game();
  std::string error;
  CHECK(parse_interface(good, error).has_value());
  CHECK(parse_interface(join_with_render(1024, 1, 1, 1024).join_game(), error).has_value());  // the limits

  std::string message = error_of(join_with_render(0, 64, 64, 64).join_game());
  CHECK(message.find("render.resolution") != std::string::npos);
  CHECK(message.find("0x64") != std::string::npos);
  CHECK(message.find("1..1024") != std::string::npos);
  message = error_of(join_with_render(64, 1025, 64, 64).join_game());
  CHECK(message.find("render.resolution 64x1025") != std::string::npos);
  message = error_of(join_with_render(64, 64, 64, -3).join_game());
  CHECK(message.find("render.minimap_resolution 64x-3") != std::string::npos);
  api::RequestJoinGame no_minimap = good;
  no_minimap.mutable_options()->mutable_render()->clear_minimap_resolution();
  CHECK(error_of(no_minimap).find("render.minimap_resolution 0x0") != std::string::npos);
  for (float width : {0.0f, -5.0f, std::nanf("")}) {
    api::RequestJoinGame bad_width = good;
    bad_width.mutable_options()->mutable_render()->set_width(width);
    CHECK(error_of(bad_width).find("render.width must be a positive number") != std::string::npos);
  }

  // Through the server: join_game fails with the message, and no game is joined.
  GameServer server;
  REQUIRE_FALSE(call(server, create_request(7)).create_game().has_error());
  const api::Response joined = call(server, join_with_render(64, 64, 2000, 64));
  REQUIRE(joined.join_game().has_error());
  CHECK(joined.join_game().error() == api::ResponseJoinGame::FeatureUnsupported);
  CHECK(joined.join_game().error_details().find("render.minimap_resolution 2000x64") != std::string::npos);
  CHECK(joined.status() != api::in_game);
}

TEST_CASE("RGB images: the asked sizes, 24 bpp, 3 bytes per pixel, only when asked for") {
  GameServer server;
  start_with_render(server, "MoveToBeacon", 7, 256, 192, 128, 96);
  const auto obs = observe(server);
  REQUIRE(obs.observation().has_render_data());
  const auto& map = obs.observation().render_data().map();
  const auto& minimap = obs.observation().render_data().minimap();
  CHECK(map.bits_per_pixel() == 24);
  CHECK(map.size().x() == 256);
  CHECK(map.size().y() == 192);
  CHECK(map.data().size() == 256u * 192u * 3u);
  CHECK(minimap.bits_per_pixel() == 24);
  CHECK(minimap.size().x() == 128);
  CHECK(minimap.size().y() == 96);
  CHECK(minimap.data().size() == 128u * 96u * 3u);
  CHECK(obs.observation().has_feature_layer_data());  // the feature layers are still there
  CHECK(obs.observation().has_ui_data());

  GameServer plain;
  start_game(plain, 7);
  const auto without = observe(plain);
  CHECK_FALSE(without.observation().has_render_data());
  api::Request info_request;
  info_request.mutable_game_info();
  CHECK_FALSE(call(plain, info_request).game_info().options().has_render());
}

TEST_CASE("RGB only (no feature layers): images and ui_data are sent") {
  GameServer server;
  REQUIRE_FALSE(call(server, create_request(7)).create_game().has_error());
  Interface no_features;
  no_features.feature = false;
  REQUIRE_FALSE(call(server, join_with_render(64, 48, 32, 32, no_features)).join_game().has_error());
  const auto obs = observe(server);
  CHECK_FALSE(obs.observation().has_feature_layer_data());
  CHECK(obs.observation().render_data().map().size().x() == 64);
  CHECK(obs.observation().render_data().map().size().y() == 48);
  CHECK(obs.observation().render_data().minimap().size().x() == 32);
  CHECK(obs.observation().has_ui_data());
}

TEST_CASE("RGB map: an own unit is an own-coloured disc with a darker outline, row 0 at the top") {
  World w = scene(false);
  const RgbSetup setup{256, 192, 128, 128, 24.0f};  // 10.67 pixels per world unit
  const Vec2 north{32.0f, 38.0f};                    // 6 north of the camera
  w.spawn(unit_type::kMarine, 1, north);             // radius 0.375 = 4 pixels
  api::ImageData image;
  render_rgb_screen(w, 1, setup, &image);
  const PixelPos p = screen_pixel(w, setup, north);
  CHECK(p.y < 192 / 2 - 50);  // north is up: row 0 at the top
  CHECK(rgb_at(image, p.x, p.y) == rgb_palette::kOwnUnit);
  // The disc's edge (3.5 pixels right of the centre pixel) is the outline; beyond it, terrain.
  CHECK(rgb_at(image, p.x + 3, p.y) == outline_of(rgb_palette::kOwnUnit));
  const Rgb ground = terrain_colour(128, true, false);
  CHECK(rgb_at(image, p.x + 6, p.y) == ground);
  CHECK(rgb_at(image, p.x, p.y + 40) == ground);
  // The disc is about pi r^2 pixels (r = 4 px): fill plus outline.
  const int disc = count_colour(image, rgb_palette::kOwnUnit) + count_colour(image, outline_of(rgb_palette::kOwnUnit));
  CHECK(disc >= 40);
  CHECK(disc <= 64);
  // Outside the playable area (x < 20) is the darker, unpathable border.
  w.player(1).camera = {22.0f, 32.0f};
  render_rgb_screen(w, 1, setup, &image);
  const PixelPos border = screen_pixel(w, setup, {20.0f - 0.5f, 32.0f});
  CHECK(rgb_at(image, border.x, border.y) == terrain_colour(96, false, false));
  const PixelPos inside = screen_pixel(w, setup, {20.0f + 0.5f, 32.0f});
  CHECK(rgb_at(image, inside.x, inside.y) == ground);
}

TEST_CASE("RGB map: neutral and enemy colours, later units over earlier ones as in the feature layers") {
  World w = scene(false);
  const RgbSetup setup{240, 240, 64, 64, 24.0f};  // 10 pixels per world unit
  w.spawn(unit_type::kBeacon, kNeutralOwner, {26.0f, 26.0f});
  w.spawn(unit_type::kMineralShard, kNeutralOwner, {38.0f, 26.0f});
  w.spawn(unit_type::kZergling, 2, {38.0f, 38.0f});
  w.spawn(unit_type::kMarine, 1, {26.0f, 26.0f});  // on the beacon: player units are drawn above neutral
  api::ImageData image;
  render_rgb_screen(w, 1, setup, &image);
  const auto at = [&](Vec2 p) {
    const PixelPos px = screen_pixel(w, setup, p);
    return rgb_at(image, px.x, px.y);
  };
  CHECK(at({26.0f, 26.0f}) == rgb_palette::kOwnUnit);
  CHECK(at({26.0f + 0.6f, 26.0f}) == rgb_palette::kBeacon);  // beacon radius 1  // the beacon's disc around the Marine
  CHECK(at({38.0f, 26.0f}) == rgb_palette::kMineral);
  CHECK(at({38.0f, 38.0f}) == rgb_palette::kEnemyUnit);
}

TEST_CASE("RGB: a hidden enemy is not drawn, hidden cells are near-black, seen cells dimmed") {
  World w = scene(true);
  const RgbSetup setup{240, 240, 128, 128, 24.0f};
  w.spawn(unit_type::kMarine, 1, {26.0f, 32.0f});
  const UnitId far_ling = w.spawn(unit_type::kZergling, 2, {40.5f, 32.5f});  // 14.5 away, sight 9
  w.advance();
  REQUIRE_FALSE(w.unit_visible(1, *w.find(far_ling)));
  api::ImageData map, minimap;
  FeatureLayerCache cache;
  render_rgb_screen(w, 1, setup, &map, &cache);
  render_rgb_minimap(w, 1, setup, &minimap, &cache);
  const PixelPos ling = screen_pixel(w, setup, {40.5f, 32.5f});
  CHECK(rgb_at(map, ling.x, ling.y) == rgb_palette::kHidden);
  CHECK(count_colour(map, rgb_palette::kEnemyUnit) == 0);
  CHECK(count_colour(map, outline_of(rgb_palette::kEnemyUnit)) == 0);
  CHECK(count_colour(minimap, rgb_palette::kEnemyUnit) == 0);
  // Next to the Marine: visible ground as it is.
  const PixelPos near = screen_pixel(w, setup, {28.5f, 32.5f});
  CHECK(rgb_at(map, near.x, near.y) == terrain_colour(128, true, false));
  CHECK(count_colour(minimap, rgb_palette::kOwnUnit) > 0);

  // The Marine walks away: where it stood is seen (dimmed), and the Zergling, now in sight, is drawn.
  Unit& marine = *units_of(w, 1, unit_type::kMarine).front();
  marine.pos = {34.0f, 32.0f};
  w.advance();
  REQUIRE(w.unit_visible(1, *w.find(far_ling)));
  REQUIRE(w.visibility(1, 20, 32) == 1);
  render_rgb_screen(w, 1, setup, &map, &cache);
  render_rgb_minimap(w, 1, setup, &minimap, &cache);
  const PixelPos ling_now = screen_pixel(w, setup, w.find(far_ling)->pos);
  CHECK(rgb_at(map, ling_now.x, ling_now.y) == rgb_palette::kEnemyUnit);
  CHECK(count_colour(minimap, rgb_palette::kEnemyUnit) > 0);
  const PixelPos seen = screen_pixel(w, setup, {20.5f, 32.5f});
  CHECK(rgb_at(map, seen.x, seen.y) == under_fog(terrain_colour(128, true, false), 1));
}

TEST_CASE("RGB on FindAndDefeatZerglings: exactly the Zerglings the player sees are drawn") {
  GameConfig config;
  config.map = find_mini_game("FindAndDefeatZerglings");
  REQUIRE(config.map != nullptr);
  Game game(config, 3);
  api::RequestJoinGame join = join_with_render(192, 192, 64, 64).join_game();
  join.mutable_options()->mutable_render()->set_width(48.0f);  // the whole 48x48 playable area
  std::string error;
  const auto iface = parse_interface(join, error);
  REQUIRE(iface.has_value());
  api::ResponseObservation obs;
  build_observation(game, *iface, &obs);
  const auto& map = obs.observation().render_data().map();
  const World& w = game.world();
  REQUIRE(w.fog());
  int hidden = 0, visible = 0;
  for (const Unit* u : w.units()) {
    if (u->type() != kZergling) continue;
    const PixelPos p = screen_pixel(w, *iface->render, u->pos);
    REQUIRE(p.x >= 0);
    REQUIRE(p.x < 192);
    const Rgb colour = rgb_at(map, p.x, p.y);
    if (w.unit_visible(1, *u)) {
      ++visible;
      CHECK(colour == rgb_palette::kEnemyUnit);
    } else {
      ++hidden;
      CHECK(colour == rgb_palette::kHidden);
    }
  }
  CHECK(visible == 2);  // the map's rule: two Zerglings start in sight
  CHECK(hidden == 23);
}

TEST_CASE("RGB: moving the camera changes the map image and the minimap's camera box") {
  GameServer server;
  start_with_render(server, "FindAndDefeatZerglings", 7, 128, 128, 64, 64);  // larger than a screen
  const auto before = observe(server);
  api::Action camera;
  camera.mutable_action_feature_layer()->mutable_camera_move()->mutable_center_minimap()->set_x(0);
  camera.mutable_action_feature_layer()->mutable_camera_move()->mutable_center_minimap()->set_y(0);
  REQUIRE(act(server, camera).result(0) == api::Success);
  const auto after = observe(server);
  const auto& cam_before = before.observation().raw_data().player().camera();
  const auto& cam_after = after.observation().raw_data().player().camera();
  REQUIRE((cam_before.x() != cam_after.x() || cam_before.y() != cam_after.y()));
  CHECK(before.observation().render_data().map().data() != after.observation().render_data().map().data());
  CHECK(before.observation().render_data().minimap().data() != after.observation().render_data().minimap().data());

  // The Marine (who has not moved) is drawn where the new camera puts it.
  const api::Unit* marine = find_unit(after, kMarine);
  REQUIRE(marine != nullptr);
  for (const auto* o : {&before, &after}) {
    const auto& c = o->observation().raw_data().player().camera();
    const Pixel p = world_to_screen(c, 24.0f, 128, 128, marine->pos().x(), marine->pos().y());
    if (p.x < 0 || p.y < 0 || p.x >= 128 || p.y >= 128) continue;
    CHECK(rgb_at(o->observation().render_data().map(), p.x, p.y) == rgb_palette::kOwnUnit);
  }
}

TEST_CASE("RGB minimap: the whole map, units as dots, the camera rectangle outlined in white") {
  World w = scene(false);
  const RgbSetup setup{256, 192, 128, 128, 24.0f};  // the camera: x 20..44, y 23..41
  w.spawn(unit_type::kMarine, 1, {30.0f, 30.0f});
  api::ImageData minimap;
  render_rgb_minimap(w, 1, setup, &minimap);
  // 64x64 map on 128 pixels: 2 per world unit; pixel centres inside the rectangle are
  // columns 40..87 and rows 46..81 (row = (64 - y) * 2).
  for (int x : {40, 41, 60, 87}) {
    CHECK(rgb_at(minimap, x, 46) == rgb_palette::kCameraBox);
    CHECK(rgb_at(minimap, x, 81) == rgb_palette::kCameraBox);
  }
  for (int y : {46, 47, 70, 81}) {
    CHECK(rgb_at(minimap, 40, y) == rgb_palette::kCameraBox);
    CHECK(rgb_at(minimap, 87, y) == rgb_palette::kCameraBox);
  }
  CHECK(count_colour(minimap, rgb_palette::kCameraBox) == 2 * 48 + 2 * 36 - 4);
  CHECK(rgb_at(minimap, 39, 60) == terrain_colour(96, false, false));  // outside: the border
  CHECK(rgb_at(minimap, 60, 45) == terrain_colour(128, true, false));  // y 41.25: above the box, on the ground
  CHECK(rgb_at(minimap, 41, 47) == terrain_colour(128, true, false));  // inside: ground
  // The Marine's dot (x 30 -> column 60, y 30 -> row 68); the uncropped map's corner is off-map-free border.
  CHECK(rgb_at(minimap, 60, 68) == rgb_palette::kOwnUnit);
  CHECK(rgb_at(minimap, 0, 0) == terrain_colour(96, false, false));

  // The same pixels as the feature minimap's camera layer marks for the same geometry.
  FeatureLayerSetup features;
  features.screen_width = 256;
  features.screen_height = 192;
  features.minimap_width = 128;
  features.minimap_height = 128;
  api::FeatureLayersMinimap layers;
  render_minimap(w, 1, features, &layers);
  const auto camera = decode(layers.camera());
  int x0 = 128, x1 = -1, y0 = 128, y1 = -1;
  for (int y = 0; y < 128; ++y) {
    for (int x = 0; x < 128; ++x) {
      if (camera[static_cast<std::size_t>(y) * 128 + x] == 0) continue;
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    }
  }
  CHECK(x0 == 40);
  CHECK(x1 == 87);
  CHECK(y0 == 46);
  CHECK(y1 == 81);
}

TEST_CASE("RGB with the layer cache, and render_rgb, give the same bytes as fresh rendering, across camera moves and fog") {
  World w = scene(true);
  w.spawn(unit_type::kMarine, 1, {30.0f, 30.0f});
  w.spawn(unit_type::kZergling, 2, {34.0f, 31.0f});
  w.advance();
  const RgbSetup setup{96, 80, 48, 40, 20.0f};
  FeatureLayerCache cache;
  for (const bool fog : {true, false, true}) {  // with fog painted every time, without it cached per view
    w.set_fog(fog);
    for (Vec2 camera : {Vec2{32.0f, 32.0f}, Vec2{25.5f, 38.0f}, Vec2{32.0f, 32.0f}}) {
      CAPTURE(fog);
      w.player(1).camera = camera;
      for (int pass = 0; pass < 2; ++pass) {
        api::ImageData cached_map, fresh_map, cached_minimap, fresh_minimap;
        render_rgb_screen(w, 1, setup, &cached_map, &cache);
        render_rgb_screen(w, 1, setup, &fresh_map);
        render_rgb_minimap(w, 1, setup, &cached_minimap, &cache);
        render_rgb_minimap(w, 1, setup, &fresh_minimap);
        CHECK(cached_map.data() == fresh_map.data());
        CHECK(cached_minimap.data() == fresh_minimap.data());
        api::ObservationRender together;  // what the observation uses: one fog grid for both
        render_rgb(w, 1, setup, &together, &cache);
        CHECK(together.map().data() == fresh_map.data());
        CHECK(together.minimap().data() == fresh_minimap.data());
        CHECK(together.minimap().size().y() == 40);
      }
    }
  }
}

TEST_CASE("RGB colours: terrain by height, darker unpathable, purple creep, fog") {
  const Rgb low = terrain_colour(40, true, false), high = terrain_colour(200, true, false);
  CHECK(high.r > low.r);
  CHECK(high.g > low.g);
  CHECK(high.b > low.b);
  CHECK(low.r > low.g);  // earthy: red over green over blue
  CHECK(low.g > low.b);
  const Rgb blocked = terrain_colour(200, false, false);
  CHECK(blocked.r < high.r);
  CHECK(blocked.g < high.g);
  const Rgb creep = terrain_colour(128, true, true), ground = terrain_colour(128, true, false);
  CHECK(creep.b > ground.b);  // purple: more blue, less green
  CHECK(creep.g < ground.g);
  CHECK(under_fog(ground, 2) == ground);
  const Rgb seen = under_fog(ground, 1);
  CHECK(seen.r < ground.r);
  CHECK(seen.r > rgb_palette::kHidden.r);
  CHECK(under_fog(ground, 0) == rgb_palette::kHidden);
  CHECK(rgb_palette::kOwnUnit.g > rgb_palette::kOwnUnit.r);      // own green-ish
  CHECK(rgb_palette::kEnemyUnit.r > rgb_palette::kEnemyUnit.g);  // enemy red
}

TEST_CASE("action_render stays NotSupported with the RGB interface on, and is not echoed") {
  GameServer server;
  start_with_render(server, "MoveToBeacon", 7, 64, 64, 64, 64);
  observe(server);  // empties the action lists
  api::Action camera;
  camera.mutable_action_render()->mutable_camera_move()->mutable_center_minimap()->set_x(3);
  CHECK(act(server, camera).result(0) == api::NotSupported);
  api::Action command;
  auto* cmd = command.mutable_action_render()->mutable_unit_command();
  cmd->set_ability_id(16);
  cmd->mutable_target_screen_coord()->set_x(10);
  cmd->mutable_target_screen_coord()->set_y(10);
  CHECK(act(server, command).result(0) == api::NotSupported);
  const auto obs = observe(server);
  REQUIRE(obs.action_errors_size() == 2);
  CHECK(obs.action_errors(0).result() == api::NotSupported);
  CHECK(obs.action_errors(1).result() == api::NotSupported);
  CHECK(obs.actions_size() == 0);
}
