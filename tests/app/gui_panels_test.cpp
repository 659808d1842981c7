// The real panels (StudioUi) in this process, fed by a RecordedSession of hand-made
// observations: no game and no sc2studio process. SDL's offscreen driver, the app's window and
// frame (app/ui/studio_window.h); checks the frame's pixels and what reaches the commands.
#include <doctest/doctest.h>
#include <stb_image.h>

#include <SDL.h>

#include "backends/imgui_impl_sdl.h"

#include <cstdlib>
#include <utility>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/views/policy_overlay.h"
#include "app/session/recorded_session.h"
#include "app/program/script.h"
#include "app/ui/script_player.h"
#include "app/ui/studio_ui.h"
#include "app/ui/studio_window.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"
#include "render/backends/gl_window.h"
#include "render/backends/screenshot.h"
#include "render/palette.h"
#include "render/resource_kind.h"
#include "tests/app/app_test_support.h"
#include "tests/app/panels_test_support.h"

namespace pysc2 = sc2::pysc2;
using sc2::app::RecordedSession;
using sc2::app::RecordedSessionOptions;
using sc2::app::RecordedStep;
using sc2::test::Panels;
using sc2::test::Picture;
using sc2::test::owner_colour;

namespace {

constexpr int kLayerSize = 64;
constexpr float kMapSize = 64.0f;
// Raw units (world coordinates; the camera is at the map's centre, 24 world units across).
constexpr float kMarineX = 30.0f, kMarineY = 33.0f;
constexpr float kZerglingX = 37.0f, kZerglingY = 29.0f;

int function_id(const char* name) { return pysc2::find_function(name)->id; }

pysc2::Layer zero_layer(const pysc2::LayerSpec& spec) {
  pysc2::Layer layer;
  layer.name = std::string(spec.name);
  layer.kind = spec.kind;
  layer.scale = spec.scale;
  layer.width = layer.height = kLayerSize;
  layer.values.assign(static_cast<std::size_t>(kLayerSize) * kLayerSize, 0);
  layer.sent = true;
  return layer;
}

pysc2::RawUnit unit(std::uint64_t tag, std::uint32_t type, int owner, float x, float y) {
  pysc2::RawUnit unit;
  unit.tag = tag;
  unit.unit_type = type;
  unit.owner = owner;
  unit.alliance = owner == 1 ? pysc2::Alliance::self : pysc2::Alliance::enemy;
  unit.pos = {x, y, 0.0f};
  unit.radius = 1.0f;  // large enough to count its pixels
  unit.health = unit.health_max = 45.0f;
  return unit;
}

// One observation: a flat lit map with a Marine (player 1) and a Zergling (player 2) on it,
// every PySC2 layer at 64x64 (zeros but height and visibility), raw data and the game's view.
RecordedStep recorded_step(std::uint32_t game_loop, const std::shared_ptr<const pysc2::GameView>& view,
                           std::optional<pysc2::FunctionCall> call, const std::vector<pysc2::RawUnit>& more_units = {}) {
  auto timestep = std::make_shared<pysc2::TimeStep>();
  timestep->step_type = game_loop == 0 ? pysc2::StepType::first : pysc2::StepType::mid;
  pysc2::Observation& obs = timestep->observation;
  obs.game_loop = game_loop;
  obs.map_name = view->map_name;
  obs.game_view = view;
  for (const pysc2::LayerSpec& spec : pysc2::screen_layers()) obs.feature_screen.push_back(zero_layer(spec));
  for (const pysc2::LayerSpec& spec : pysc2::minimap_layers()) obs.feature_minimap.push_back(zero_layer(spec));
  for (auto* layers : {&obs.feature_screen, &obs.feature_minimap}) {
    for (pysc2::Layer& layer : *layers) {
      if (layer.name == "height_map") std::fill(layer.values.begin(), layer.values.end(), 120);
      if (layer.name == "visibility_map") std::fill(layer.values.begin(), layer.values.end(), 2);  // visible
    }
  }
  obs.raw_view.sent = true;
  obs.raw_view.camera = pysc2::Point2D{kMapSize / 2, kMapSize / 2};
  obs.raw_view.units = {unit(1, 48, 1, kMarineX, kMarineY), unit(2, 105, 2, kZerglingX, kZerglingY)};
  obs.raw_view.units.insert(obs.raw_view.units.end(), more_units.begin(), more_units.end());
  obs.available_actions = {pysc2::fn::no_op, pysc2::fn::move_camera, pysc2::fn::select_point,
                           pysc2::fn::select_rect, function_id("Move_screen"), function_id("Smart_screen")};
  return RecordedStep{timestep, std::move(call), nullptr};
}

std::vector<RecordedStep> recorded_steps(std::optional<pysc2::FunctionCall> agent_call) {
  auto view = std::make_shared<pysc2::GameView>();
  view->map_name = "Recorded";
  view->map_width = view->map_height = static_cast<int>(kMapSize);
  view->camera_width = 24.0f;
  std::vector<RecordedStep> steps;
  for (std::uint32_t loop = 0; loop < 40; loop += 8) steps.push_back(recorded_step(loop, view, agent_call));
  return steps;
}

}  // namespace

TEST_CASE("the real panels draw a recorded session: the units in the World view, the layers, the agent's marker") {
  // The agent's call of every step: its target is drawn as the agent's marker.
  const pysc2::FunctionCall move{function_id("Move_screen"), {{0}, {48, 16}}};
  Panels panels(recorded_steps(move), "scripted");
  INFO(panels.error());
  REQUIRE(panels.error().empty());
  Picture picture;
  for (int i = 0; i < 3; ++i) CHECK(panels.frame());
  CHECK(panels.frame(&picture));
  // The commands heard which observation was drawn.
  CHECK(panels.session().drawn_version() == panels.session().snapshot().timestep_version);
  CHECK(panels.ui().snapshot().timestep->observation.game_loop == 24);

  REQUIRE(picture.width == 1280);
  const sc2::app::ui::SurfaceRect& world = panels.ui().world_surface();
  REQUIRE(world.valid);
  CHECK(world.layer_width == kLayerSize);
  // Each unit's disc in its owner's colour, inside the World view: a disc of radius 1 at
  // ~19 px per world unit covers about a thousand pixels.
  CHECK(picture.count(owner_colour(1), world.rect) > 300);
  CHECK(picture.count(owner_colour(2), world.rect) > 300);
  // The agent's Move_screen target, in the agent's marker colour (255, 70, 230).
  CHECK(picture.count(sc2::render::Rgb{255, 70, 230}, world.rect) > 20);
  // The layer grid: the screen height map (120 everywhere) in its palette's colour, all over
  // the image where the grid says it drew it.
  const auto height_map = panels.ui().layer_image_surface("screen/height_map");
  REQUIRE(height_map.has_value());
  const sc2::render::Rgb height_colour = sc2::render::find_palette("height_map_256")->color(120);
  const float area = height_map->rect.width * height_map->rect.height;
  CHECK(picture.count(height_colour, height_map->rect) > 0.8f * area);
  // The log came through the reader: the agent's calls, one per step.
  CHECK(panels.session().action_log().size() == 4);
}

TEST_CASE("the real panels send a click in the World view as select_point and a right click as Smart_screen") {
  Panels panels(recorded_steps(std::nullopt));
  INFO(panels.error());
  REQUIRE(panels.error().empty());
  // Scripted SDL input, the path a person's mouse takes (SDL's queue, ImGui's SDL backend).
  sc2::app::ParsedScript script = sc2::app::parse_script(
      "wait_game\nclick world 10 50\nright_click world 40 12 shift\nwait_frames 2\nquit\n", "test script");
  REQUIRE(script.error.empty());
  sc2::app::ui::ScriptPlayer player(std::move(script.commands));
  int frames = 0;
  while (player.apply(panels.ui(), panels.window().sdl_window()) && ++frames < 200) panels.frame();
  INFO(player.error());
  CHECK(player.error().empty());

  const auto& calls = panels.session().submitted_calls();
  REQUIRE(calls.size() == 2);
  CHECK(calls[0] == pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {10, 50}}});
  CHECK(calls[1] == pysc2::FunctionCall{function_id("Smart_screen"), {{1}, {40, 12}}});  // Shift: queued
  // Shown in the log as the session answered: queued.
  const auto log = panels.session().action_log();
  REQUIRE(log.size() == 2);
  CHECK(log[0].text == "select_point(\"select\", [10, 50])");
  CHECK(log[0].result == "queued");
}

TEST_CASE("at the default 1280x800 layout the Action log's detail line shows the whole newest call") {
  // A call far wider than the log's FunctionCall column (the issue's `Attack_scree...`).
  const pysc2::FunctionCall attack{function_id("Attack_screen"), {{1}, {48, 16}}};
  Panels panels(recorded_steps(attack), "scripted");
  INFO(panels.error());
  REQUIRE(panels.error().empty());
  Picture picture;
  for (int i = 0; i < 3; ++i) CHECK(panels.frame());
  CHECK(panels.frame(&picture));
  REQUIRE(picture.width == 1280);
  REQUIRE(picture.height == 800);
  const auto log = panels.session().action_log();
  REQUIRE_FALSE(log.empty());
  CHECK(log.back().text == "Attack_screen(\"queued\", [48, 16])");
  // Drawn whole and wholly inside the window.
  CHECK(panels.ui().log_detail_shown() == log.back().text);
}

TEST_CASE("a click on an Action log row shows that row's whole call in the detail line, a second click the newest again") {
  auto view = std::make_shared<pysc2::GameView>();
  view->map_name = "Recorded";
  view->map_width = view->map_height = static_cast<int>(kMapSize);
  view->camera_width = 24.0f;
  const std::vector<pysc2::FunctionCall> calls = {
      pysc2::FunctionCall{pysc2::fn::select_rect, {{0}, {10, 50}, {40, 12}}},
      pysc2::FunctionCall{function_id("Attack_screen"), {{1}, {48, 16}}},
      pysc2::FunctionCall{function_id("Move_screen"), {{0}, {3, 60}}}};
  std::vector<RecordedStep> steps;
  for (std::size_t i = 0; i < calls.size(); ++i) steps.push_back(recorded_step(static_cast<std::uint32_t>(8 * i), view, calls[i]));
  Panels panels(std::move(steps), "scripted");
  INFO(panels.error());
  REQUIRE(panels.error().empty());
  for (int i = 0; i < 3; ++i) panels.frame();
  panels.session().set_paused(true);  // no new calls: the rows stay where they are
  panels.frame();
  const auto log = panels.session().action_log();
  REQUIRE(log.size() >= 2);
  CHECK(panels.ui().log_detail_shown() == log.back().text);

  auto play = [&](const std::string& text) {
    sc2::app::ParsedScript script = sc2::app::parse_script(text, "test script");
    REQUIRE(script.error.empty());
    sc2::app::ui::ScriptPlayer player(std::move(script.commands));
    int frames = 0;
    while (player.apply(panels.ui(), panels.window().sdl_window()) && ++frames < 200) panels.frame();
    INFO(player.error());
    CHECK(player.error().empty());
  };
  play("click_button log/row/1\nwait_frames 2\nquit\n");
  CHECK(panels.ui().log_detail_shown() == log.front().text);
  CHECK(log.front().text != log.back().text);
  play("click_button log/row/1\nwait_frames 2\nquit\n");  // the chosen row again: back to the newest
  CHECK(panels.ui().log_detail_shown() == log.back().text);
}

TEST_CASE("the World view draws mineral fields, vespene geysers and a Refinery over its geyser apart") {
  // A mineral field, a free geyser and a geyser with a Refinery (player 1) on it; the neutral
  // colour must be nowhere: before, every resource was a disc in it.
  auto resource = [](std::uint64_t tag, std::uint32_t type, int owner, float x, float y, float radius) {
    pysc2::RawUnit out = unit(tag, type, owner, x, y);
    out.alliance = owner == 16 ? pysc2::Alliance::neutral : pysc2::Alliance::self;
    out.radius = radius;
    out.health = out.health_max = 10000.0f;
    return out;
  };
  std::vector<pysc2::RawUnit> resources = {resource(10, 341, 16, 26.0f, 38.0f, 1.125f),
                                           resource(11, 342, 16, 38.0f, 38.0f, 1.5f),
                                           resource(12, 342, 16, 26.0f, 24.0f, 1.5f),
                                           resource(13, 20, 1, 26.0f, 24.0f, 1.6875f)};
  resources[0].mineral_contents = 1800;
  resources[1].vespene_contents = resources[2].vespene_contents = 2250;
  resources[3].vespene_contents = 2000;
  auto view = std::make_shared<pysc2::GameView>();
  view->map_name = "Recorded";
  view->map_width = view->map_height = static_cast<int>(kMapSize);
  view->camera_width = 24.0f;
  Panels panels({recorded_step(0, view, std::nullopt, resources)});
  INFO(panels.error());
  REQUIRE(panels.error().empty());
  Picture picture;
  panels.frame();
  panels.frame();
  CHECK(panels.frame(&picture) == true);
  const sc2::app::ui::SurfaceRect& world = panels.ui().world_surface();
  REQUIRE(world.valid);
  // Areas in window pixels of discs of these world radii (the legend adds a few pixels more).
  const float px_per_world = world.rect.width / 24.0f;
  auto area = [&](float radius) { return 3.14159f * radius * radius * px_per_world * px_per_world; };
  const int blue = picture.count(sc2::render::kMineralColor, world.rect);
  const int green = picture.count(sc2::render::kVespeneColor, world.rect);
  const int vent = picture.count(sc2::render::kGeyserVentColor, world.rect);
  INFO("blue ", blue, ", green ", green, ", vent ", vent, ", one vent ", area(0.75f));
  CHECK(blue > 0.7f * area(1.125f));  // the mineral field
  // The free geyser: a green ring round a dark vent; the Refinery: a green core.
  CHECK(vent > 0.7f * area(0.75f));
  CHECK(green > 0.7f * (area(1.5f) - area(0.75f) + area(0.84f)));
  // The Refinery covers its geyser: one vent shows, not two.
  CHECK(vent < 1.3f * area(0.75f));
  CHECK(picture.count(owner_colour(1), world.rect) > 0.7f * (area(1.6875f) - area(0.84f)));  // its owner's ring
  CHECK(picture.count(owner_colour(16), world.rect) == 0);
}

namespace {

// A learned agent's policy as it would come with each step: all of one spatial argument's mass
// on `hot` (a FullyConv pixel distribution on 64x64), the call sent, a rising value estimate.
std::shared_ptr<const sc2::app::AgentPolicy> policy_on(int argument_type, sc2::app::LayerPixel hot,
                                                       const pysc2::FunctionCall& chosen, int step) {
  auto policy = std::make_shared<sc2::app::AgentPolicy>();
  sc2::agents::PolicyView& view = policy->view;
  view.function_probabilities.assign(573, 0.0f);
  view.function_probabilities[chosen.function] = 0.7f;
  view.function_probabilities[pysc2::fn::no_op] = 0.3f;
  sc2::agents::ArgumentDistribution spatial;
  spatial.argument_type = argument_type;
  spatial.axis = sc2::agents::ArgumentDistribution::Axis::pixels;
  spatial.width = spatial.height = kLayerSize;
  spatial.probabilities.assign(static_cast<std::size_t>(kLayerSize) * kLayerSize, 0.0f);
  spatial.probabilities[static_cast<std::size_t>(hot.y) * kLayerSize + hot.x] = 1.0f;
  view.arguments.push_back(std::move(spatial));
  view.chosen = chosen;
  view.value = 0.1f * static_cast<float>(step);
  for (int i = 1; i <= step; ++i) policy->values.push_back(0.1f * static_cast<float>(i));
  return policy;
}

std::vector<RecordedStep> steps_with_policy(int argument_type, sc2::app::LayerPixel hot, const pysc2::FunctionCall& call) {
  std::vector<RecordedStep> steps = recorded_steps(call);
  for (std::size_t i = 0; i < steps.size(); ++i) steps[i].policy = policy_on(argument_type, hot, call, static_cast<int>(i + 1));
  return steps;
}

// How many pixels of `area` differ between two pictures by more than `by` in some channel.
int changed(const Picture& a, const Picture& b, const sc2::app::ImageRect& area, int by = 30) {
  int found = 0;
  for (int y = static_cast<int>(area.y) + 1; y < static_cast<int>(area.y + area.height) - 1 && y < a.height; ++y) {
    for (int x = static_cast<int>(area.x) + 1; x < static_cast<int>(area.x + area.width) - 1 && x < a.width; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * a.width + x) * 3;
      for (int c = 0; c < 3; ++c) {
        if (std::abs(a.rgb[i + c] - b.rgb[i + c]) > by) {
          ++found;
          break;
        }
      }
    }
  }
  return found;
}

int inner_pixels(const sc2::app::ImageRect& area) {
  return static_cast<int>(area.width - 2) * static_cast<int>(area.height - 2);
}

// Whether the pixel at the centre of `area` differs between two pictures by more than `by`.
bool centre_changed(const Picture& a, const Picture& b, const sc2::app::ImageRect& area, int by = 30) {
  const int x = static_cast<int>(area.x + area.width / 2), y = static_cast<int>(area.y + area.height / 2);
  const std::size_t i = (static_cast<std::size_t>(y) * a.width + x) * 3;
  for (int c = 0; c < 3; ++c) {
    if (std::abs(a.rgb[i + c] - b.rgb[i + c]) > by) return true;
  }
  return false;
}

std::vector<RecordedStep> without_policy(std::vector<RecordedStep> steps) {
  for (RecordedStep& step : steps) step.policy = nullptr;
  return steps;
}

// The fourth frame of a recorded session, as the panels drew it, with the layer grid scrolled
// to `reveal` (a layer's key) when given.
Picture fourth_frame(Panels& panels, const std::string& reveal = {}) {
  Picture picture;
  for (int i = 0; i < 3; ++i) {
    if (!reveal.empty()) panels.ui().reveal_layer(reveal);
    panels.frame();
  }
  panels.frame(&picture);
  return picture;
}

}  // namespace

TEST_CASE("a learned agent's screen argument is drawn as a heat-map on its pixel of the layers, the World view and the minimap") {
  const sc2::app::LayerPixel hot{12, 44};
  // The call sent points elsewhere (its marker is in both pictures): only the heat differs.
  const pysc2::FunctionCall move{function_id("Move_screen"), {{0}, {48, 16}}};
  const auto steps = steps_with_policy(pysc2::arg::screen, hot, move);
  Picture without;
  {
    Panels plain(without_policy(steps), "learned");
    REQUIRE(plain.error().empty());
    without = fourth_frame(plain);
  }
  Panels panels(steps, "learned");
  INFO(panels.error());
  REQUIRE(panels.error().empty());
  const Picture with = fourth_frame(panels);
  REQUIRE(with.width == 1280);
  REQUIRE(without.width == 1280);
  REQUIRE(panels.ui().snapshot().policy);

  // The screen height map (one colour all over): the hot pixel's square is tinted, a square
  // far from it still shows the layer's own colour exactly.
  const auto height_map = panels.ui().layer_image_surface("screen/height_map");
  REQUIRE(height_map.has_value());
  const sc2::app::ImageRect hot_cell = sc2::app::screen_pixel_rect(height_map->rect, kLayerSize, kLayerSize, hot);
  CHECK(centre_changed(with, without, hot_cell));
  const sc2::app::ImageRect cold_cell = sc2::app::screen_pixel_rect(height_map->rect, kLayerSize, kLayerSize, {40, 10});
  const sc2::render::Rgb height_colour = sc2::render::find_palette("height_map_256")->color(120);
  CHECK_FALSE(centre_changed(with, without, cold_cell, 0));
  // Tinted, not covered: the layer still shows through the hottest pixel (at most 70% heat).
  const int cx = static_cast<int>(hot_cell.x + hot_cell.width / 2), cy = static_cast<int>(hot_cell.y + hot_cell.height / 2);
  const unsigned char* p = &with.rgb[(static_cast<std::size_t>(cy) * with.width + cx) * 3];
  const sc2::app::HeatColour peak = sc2::app::heat_colour(1.0f);
  const float a = peak.a / 255.0f;
  CHECK(std::abs(p[0] - (peak.r * a + height_colour.r * (1 - a))) <= 2.0f);
  CHECK(std::abs(p[1] - (peak.g * a + height_colour.g * (1 - a))) <= 2.0f);
  CHECK(std::abs(p[2] - (peak.b * a + height_colour.b * (1 - a))) <= 2.0f);
  // The rest of the layer is as it was: only the hot pixel's square changed.
  CHECK(changed(with, without, height_map->rect, 0) <= static_cast<int>((hot_cell.width + 2) * (hot_cell.height + 2)));

  // The World view: the square the hot screen pixel covers there, and nothing elsewhere.
  const sc2::app::ui::SurfaceRect& world = panels.ui().world_surface();
  REQUIRE(world.valid);
  const sc2::app::ImageRect world_cell = sc2::app::screen_pixel_rect(world.rect, kLayerSize, kLayerSize, hot);
  REQUIRE(world_cell.width >= 4.0f);
  CHECK(changed(with, without, world_cell) == inner_pixels(world_cell));
  const int outside = changed(with, without, world.rect) - changed(with, without, world_cell);
  CHECK(outside <= 2 * static_cast<int>(world_cell.width + world_cell.height + 4));  // the square's edges only

  // The minimap: the minimap pixel under the hot screen pixel, where the camera is (24 world
  // units across at the map's centre).
  const sc2::app::ui::SurfaceRect& minimap = panels.ui().minimap_surface();
  REQUIRE(minimap.valid);
  auto game = std::make_shared<pysc2::GameView>();
  game->map_width = game->map_height = static_cast<int>(kMapSize);
  const auto on_map = sc2::app::screen_pixel_on_minimap(sc2::render::camera_area({kMapSize / 2, kMapSize / 2}, 24.0f, 64, 64),
                                                        kLayerSize, kLayerSize, hot, *game, kLayerSize, kLayerSize);
  REQUIRE(on_map.has_value());
  CHECK(*on_map == sc2::app::LayerPixel{24, 36});
  CHECK(centre_changed(with, without, sc2::app::screen_pixel_rect(minimap.rect, kLayerSize, kLayerSize, *on_map)));
  CHECK_FALSE(centre_changed(with, without, sc2::app::screen_pixel_rect(minimap.rect, kLayerSize, kLayerSize, {5, 5}), 0));
}

TEST_CASE("a learned agent's minimap argument is drawn over the minimap and its layers, not the screen") {
  const sc2::app::LayerPixel hot{50, 8};
  const pysc2::FunctionCall move{function_id("Move_minimap"), {{0}, {50, 8}}};
  const auto steps = steps_with_policy(pysc2::arg::minimap, hot, move);
  Picture without;
  {
    Panels plain(without_policy(steps), "learned");
    REQUIRE(plain.error().empty());
    without = fourth_frame(plain, "minimap/height_map");
  }
  Panels panels(steps, "learned");
  REQUIRE(panels.error().empty());
  const Picture with = fourth_frame(panels, "minimap/height_map");
  const auto layer = panels.ui().layer_image_surface("minimap/height_map");
  REQUIRE(layer.has_value());
  CHECK(centre_changed(with, without, sc2::app::screen_pixel_rect(layer->rect, kLayerSize, kLayerSize, hot)));
  const sc2::app::ui::SurfaceRect& minimap = panels.ui().minimap_surface();
  CHECK(centre_changed(with, without, sc2::app::screen_pixel_rect(minimap.rect, kLayerSize, kLayerSize, hot)));
  // Not over the screen layers (those in view) nor the World view.
  for (const char* key : {"screen/height_map", "screen/unit_type", "screen/selected", "screen/unit_density"}) {
    if (const auto screen_layer = panels.ui().layer_image_surface(key)) {
      CHECK(changed(with, without, screen_layer->rect, 0) == 0);
    }
  }
  CHECK(changed(with, without, panels.ui().world_surface().rect, 0) == 0);
}
