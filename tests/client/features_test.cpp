// Feature layer specs, ImageData decoding and ResponseObservation -> Observation.
#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"
#include "tests/client/image_data_for_test.h"

using namespace sc2::pysc2;
using sc2::test::image_data;

namespace {

const LayerSpec& screen_spec(std::string_view name) {
  const LayerSpec* spec = find_screen_layer(name);
  REQUIRE_MESSAGE(spec, name);
  return *spec;
}

std::string error_of(const SC2APIProtocol::ImageData& data, const LayerSpec& spec, int w, int h) {
  try {
    decode_image(data, spec, w, h);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("layer specs: 27 screen and 11 minimap layers in PySC2 order") {
  REQUIRE(screen_layers().size() == 27);
  REQUIRE(minimap_layers().size() == 11);
  CHECK(screen_layers()[0].name == "height_map");
  CHECK(screen_layers()[5].name == "player_relative");
  CHECK(screen_layers()[5].proto_field == 11);
  CHECK(screen_layers()[6].name == "unit_type");
  CHECK(screen_layers()[6].bpp == 32);
  CHECK(screen_layers()[6].scale == 1962);
  CHECK(screen_layers()[8].clip);
  CHECK(screen_layers()[20].scale == 290);
  CHECK(screen_layers()[24].name == "pathable");
  CHECK(screen_layers()[26].name == "placeholder");
  CHECK(minimap_layers()[3].name == "camera");
  CHECK(minimap_layers()[7].name == "unit_type");
  CHECK(minimap_layers()[9].name == "pathable");
  CHECK(minimap_layers()[10].proto_field == 10);
  CHECK(find_screen_layer("camera") == nullptr);
  // Each accessor reaches its own proto field.
  for (const auto* layers : {&screen_layers(), &minimap_layers()}) {
    for (const LayerSpec& spec : *layers) {
      SC2APIProtocol::ObservationFeatureLayer proto;
      spec.mutable_image(proto)->set_bits_per_pixel(spec.bpp);
      CAPTURE(spec.name);
      CHECK(&spec.image(proto) == spec.mutable_image(proto));
      const auto& message = layers == &screen_layers()
                                ? static_cast<const google::protobuf::Message&>(proto.renders())
                                : static_cast<const google::protobuf::Message&>(proto.minimap_renders());
      const auto* field = message.GetDescriptor()->FindFieldByNumber(spec.proto_field);
      REQUIRE(field);
      CHECK(field->name() == spec.name);
      CHECK(message.GetReflection()->HasField(message, field));
    }
  }
}

TEST_CASE("decode 1 bpp: MSB first, no row padding (spec example)") {
  const Layer layer = decode_image(image_data(1, 3, 3, std::string("\xA0\x80", 2)), screen_spec("creep"), 3, 3);
  CHECK(layer.name == "creep");
  CHECK(layer.values == std::vector<std::int32_t>{1, 0, 1, 0, 0, 0, 0, 0, 1});
  CHECK(layer.at(2, 0) == 1);
  CHECK(layer.at(2, 2) == 1);
  CHECK(layer.at(1, 2) == 0);
}

TEST_CASE("decode 8, 16 and 32 bpp") {
  SUBCASE("8 bpp unsigned") {
    const Layer layer = decode_image(image_data(8, 2, 2, std::string("\x00\x05\xff\x10", 4)), screen_spec("player_id"), 2, 2);
    CHECK(layer.values == std::vector<std::int32_t>{0, 5, 255, 16});
  }
  SUBCASE("16 bpp unsigned little-endian") {
    LayerSpec spec = screen_spec("unit_density");
    spec.bpp = 16;  // no PySC2 layer uses 16 bpp; the decoder still must
    const Layer layer = decode_image(image_data(16, 2, 1, std::string("\x34\x12\xff\xff", 4)), spec, 2, 1);
    CHECK(layer.values == std::vector<std::int32_t>{0x1234, 65535});
  }
  SUBCASE("32 bpp signed little-endian, including negatives") {
    const Layer layer = decode_image(image_data(32, 2, 1, std::string("\x30\x00\x00\x00\xfe\xff\xff\xff", 8)),
                                     screen_spec("unit_type"), 2, 1);
    CHECK(layer.values == std::vector<std::int32_t>{48, -2});
  }
}

TEST_CASE("encode_image round-trips through decode_image for every bpp") {
  const std::vector<std::int32_t> values = {0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0};  // 11 pixels: padding bits
  for (const LayerSpec& spec : screen_layers()) {
    std::vector<std::int32_t> scaled = values;
    if (spec.bpp > 1) for (auto& v : scaled) v *= (spec.bpp == 32 ? -70000 : 200);
    CAPTURE(spec.name);
    const Layer layer = decode_image(encode_image(scaled, 11, 1, spec.bpp), spec, 11, 1);
    CHECK(layer.values == scaled);
  }
  CHECK_THROWS_AS(encode_image({1, 2}, 3, 1, 8), std::invalid_argument);
  CHECK_THROWS_AS(encode_image({1}, 1, 1, 24), std::invalid_argument);
}

TEST_CASE("a layer of size (0,0) becomes zeros of the requested size") {
  const Layer layer = decode_image(SC2APIProtocol::ImageData{}, screen_spec("unit_type"), 4, 3);
  CHECK(layer.width == 4);
  CHECK(layer.height == 3);
  CHECK(layer.values == std::vector<std::int32_t>(12, 0));
}

TEST_CASE("decode errors name the layer and the sizes") {
  SUBCASE("wrong data length") {
    const std::string message = error_of(image_data(8, 64, 64, std::string(512, '\0')), screen_spec("player_relative"), 64, 64);
    CHECK(message.find("player_relative") != std::string::npos);
    CHECK(message.find("4096") != std::string::npos);
    CHECK(message.find("512") != std::string::npos);
    CHECK_FALSE(error_of(image_data(1, 3, 3, std::string("\xA0", 1)), screen_spec("creep"), 3, 3).empty());
  }
  SUBCASE("wrong bpp (1-bit layer sent at 8 bpp)") {
    const std::string message = error_of(image_data(8, 64, 64, std::string(4096, '\0')), screen_spec("selected"), 64, 64);
    CHECK(message.find("selected") != std::string::npos);
    CHECK(message.find("expected 1 bits per pixel, got 8") != std::string::npos);
  }
  SUBCASE("size other than requested") {
    const std::string message = error_of(image_data(8, 32, 32, std::string(1024, '\0')), screen_spec("height_map"), 64, 64);
    CHECK(message.find("height_map") != std::string::npos);
    CHECK(message.find("64x64") != std::string::npos);
    CHECK(message.find("32x32") != std::string::npos);
  }
}

TEST_CASE("to_observation fills every field from a hand-built ResponseObservation") {
  SC2APIProtocol::ResponseObservation response;
  auto* observation = response.mutable_observation();
  observation->set_game_loop(42);
  auto* player = observation->mutable_player_common();
  player->set_player_id(1);
  player->set_minerals(50);
  player->set_vespene(7);
  player->set_food_cap(15);
  player->set_food_used(12);
  player->set_food_army(3);
  player->set_food_workers(9);
  player->set_idle_worker_count(2);
  player->set_army_count(4);
  player->set_warp_gate_count(5);
  player->set_larva_count(6);
  observation->mutable_score()->set_score(17);
  auto* ability = observation->add_abilities();
  ability->set_ability_id(16);  // Move_Move
  ability->set_requires_point(true);

  std::vector<std::int32_t> relative(8 * 8, 0);
  relative[3 * 8 + 5] = 1;  // x 5, y 3
  *find_screen_layer("player_relative")->mutable_image(*observation->mutable_feature_layer_data()) =
      encode_image(relative, 8, 8, 8);
  std::vector<std::int32_t> camera(4 * 4, 0);
  camera[1] = 1;
  *find_minimap_layer("camera")->mutable_image(*observation->mutable_feature_layer_data()) =
      encode_image(camera, 4, 4, 1);

  auto* echoed = response.add_actions()->mutable_action_feature_layer()->mutable_unit_command();
  echoed->set_ability_id(16);
  echoed->mutable_target_screen_coord()->set_x(5);
  echoed->mutable_target_screen_coord()->set_y(3);
  response.add_actions()->mutable_action_ui()->mutable_select_army()->set_selection_add(false);
  response.add_action_errors()->set_result(SC2APIProtocol::NotEnoughMinerals);

  const Observation obs = to_observation(response, ObservationSpec{8, 8, 4, 4, true});
  CHECK(obs.player == std::array<std::int64_t, 11>{1, 50, 7, 12, 15, 3, 9, 2, 4, 5, 6});
  CHECK(obs.game_loop == 42);
  CHECK(obs.score == 17);
  CHECK(obs.available_actions == std::vector<int>{0, 1, 2, 3, 4, 6, 7, 8, 9, 331, 332});
  REQUIRE(obs.last_actions.size() == 2);
  CHECK(obs.last_actions[0] == FunctionCall{331, {{0}, {5, 3}}});  // Move_screen (general)
  CHECK(obs.last_actions[1] == FunctionCall{fn::select_army, {{0}}});
  CHECK(obs.action_result == std::vector<int>{SC2APIProtocol::NotEnoughMinerals});
  REQUIRE(obs.feature_screen.size() == 27);
  REQUIRE(obs.feature_minimap.size() == 11);
  REQUIRE(obs.screen("player_relative"));
  CHECK(obs.screen("player_relative")->at(5, 3) == 1);
  CHECK(obs.screen("player_relative")->kind == LayerKind::categorical);
  CHECK(obs.screen("unit_type")->values == std::vector<std::int32_t>(64, 0));  // not sent
  CHECK(obs.minimap("camera")->at(1, 0) == 1);
  CHECK(obs.minimap("camera")->width == 4);
  CHECK(obs.screen("no_such_layer") == nullptr);
  CHECK(observation_proto(obs).observation().game_loop() == 42);

  const Observation specific = to_observation(response, ObservationSpec{8, 8, 4, 4, false});
  CHECK(specific.last_actions[0].function == 563);  // Move_Move_screen
}

// ---- Hand-made ImageData at every bpp with odd sizes -----------------------------------

namespace {

// A layer spec of the given bpp (16 bpp: no PySC2 layer uses it, but the decoder must).
LayerSpec spec_with_bpp(int bpp) {
  LayerSpec spec = screen_spec(bpp == 1 ? "creep" : bpp == 8 ? "player_id" : "unit_type");
  spec.bpp = bpp;
  return spec;
}

// Bytes written out one pixel at a time, independently of encode_image: 1 bpp MSB first
// with no row padding, 16 and 32 bpp little-endian.
std::string hand_pack(const std::vector<std::int32_t>& values, int bpp) {
  std::string bytes;
  if (bpp == 1) {
    unsigned char current = 0;
    int used = 0;
    for (std::int32_t v : values) {
      current = static_cast<unsigned char>((current << 1) | (v & 1));
      if (++used == 8) {
        bytes.push_back(static_cast<char>(current));
        current = 0;
        used = 0;
      }
    }
    if (used > 0) bytes.push_back(static_cast<char>(current << (8 - used)));  // zero padding at the end only
    return bytes;
  }
  for (std::int32_t v : values) {
    std::uint32_t word = static_cast<std::uint32_t>(v);
    for (int b = 0; b < bpp / 8; ++b, word >>= 8) bytes.push_back(static_cast<char>(word & 0xff));
  }
  return bytes;
}

// A pattern that uses the value range of each bpp, including signed values at 32 bpp.
std::vector<std::int32_t> pattern(int width, int height, int bpp) {
  std::vector<std::int32_t> values;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int k = y * width + x;
      switch (bpp) {
        case 1: values.push_back((x * 3 + y) % 2 == 0 || x == y ? 1 : 0); break;
        case 8: values.push_back((k * 37 + 5) % 256); break;
        case 16: values.push_back((k * 4099 + 17) % 65536); break;
        default: values.push_back((k % 2 ? -1 : 1) * (k * 123457 + 3)); break;
      }
    }
  }
  return values;
}

}  // namespace

TEST_CASE("decode: every bpp at odd sizes (7x5, 1x1, 13x3, 5x7)") {
  for (int bpp : {1, 8, 16, 32}) {
    const LayerSpec spec = spec_with_bpp(bpp);
    for (auto [w, h] : {std::pair{7, 5}, std::pair{1, 1}, std::pair{13, 3}, std::pair{5, 7}}) {
      CAPTURE(bpp);
      CAPTURE(w);
      CAPTURE(h);
      const std::vector<std::int32_t> values = pattern(w, h, bpp);
      const std::string bytes = hand_pack(values, bpp);
      CHECK(bytes.size() == static_cast<std::size_t>((w * h * bpp + 7) / 8));
      const Layer layer = decode_image(image_data(bpp, w, h, bytes), spec, w, h);
      CHECK(layer.width == w);
      CHECK(layer.height == h);
      CHECK(layer.values == values);
      CHECK(layer.at(w - 1, h - 1) == values.back());  // bottom-right: last pixel of the stream
      CHECK(layer.at(w - 1, 0) == values[static_cast<std::size_t>(w - 1)]);  // rows are not padded
      CHECK(encode_image(values, w, h, bpp).data() == bytes);  // the encoder packs the same bytes
    }
  }
}

TEST_CASE("decode 1 bpp literals: 1x1 and 13x3 (bits run on across rows)") {
  CHECK(decode_image(image_data(1, 1, 1, "\x80"), screen_spec("creep"), 1, 1).values == std::vector<std::int32_t>{1});
  CHECK(decode_image(image_data(1, 1, 1, "\x7f"), screen_spec("creep"), 1, 1).values == std::vector<std::int32_t>{0});
  // Row 0 all ones, row 1 zeros, row 2 alternating from 1: bits 1x13 0x13 1010101010101 + 1 pad bit.
  const Layer layer = decode_image(image_data(1, 13, 3, std::string("\xff\xf8\x00\x2a\xaa", 5)), screen_spec("creep"), 13, 3);
  for (int x = 0; x < 13; ++x) {
    CAPTURE(x);
    CHECK(layer.at(x, 0) == 1);
    CHECK(layer.at(x, 1) == 0);
    CHECK(layer.at(x, 2) == (x % 2 == 0 ? 1 : 0));
  }
}

TEST_CASE("decode 8/16/32 bpp literals at 3x1") {
  CHECK(decode_image(image_data(8, 3, 1, std::string("\x01\x80\xff", 3)), spec_with_bpp(8), 3, 1).values ==
        std::vector<std::int32_t>{1, 128, 255});
  CHECK(decode_image(image_data(16, 3, 1, std::string("\x01\x00\x00\x80\xff\xff", 6)), spec_with_bpp(16), 3, 1).values ==
        std::vector<std::int32_t>{1, 32768, 65535});
  CHECK(decode_image(image_data(32, 3, 1, std::string("\x01\x00\x00\x00\x00\x00\x00\x80\xff\xff\xff\x7f", 12)),
                     spec_with_bpp(32), 3, 1)
            .values == std::vector<std::int32_t>{1, std::numeric_limits<std::int32_t>::min(),
                                                  std::numeric_limits<std::int32_t>::max()});
}

TEST_CASE("decode: wrong data length at every bpp gives a clear error") {
  for (int bpp : {1, 8, 16, 32}) {
    const LayerSpec spec = spec_with_bpp(bpp);
    for (auto [w, h] : {std::pair{7, 5}, std::pair{1, 1}, std::pair{13, 3}}) {
      const std::size_t right = static_cast<std::size_t>((w * h * bpp + 7) / 8);
      for (std::size_t wrong : {right - 1, right + 1, std::size_t{0}}) {
        CAPTURE(bpp);
        CAPTURE(w);
        CAPTURE(h);
        CAPTURE(wrong);
        const std::string message = error_of(image_data(bpp, w, h, std::string(wrong, '\x01')), spec, w, h);
        CHECK(message.find(std::string(spec.name)) != std::string::npos);
        CHECK(message.find("expected " + std::to_string(right) + " bytes") != std::string::npos);
        CHECK(message.find("got " + std::to_string(wrong)) != std::string::npos);
      }
    }
  }
}

TEST_CASE("to_observation with game info passes through to the structured keys") {
  SC2APIProtocol::ResponseObservation response;
  response.mutable_observation()->mutable_player_common()->set_player_id(1);
  SC2APIProtocol::ResponseGameInfo info;
  info.set_map_name("CollectMineralShards");
  auto* me = info.add_player_info();
  me->set_player_id(1);
  me->set_race_requested(SC2APIProtocol::Random);
  ObservationSpec spec{8, 8, 4, 4, true};
  const Observation obs = to_observation(response, spec, info);
  CHECK(obs.map_name == "CollectMineralShards");
  CHECK(obs.home_race_requested == SC2APIProtocol::Random);
  CHECK(obs.feature_screen.size() == 27);
  CHECK(obs.control_groups.rows == 10);
}
