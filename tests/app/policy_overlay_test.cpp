// What the UI draws of a learned agent's policy (app/policy_overlay.h), without a window: the
// heat-map sums to one and its mass lands on the pixels the policy meant, on the screen layers,
// in the World view at any zoom and on the minimap; the colour ramp leaves the layer readable;
// the top function ids mark the call sent. Bad views give nothing to draw, not a crash.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <numeric>

#include "app/views/policy_overlay.h"
#include "app/views/world_view_logic.h"
#include "client/pysc2/actions.h"

namespace app = sc2::app;
namespace agents = sc2::agents;
namespace pysc2 = sc2::pysc2;
using app::LayerPixel;

namespace {

int function_id(const char* name) { return pysc2::find_function(name)->id; }

// A FullyConv-like view: a pixel distribution for `type` on a w x h surface, mass split between
// the given pixels (unnormalised weights, as a network's may be after masking).
agents::PolicyView pixel_view(int type, int w, int h, const std::vector<std::pair<LayerPixel, float>>& mass) {
  agents::PolicyView view;
  agents::ArgumentDistribution d;
  d.argument_type = type;
  d.axis = agents::ArgumentDistribution::Axis::pixels;
  d.width = w;
  d.height = h;
  d.probabilities.assign(static_cast<std::size_t>(w) * h, 0.0f);
  for (const auto& [pixel, weight] : mass) d.probabilities[static_cast<std::size_t>(pixel.y) * w + pixel.x] += weight;
  view.arguments.push_back(d);
  return view;
}

double sum(const std::vector<float>& values) { return std::accumulate(values.begin(), values.end(), 0.0); }

pysc2::GameView map_of(int width, int height) {
  pysc2::GameView game;
  game.map_width = width;
  game.map_height = height;
  game.camera_width = 24.0f;
  return game;
}

}  // namespace

TEST_CASE("a pixel distribution's heat-map sums to one and its peak is the pixel at index y * width + x") {
  // Weights summing to 2, not 1: the heat-map is normalised.
  const auto view = pixel_view(pysc2::arg::screen, 64, 48, {{{10, 40}, 1.5f}, {{63, 0}, 0.5f}});
  const app::HeatMap heat = app::policy_heat_map(view, pysc2::arg::screen);
  REQUIRE_FALSE(heat.empty());
  CHECK(heat.width == 64);
  CHECK(heat.height == 48);
  CHECK(sum(heat.probabilities) == doctest::Approx(1.0));
  CHECK(heat.peak_at == LayerPixel{10, 40});
  CHECK(heat.peak == doctest::Approx(0.75));
  CHECK(heat.at({10, 40}) == doctest::Approx(0.75));
  CHECK(heat.at({63, 0}) == doctest::Approx(0.25));
  CHECK(heat.at({40, 10}) == 0.0f);   // not transposed
  CHECK(heat.at({64, 0}) == 0.0f);    // outside: 0, no crash
  CHECK(heat.at({-1, 3}) == 0.0f);
  // Another argument type is not in this view.
  CHECK(app::policy_heat_map(view, pysc2::arg::minimap).empty());
}

TEST_CASE("an Atari-net view's separate x and y distributions make a heat-map peaking at (x, y)") {
  agents::PolicyView view;
  agents::ArgumentDistribution x{pysc2::arg::minimap, agents::ArgumentDistribution::Axis::x, 32, 32, {}};
  agents::ArgumentDistribution y{pysc2::arg::minimap, agents::ArgumentDistribution::Axis::y, 32, 32, {}};
  x.probabilities.assign(32, 0.0f);
  y.probabilities.assign(32, 0.0f);
  x.probabilities[5] = 0.8f, x.probabilities[6] = 0.2f;
  y.probabilities[30] = 1.0f;
  view.arguments = {x, y};
  const app::HeatMap heat = app::policy_heat_map(view, pysc2::arg::minimap);
  REQUIRE_FALSE(heat.empty());
  CHECK(sum(heat.probabilities) == doctest::Approx(1.0));
  CHECK(heat.peak_at == LayerPixel{5, 30});
  CHECK(heat.at({6, 30}) == doctest::Approx(0.2));
  CHECK(heat.at({30, 5}) == 0.0f);
}

TEST_CASE("a malformed distribution gives no heat-map, not a crash") {
  auto view = pixel_view(pysc2::arg::screen, 8, 8, {{{1, 1}, 1.0f}});
  SUBCASE("size not width x height") { view.arguments[0].probabilities.resize(63); }
  SUBCASE("a negative probability") { view.arguments[0].probabilities[3] = -0.5f; }
  SUBCASE("not a number") { view.arguments[0].probabilities[3] = std::numeric_limits<float>::quiet_NaN(); }
  SUBCASE("all zero") { view.arguments[0].probabilities.assign(64, 0.0f); }
  SUBCASE("no size") { view.arguments[0].width = 0; }
  const app::HeatMap heat = app::policy_heat_map(view, pysc2::arg::screen);
  CHECK(heat.empty());
  CHECK(app::heat_rgba(heat).empty());
  CHECK(heat.at({1, 1}) == 0.0f);
}

TEST_CASE("the heat-map's argument: the one chosen, or the call's first spatial argument (screen without one)") {
  using app::HeatArgument;
  const pysc2::FunctionCall move_minimap{function_id("Move_minimap"), {{0}, {3, 4}}};
  const pysc2::FunctionCall move_screen{function_id("Move_screen"), {{0}, {3, 4}}};
  const pysc2::FunctionCall select_army{pysc2::fn::select_army, {{0}}};
  CHECK(app::heat_argument_type(HeatArgument::automatic, move_minimap) == pysc2::arg::minimap);
  CHECK(app::heat_argument_type(HeatArgument::automatic, move_screen) == pysc2::arg::screen);
  CHECK(app::heat_argument_type(HeatArgument::automatic, select_army) == pysc2::arg::screen);
  CHECK(app::heat_argument_type(HeatArgument::automatic, pysc2::FunctionCall{9999, {}}) == pysc2::arg::screen);
  CHECK(app::heat_argument_type(HeatArgument::screen2, move_minimap) == pysc2::arg::screen2);
  CHECK(app::heat_argument_type(HeatArgument::minimap, move_screen) == pysc2::arg::minimap);
  CHECK(app::is_minimap_argument(pysc2::arg::minimap));
  CHECK_FALSE(app::is_minimap_argument(pysc2::arg::screen2));
}

TEST_CASE("a screen pixel's square in the World view holds what the view draws there, at any zoom") {
  const sc2::render::WorldRect camera = sc2::render::camera_area({32.0f, 32.0f}, 24.0f, 64, 64);
  const app::ImageRect widget{100.0f, 50.0f, 480.0f, 480.0f};
  for (const float zoom : {1.0f, 2.0f, 3.5f}) {
    // Zoomed in on a point off the camera's centre.
    const sc2::render::WorldRect view = sc2::render::zoomed_view(camera, zoom, {28.0f, 35.0f});
    const app::ImageRect camera_image = app::camera_image_rect(widget, camera, view);
    for (const LayerPixel pixel : {LayerPixel{0, 0}, LayerPixel{63, 63}, LayerPixel{17, 40}, LayerPixel{20, 22}}) {
      INFO("zoom " << zoom << " pixel " << pixel.x << "," << pixel.y);
      const app::ImageRect square = app::screen_pixel_rect(camera_image, 64, 64, pixel);
      CHECK(square.width == doctest::Approx(widget.width * zoom / 64.0f));
      CHECK(square.height == doctest::Approx(widget.height * zoom / 64.0f));
      // Its centre is that pixel for the input mapping, and the pixel's world centre in the view.
      const app::ScreenPoint centre{square.x + square.width / 2, square.y + square.height / 2};
      CHECK(app::image_to_pixel(camera_image, centre, 64, 64) == pixel);
      const sc2::render::WorldPoint drawn{view.left + (centre.x - widget.x) / widget.width * view.width,
                                          view.top() - (centre.y - widget.y) / widget.height * view.height};
      const sc2::render::WorldPoint expected = sc2::render::screen_to_world(camera, {pixel.x + 0.5f, pixel.y + 0.5f}, 64, 64);
      CHECK(drawn.x == doctest::Approx(expected.x));
      CHECK(drawn.y == doctest::Approx(expected.y));
    }
  }
  // A layer image is its own camera image: pixel (3, 2) of a 64x64 layer drawn at 128x128.
  const app::ImageRect cell = app::screen_pixel_rect({10.0f, 20.0f, 128.0f, 128.0f}, 64, 64, {3, 2});
  CHECK(cell.x == 16.0f);
  CHECK(cell.y == 24.0f);
  CHECK(cell.width == 2.0f);
}

TEST_CASE("a screen pixel lands on the minimap pixel under its world centre, and nowhere off the map") {
  const pysc2::GameView game = map_of(64, 64);
  // Camera at the map's centre, 24 world units across a 64-pixel screen: 0.375 world units a pixel.
  const sc2::render::WorldRect camera = sc2::render::camera_area({32.0f, 32.0f}, 24.0f, 64, 64);
  // Screen (0, 0): world (20.19, 43.81) -> minimap (20, 64 - 43.81 = 20.19 -> 20).
  CHECK(app::screen_pixel_on_minimap(camera, 64, 64, {0, 0}, game, 64, 64) == LayerPixel{20, 20});
  // Screen (63, 63): world (43.81, 20.19) -> minimap (43, 43).
  CHECK(app::screen_pixel_on_minimap(camera, 64, 64, {63, 63}, game, 64, 64) == LayerPixel{43, 43});
  // A 32x32 minimap halves it.
  CHECK(app::screen_pixel_on_minimap(camera, 64, 64, {63, 63}, game, 32, 32) == LayerPixel{21, 21});
  // The camera in a corner: the screen's top-left lies off the map.
  const sc2::render::WorldRect corner = sc2::render::camera_area({2.0f, 62.0f}, 24.0f, 64, 64);
  CHECK_FALSE(app::screen_pixel_on_minimap(corner, 64, 64, {0, 0}, game, 64, 64).has_value());
  CHECK(app::screen_pixel_on_minimap(corner, 64, 64, {63, 63}, game, 64, 64).has_value());
  // No map size: nothing.
  CHECK_FALSE(app::screen_pixel_on_minimap(camera, 64, 64, {0, 0}, pysc2::GameView{}, 64, 64).has_value());
}

TEST_CASE("a screen heat-map carried onto the minimap keeps its mass on the camera's pixels") {
  const pysc2::GameView game = map_of(64, 64);
  const sc2::render::WorldRect camera = sc2::render::camera_area({32.0f, 32.0f}, 24.0f, 64, 64);
  const auto view = pixel_view(pysc2::arg::screen, 64, 64, {{{0, 0}, 0.6f}, {{63, 63}, 0.3f}, {{1, 0}, 0.1f}});
  const app::HeatMap screen = app::policy_heat_map(view, pysc2::arg::screen);
  const app::HeatMap minimap = app::screen_heat_on_minimap(screen, camera, game, 64, 64);
  REQUIRE_FALSE(minimap.empty());
  CHECK(minimap.width == 64);
  CHECK(sum(minimap.probabilities) == doctest::Approx(1.0));
  // Screen (0, 0) and (1, 0) both fall in minimap (20, 20) (0.375 world units a screen pixel).
  CHECK(minimap.at({20, 20}) == doctest::Approx(0.7));
  CHECK(minimap.at({43, 43}) == doctest::Approx(0.3));
  CHECK(minimap.peak_at == LayerPixel{20, 20});
  // The camera covers 24 x 24 minimap pixels: hot is the peak, or 16 times uniform over them.
  CHECK(minimap.hot == doctest::Approx(std::max(0.7f, app::kHotOverUniform / 576.0f)));
  // Off the map, the mass that falls there is not drawn.
  const sc2::render::WorldRect corner = sc2::render::camera_area({2.0f, 62.0f}, 24.0f, 64, 64);
  const app::HeatMap partly = app::screen_heat_on_minimap(screen, corner, game, 64, 64);
  CHECK(sum(partly.probabilities) == doctest::Approx(0.3));
  CHECK(app::screen_heat_on_minimap(app::HeatMap{}, camera, game, 64, 64).empty());
}

TEST_CASE("the colour ramp leaves cold pixels clear and never hides the layer under the hottest") {
  CHECK(app::heat_colour(0.0f).a == 0);
  CHECK(app::heat_colour(app::kHeatThreshold / 2).a == 0);
  CHECK(app::heat_colour(std::numeric_limits<float>::quiet_NaN()).a == 0);
  const app::HeatColour peak = app::heat_colour(1.0f);
  CHECK(peak.a == app::kHeatMaxAlpha);
  CHECK(peak.a < 255);
  CHECK(app::heat_colour(7.0f).a == peak.a);  // clamped
  // Hotter: more opaque and brighter.
  int alpha = 0, green = -1;
  for (float t = app::kHeatThreshold; t <= 1.0f; t += 0.05f) {
    const app::HeatColour c = app::heat_colour(t);
    CHECK(c.a > alpha - 1);
    CHECK(c.g >= green);
    alpha = c.a, green = c.g;
  }
  // The texture: four bytes a pixel, the peak's colour at the peak's pixel, clear elsewhere.
  const auto view = pixel_view(pysc2::arg::screen, 64, 48, {{{2, 1}, 1.0f}});
  const app::HeatMap heat = app::policy_heat_map(view, pysc2::arg::screen);
  const std::vector<std::uint8_t> rgba = app::heat_rgba(heat);
  REQUIRE(rgba.size() == 4u * 64 * 48);
  const std::size_t at = 4 * (1 * 64 + 2);
  CHECK(rgba[at] == peak.r);
  CHECK(rgba[at + 1] == peak.g);
  CHECK(rgba[at + 3] == peak.a);
  CHECK(rgba[3] == 0);
  CHECK(rgba[4 * (47 * 64 + 63) + 3] == 0);
}

TEST_CASE("a policy with no idea where to point (nearly uniform) is drawn faint, not hot all over") {
  std::vector<std::pair<LayerPixel, float>> everywhere;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 64; ++x) everywhere.push_back({{x, y}, 1.0f + 0.01f * static_cast<float>((x * 7 + y) % 5)});
  }
  const app::HeatMap heat = app::policy_heat_map(pixel_view(pysc2::arg::screen, 64, 64, everywhere), pysc2::arg::screen);
  REQUIRE_FALSE(heat.empty());
  CHECK(heat.hot == doctest::Approx(app::kHotOverUniform / 4096.0f));
  const std::vector<std::uint8_t> rgba = app::heat_rgba(heat);
  for (std::size_t i = 3; i < rgba.size(); i += 4) CHECK(rgba[i] <= app::kHeatMaxAlpha / 10);
  // Half of the mass on one pixel: that pixel is drawn hottest.
  everywhere.push_back({{9, 9}, 4096.0f});
  const app::HeatMap peaked = app::policy_heat_map(pixel_view(pysc2::arg::screen, 64, 64, everywhere), pysc2::arg::screen);
  CHECK(peaked.hot == peaked.peak);
  CHECK(app::heat_rgba(peaked)[4 * (9 * 64 + 9) + 3] == app::kHeatMaxAlpha);
}

TEST_CASE("the top function ids are the most likely first, the call sent marked or added") {
  agents::PolicyView view;
  view.function_probabilities.assign(573, 0.0f);
  view.function_probabilities[pysc2::fn::no_op] = 0.1f;
  view.function_probabilities[function_id("Move_screen")] = 0.5f;
  view.function_probabilities[pysc2::fn::select_army] = 0.3f;
  view.function_probabilities[function_id("Attack_screen")] = 0.05f;
  view.function_probabilities[pysc2::fn::move_camera] = 0.05f;
  view.function_probabilities[500] = std::numeric_limits<float>::quiet_NaN();  // ignored
  view.chosen = pysc2::FunctionCall{pysc2::fn::select_army, {{0}}};
  auto top = app::top_functions(view, 3);
  REQUIRE(top.size() == 3);
  CHECK(top[0].function == function_id("Move_screen"));
  CHECK(top[0].probability == doctest::Approx(0.5));
  CHECK(top[1].function == pysc2::fn::select_army);
  CHECK(top[1].chosen);
  CHECK_FALSE(top[0].chosen);
  CHECK(top[2].function == pysc2::fn::no_op);
  // Equal probabilities: the lower id first.
  top = app::top_functions(view, 5);
  REQUIRE(top.size() == 5);
  CHECK(top[3].function == std::min(pysc2::fn::move_camera, function_id("Attack_screen")));
  // A sampled call outside the top: added at the end, marked.
  view.chosen = pysc2::FunctionCall{function_id("Attack_screen"), {{0}, {1, 1}}};
  top = app::top_functions(view, 2);
  REQUIRE(top.size() == 3);
  CHECK(top[2].function == function_id("Attack_screen"));
  CHECK(top[2].chosen);
  CHECK(top[2].probability == doctest::Approx(0.05));
  // No probabilities at all: only the call sent.
  view.function_probabilities.clear();
  top = app::top_functions(view, 5);
  REQUIRE(top.size() == 1);
  CHECK(top[0].probability == 0.0f);
}
