// The raw-data keys PySC2 gives with use_raw_units / use_unit_counts / use_camera_position
// (raw_units, raw_effects, unit_counts, camera_position, camera_size) and the RGB keys
// (rgb_screen, rgb_minimap): against the real game's recorded messages where they cover
// the key, hand-built messages otherwise.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "client/pysc2/features.h"
#include "tests/client/image_data_for_test.h"
#include "tests/shared_dir.h"

using namespace sc2::pysc2;
namespace api = SC2APIProtocol;

namespace {

std::string read_fixture(const char* name) {
  std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2" / name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open fixture " << name);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A 64x64 map (playable 8..56) as the mini-games have, camera width 24.
api::ResponseGameInfo square_map_info() {
  api::ResponseGameInfo info;
  info.mutable_start_raw()->mutable_map_size()->set_x(64);
  info.mutable_start_raw()->mutable_map_size()->set_y(64);
  auto* area = info.mutable_start_raw()->mutable_playable_area();
  area->mutable_p0()->set_x(8);
  area->mutable_p0()->set_y(8);
  area->mutable_p1()->set_x(56);
  area->mutable_p1()->set_y(56);
  info.mutable_options()->mutable_feature_layer()->set_width(24.0f);
  return info;
}

api::Unit* add_unit(api::ResponseObservation& response, std::uint32_t type, api::Alliance alliance, float x,
                    float y, std::uint64_t tag) {
  auto* unit = response.mutable_observation()->mutable_raw_data()->add_units();
  unit->set_unit_type(type);
  unit->set_alliance(alliance);
  unit->set_owner(alliance == api::Self ? 1 : alliance == api::Enemy ? 2 : 16);
  unit->mutable_pos()->set_x(x);
  unit->mutable_pos()->set_y(y);
  unit->set_tag(tag);
  return unit;
}

api::ImageData rgb_image(int width, int height, std::string data, int bpp = 24) {
  return sc2::test::image_data(bpp, width, height, std::move(data));
}

}  // namespace

TEST_CASE("real game (Abyssal Reef, loop 0): raw_units, unit_counts, camera_position and camera_size") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_observation.pb")) return;
  api::ResponseObservation response;
  REQUIRE(response.ParseFromString(read_fixture("abyssal_reef_response_observation.pb")));
  api::Response info_response;
  REQUIRE(info_response.ParseFromString(read_fixture("abyssal_reef_response_game_info.pb")));
  const api::ResponseGameInfo& info = info_response.game_info();
  REQUIRE(info.start_raw().map_size().x() == 200);
  REQUIRE(info.start_raw().map_size().y() == 176);

  const Observation obs = to_observation(response, ObservationSpec{}, info);

  // Every raw unit, with its real tag (feature_units writes 0 instead).
  REQUIRE(obs.raw_units.rows == 179);
  REQUIRE(obs.raw_units.width() == 46);
  int cc_row = -1;
  for (int row = 0; row < obs.raw_units.rows; ++row) {
    CHECK(obs.raw_units.at(row, "tag") != 0);
    if (obs.raw_units.at(row, "unit_type") == 18) cc_row = row;
  }
  REQUIRE(cc_row >= 0);
  // The Command Center: world (161.5, 21.5), radius 2.75, tag 4346347521, 1500/1500 hp,
  // 12 of 16 harvesters. Raw resolution = map size (200x176): x scale 200/200, y scale
  // 176/200, y flipped against the map height (pysc2-features.md §5.3).
  CHECK(obs.raw_units.at(cc_row, "tag") == 4346347521LL);
  CHECK(obs.raw_units.at(cc_row, "x") == 161);
  CHECK(obs.raw_units.at(cc_row, "y") == 135);  // floor((176 - 21.5) * 0.88) = floor(135.96)
  CHECK(obs.raw_units.at(cc_row, "radius") == 2);
  CHECK(obs.raw_units.at(cc_row, "alliance") == 1);
  CHECK(obs.raw_units.at(cc_row, "owner") == 1);
  CHECK(obs.raw_units.at(cc_row, "health") == 1500);
  CHECK(obs.raw_units.at(cc_row, "health_ratio") == 255);
  CHECK(obs.raw_units.at(cc_row, "display_type") == 1);
  CHECK(obs.raw_units.at(cc_row, "facing") == 3);
  CHECK(obs.raw_units.at(cc_row, "build_progress") == 100);
  CHECK(obs.raw_units.at(cc_row, "assigned_harvesters") == 12);
  CHECK(obs.raw_units.at(cc_row, "ideal_harvesters") == 16);
  CHECK(obs.raw_units.at(cc_row, "is_on_screen") == 1);
  CHECK(obs.raw_units.at(cc_row, "cloak") == api::NotCloaked);
  // Snapshots of fogged neutrals are rows too (display_type 2).
  int snapshots = 0;
  for (auto v : obs.raw_units.column_values("display_type")) snapshots += v == 2;
  CHECK(snapshots > 0);

  // A Terran start: one Command Center (18) and twelve SCVs (45), ascending by type.
  REQUIRE(obs.unit_counts.rows == 2);
  CHECK(obs.unit_counts.at(0, "unit_type") == 18);
  CHECK(obs.unit_counts.at(0, "count") == 1);
  CHECK(obs.unit_counts.at(1, "unit_type") == 45);
  CHECK(obs.unit_counts.at(1, "count") == 12);

  // Camera at world (163.25, 20.25).
  CHECK(obs.camera_position[0] == 163);
  CHECK(obs.camera_position[1] == 137);  // floor((176 - 20.25) * 0.88) = floor(137.06)
  // No feature layer in the echoed options: PySC2's default camera width 24;
  // (200, 176) / 200 * 24 = (24, 21.12).
  CHECK(obs.camera_size[0] == 24);
  CHECK(obs.camera_size[1] == 21);

  CHECK(obs.raw_effects.empty());
  CHECK(obs.rgb_screen.empty());  // a raw-only game renders nothing
  CHECK(obs.rgb_minimap.empty());
  for (const Layer& layer : obs.feature_screen) CHECK_FALSE(layer.sent);  // no feature layers at all
}

TEST_CASE("unit_counts: own units only, one row per type, ascending by type") {
  api::ResponseObservation response;
  add_unit(response, 48, api::Self, 20, 20, 1);
  add_unit(response, 45, api::Self, 21, 20, 2);
  add_unit(response, 48, api::Self, 22, 20, 3);
  add_unit(response, 105, api::Enemy, 23, 20, 4);
  add_unit(response, 341, api::Neutral, 24, 20, 5);
  add_unit(response, 48, api::Ally, 25, 20, 6);
  const Observation obs = to_observation(response, ObservationSpec{}, square_map_info());
  REQUIRE(obs.unit_counts.rows == 2);
  CHECK(obs.unit_counts.row_values(0)[0] == 45);
  CHECK(obs.unit_counts.row_values(0)[1] == 1);
  CHECK(obs.unit_counts.row_values(1)[0] == 48);
  CHECK(obs.unit_counts.row_values(1)[1] == 2);

  api::ResponseObservation nobody;
  nobody.mutable_observation()->mutable_raw_data();
  CHECK(to_observation(nobody, ObservationSpec{}, square_map_info()).unit_counts.empty());
}

TEST_CASE("raw_units: every unit (on screen or not) at raw-resolution pixels, feature_units keeps the screen") {
  api::ResponseObservation response;
  auto* camera = response.mutable_observation()->mutable_raw_data()->mutable_player()->mutable_camera();
  camera->set_x(32);
  camera->set_y(32);
  add_unit(response, 48, api::Self, 30.5f, 33.25f, 11)->set_is_on_screen(true);
  add_unit(response, 105, api::Enemy, 50.75f, 10.5f, 12)->set_is_on_screen(false);
  const Observation obs = to_observation(response, ObservationSpec{}, square_map_info());

  REQUIRE(obs.raw_units.rows == 2);
  CHECK(obs.raw_units.at(0, "x") == 30);  // 64x64 map: one raw pixel per world unit
  CHECK(obs.raw_units.at(0, "y") == 30);  // floor(64 - 33.25)
  CHECK(obs.raw_units.at(0, "tag") == 11);
  CHECK(obs.raw_units.at(1, "x") == 50);
  CHECK(obs.raw_units.at(1, "y") == 53);
  CHECK(obs.raw_units.at(1, "tag") == 12);
  CHECK(obs.raw_units.at(1, "alliance") == 4);

  REQUIRE(obs.feature_units.rows == 1);
  CHECK(obs.feature_units.at(0, "tag") == 0);
  CHECK(obs.feature_units.at(0, "x") == 28);  // floor((30.5 - 32) * 64/24 + 32)
  CHECK(obs.feature_units.at(0, "y") == 28);  // floor((32 - 33.25) * 64/24 + 32)

  // Camera position in raw pixels, camera size = 64/64 * 24 on both axes.
  CHECK(obs.camera_position == std::array<std::int64_t, 2>{32, 32});
  CHECK(obs.camera_size == std::array<std::int64_t, 2>{24, 24});
}

TEST_CASE("raw_units with a cropped raw view: the playable area is the raw frame") {
  api::ResponseObservation response;
  add_unit(response, 48, api::Self, 10.5f, 40.5f, 1);  // raw coordinates, relative to the playable area
  api::ResponseGameInfo info = square_map_info();
  info.mutable_options()->set_raw_crop_to_playable_area(true);
  info.mutable_start_raw()->mutable_playable_area()->mutable_p0()->set_x(0);
  info.mutable_start_raw()->mutable_playable_area()->mutable_p0()->set_y(0);
  info.mutable_start_raw()->mutable_playable_area()->mutable_p1()->set_x(48);
  info.mutable_start_raw()->mutable_playable_area()->mutable_p1()->set_y(48);
  const Observation obs = to_observation(response, ObservationSpec{}, info);
  REQUIRE(obs.raw_units.rows == 1);
  CHECK(obs.raw_units.at(0, "x") == 10);
  CHECK(obs.raw_units.at(0, "y") == 7);  // floor(48 - 40.5)
  CHECK(obs.camera_size == std::array<std::int64_t, 2>{24, 24});
}

TEST_CASE("raw_effects keeps every effect position, feature_effects only those on screen") {
  api::ResponseObservation response;
  auto* raw = response.mutable_observation()->mutable_raw_data();
  raw->mutable_player()->mutable_camera()->set_x(32);
  raw->mutable_player()->mutable_camera()->set_y(32);
  auto* effect = raw->add_effects();
  effect->set_effect_id(1);  // PsiStorm
  effect->set_alliance(api::Enemy);
  effect->set_owner(2);
  effect->set_radius(1.5f);
  auto* near = effect->add_pos();
  near->set_x(33);
  near->set_y(31);
  auto* far = effect->add_pos();
  far->set_x(60.5f);
  far->set_y(3.5f);
  const Observation obs = to_observation(response, ObservationSpec{}, square_map_info());
  REQUIRE(obs.raw_effects.rows == 2);
  CHECK(obs.raw_effects.at(0, "effect") == 1);
  CHECK(obs.raw_effects.at(0, "alliance") == 4);
  CHECK(obs.raw_effects.at(0, "owner") == 2);
  CHECK(obs.raw_effects.at(0, "radius") == 1);
  CHECK(obs.raw_effects.at(0, "x") == 33);
  CHECK(obs.raw_effects.at(0, "y") == 33);
  CHECK(obs.raw_effects.at(1, "x") == 60);
  CHECK(obs.raw_effects.at(1, "y") == 60);
  REQUIRE(obs.feature_effects.rows == 1);
  CHECK(obs.feature_effects.at(0, "x") == 34);  // floor((33 - 32) * 64/24 + 32)
  CHECK(obs.feature_effects.at(0, "y") == 34);
}

TEST_CASE("camera keys without raw data: the camera is world (0,0), as PySC2 takes it") {
  api::ResponseObservation response;
  const Observation obs = to_observation(response, ObservationSpec{}, square_map_info());
  CHECK(obs.camera_position == std::array<std::int64_t, 2>{0, 64});
  CHECK(obs.camera_size == std::array<std::int64_t, 2>{24, 24});
  CHECK(obs.raw_units.empty());
  // Without game info there is no map size: nothing to map into.
  const Observation bare = to_observation(response, ObservationSpec{});
  CHECK(bare.camera_position == std::array<std::int64_t, 2>{0, 0});
  CHECK(bare.camera_size == std::array<std::int64_t, 2>{0, 0});
}

TEST_CASE("rgb_screen / rgb_minimap decode 24 bpp render data, R G B per pixel, row 0 on top") {
  api::ResponseObservation response;
  auto* render = response.mutable_observation()->mutable_render_data();
  // 2x2: red, green / blue, white.
  *render->mutable_map() = rgb_image(2, 2, std::string("\xff\x00\x00\x00\xff\x00\x00\x00\xff\xff\xff\xff", 12));
  *render->mutable_minimap() = rgb_image(3, 1, std::string("\x01\x02\x03\x04\x05\x06\x07\x08\x09", 9));
  const Observation obs = to_observation(response, ObservationSpec{});
  REQUIRE(obs.rgb_screen.width == 2);
  REQUIRE(obs.rgb_screen.height == 2);
  CHECK(obs.rgb_screen.at(0, 0, 0) == 255);
  CHECK(obs.rgb_screen.at(0, 0, 1) == 0);
  CHECK(obs.rgb_screen.at(1, 0, 1) == 255);
  CHECK(obs.rgb_screen.at(0, 1, 2) == 255);
  CHECK(obs.rgb_screen.at(0, 1, 0) == 0);
  CHECK(obs.rgb_screen.at(1, 1, 0) == 255);
  REQUIRE(obs.rgb_minimap.width == 3);
  REQUIRE(obs.rgb_minimap.height == 1);
  CHECK(obs.rgb_minimap.at(2, 0, 0) == 7);
  CHECK(obs.rgb_minimap.at(1, 0, 2) == 6);
}

TEST_CASE("rgb: size (0,0) is an empty image, wrong bpp or data length is a clear error") {
  CHECK(decode_rgb(rgb_image(0, 0, ""), "rgb_screen").empty());
  auto message = [](const api::ImageData& image) -> std::string {
    try {
      decode_rgb(image, "rgb_screen");
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    return "";
  };
  const std::string bad_bpp = message(rgb_image(2, 1, std::string(6, '\0'), 8));
  CHECK(bad_bpp.find("rgb_screen") != std::string::npos);
  CHECK(bad_bpp.find("expected 24 bits per pixel, got 8") != std::string::npos);
  const std::string bad_length = message(rgb_image(2, 2, std::string(11, '\0')));
  CHECK(bad_length.find("rgb_screen") != std::string::npos);
  CHECK(bad_length.find("expected 12 bytes") != std::string::npos);
  CHECK(bad_length.find("got 11") != std::string::npos);
  CHECK(message(rgb_image(-1, 2, "")).find("negative size") != std::string::npos);

  api::ResponseObservation response;
  *response.mutable_observation()->mutable_render_data()->mutable_map() = rgb_image(4, 4, std::string(5, '\0'));
  CHECK_THROWS_AS(to_observation(response, ObservationSpec{}), std::runtime_error);
}

TEST_CASE("a layer sent with size (0,0) is zeros of the requested size and marked not sent") {
  api::ResponseObservation response;
  auto* layers = response.mutable_observation()->mutable_feature_layer_data();
  const LayerSpec* creep = find_screen_layer("creep");
  const LayerSpec* relative = find_screen_layer("player_relative");
  REQUIRE(creep != nullptr);
  REQUIRE(relative != nullptr);
  creep->mutable_image(*layers)->set_bits_per_pixel(1);  // (0,0): the game has no creep
  creep->mutable_image(*layers)->mutable_size();
  *relative->mutable_image(*layers) = encode_image(std::vector<std::int32_t>(12, 1), 4, 3, 8);
  ObservationSpec spec;
  spec.screen_width = 4;
  spec.screen_height = 3;
  const Observation obs = to_observation(response, spec);
  const Layer* c = obs.screen("creep");
  REQUIRE(c != nullptr);
  CHECK_FALSE(c->sent);
  CHECK(c->width == 4);
  CHECK(c->height == 3);
  CHECK(c->values == std::vector<std::int32_t>(12, 0));
  const Layer* r = obs.screen("player_relative");
  REQUIRE(r != nullptr);
  CHECK(r->sent);
  CHECK(r->at(3, 2) == 1);
}
