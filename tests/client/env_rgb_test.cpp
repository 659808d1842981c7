// Env with RGB options (rgb_screen_width / rgb_screen_height / rgb_minimap_size): the join
// asks for `render`, the echo is checked, and rgb_screen / rgb_minimap come decoded at the
// asked sizes from our engine (in-process GameServer, the same bytes as over the websocket).
#include <doctest/doctest.h>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "client/controller.h"
#include "client/pysc2/env.h"
#include "engine/raster/rgb_render.h"
#include "engine/server/game_server.h"
#include "tests/client/engine_channel.h"

using namespace sc2::pysc2;

namespace {

namespace api = SC2APIProtocol;

using sc2::test::EngineChannel;

int count_colour(const RgbImage& image, sc2::engine::Rgb colour) {
  int n = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      n += image.at(x, y, 0) == colour.r && image.at(x, y, 1) == colour.g && image.at(x, y, 2) == colour.b ? 1 : 0;
    }
  }
  return n;
}

// Options on the map these tests play (EnvOptions has no default map).
EnvOptions beacon_options() {
  EnvOptions options;
  options.map = "MoveToBeacon";
  return options;
}

}  // namespace

TEST_CASE("Env asking for RGB gets rgb_screen and rgb_minimap of the asked sizes from the engine") {
  auto owned = std::make_unique<EngineChannel>();
  EngineChannel& channel = *owned;
  sc2::Controller controller(std::move(owned));
  EnvOptions options = beacon_options();
  options.seed = 7;
  options.rgb_screen_width = 72;
  options.rgb_screen_height = 96;  // non-square, taller than wide: the whole 24x24 playable area shows
  options.rgb_minimap_size = 48;
  Env env(controller, options);
  std::shared_ptr<const TimeStep> step = env.reset();

  // The join asked for render with exactly these resolutions (no width, as PySC2).
  REQUIRE(channel.last_join.options().has_render());
  CHECK(channel.last_join.options().render().resolution().x() == 72);
  CHECK(channel.last_join.options().render().resolution().y() == 96);
  CHECK(channel.last_join.options().render().minimap_resolution().x() == 48);
  CHECK(channel.last_join.options().render().minimap_resolution().y() == 48);
  CHECK_FALSE(channel.last_join.options().render().has_width());
  CHECK(env.game_info().options().has_render());

  for (int i = 0; i < 3; ++i) {
    const Observation& obs = step->observation;
    REQUIRE(obs.rgb_screen.width == 72);
    REQUIRE(obs.rgb_screen.height == 96);
    CHECK(obs.rgb_screen.rgb.size() == 72u * 96u * 3u);
    REQUIRE(obs.rgb_minimap.width == 48);
    REQUIRE(obs.rgb_minimap.height == 48);
    // The Marine and the beacon are on the screen and the minimap; the minimap has its camera box.
    CHECK(count_colour(obs.rgb_screen, sc2::engine::rgb_palette::kOwnUnit) > 0);
    CHECK(count_colour(obs.rgb_screen, sc2::engine::rgb_palette::kBeacon) > 0);
    CHECK(count_colour(obs.rgb_minimap, sc2::engine::rgb_palette::kOwnUnit) > 0);
    CHECK(count_colour(obs.rgb_minimap, sc2::engine::rgb_palette::kCameraBox) > 0);
    CHECK(obs.feature_screen.front().width == 64);  // the feature layers as before
    step = env.step(FunctionCall{0, {}});
  }
  CHECK(env.last() == step);  // the last TimeStep, images and all, nothing decoded again
  CHECK(env.last()->observation.rgb_screen.width == 72);
}

TEST_CASE("Env without RGB options asks for no render and gets no images") {
  auto owned = std::make_unique<EngineChannel>();
  EngineChannel& channel = *owned;
  sc2::Controller controller(std::move(owned));
  EnvOptions options = beacon_options();
  options.seed = 7;
  Env env(controller, options);
  const TimeStep step = *env.reset();
  CHECK_FALSE(channel.last_join.options().has_render());
  CHECK(step.observation.rgb_screen.empty());
  CHECK(step.observation.rgb_minimap.empty());
}

TEST_CASE("Env throws when the game does not echo the RGB setup it asked for") {
  for (bool drop : {true, false}) {
    CAPTURE(drop);
    auto owned = std::make_unique<EngineChannel>();
    owned->tamper = [drop](api::Response& response) {
      if (!response.has_game_info()) return;
      auto* options = response.mutable_game_info()->mutable_options();
      if (drop) {
        options->clear_render();
      } else {
        options->mutable_render()->mutable_minimap_resolution()->set_x(32);
      }
    };
    sc2::Controller controller(std::move(owned));
    EnvOptions options = beacon_options();
    options.rgb_screen_width = 64;
    options.rgb_minimap_size = 64;
    Env env(controller, options);
    try {
      env.reset();
      FAIL("expected std::runtime_error");
    } catch (const std::runtime_error& error) {
      const std::string message = error.what();
      CHECK(message.find("RGB") != std::string::npos);
      CHECK(message.find("64x64") != std::string::npos);
      CHECK(message.find(drop ? "no render" : "32x64") != std::string::npos);
    }
  }
}

TEST_CASE("Env RGB options: negative sizes and only one of screen and minimap are refused") {
  sc2::Controller controller(std::make_unique<EngineChannel>());
  const auto refused = [&](EnvOptions options) {
    CHECK_THROWS_AS(Env(controller, options), std::invalid_argument);
  };
  EnvOptions options = beacon_options();
  options.rgb_screen_width = 64;  // no minimap
  refused(options);
  options = beacon_options();
  options.rgb_minimap_size = 64;  // no screen
  refused(options);
  options = beacon_options();
  options.rgb_screen_width = -1;
  options.rgb_minimap_size = 64;
  refused(options);
  options = beacon_options();
  options.rgb_screen_height = 48;  // a height without a width
  refused(options);
  options = beacon_options();
  options.rgb_screen_width = 64;
  options.rgb_minimap_size = 64;
  CHECK_NOTHROW(Env(controller, options));
  CHECK_NOTHROW(Env(controller, beacon_options()));  // RGB off by default
}
