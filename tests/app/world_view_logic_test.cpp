// World view logic: status bars, zoomed views, the input mapping at any zoom, labels, the
// units listed by the inspector, and the issue's "select one Zergling-sized unit with one
// click and drag-select a group at 64x64" on the world view and on a screen layer image.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "app/input/input_mapper.h"
#include "app/views/world_view_logic.h"
#include "client/pysc2/actions.h"
#include "render/world_scene.h"

using namespace sc2;
using pysc2::Alliance;
using render::WorldPoint;
using render::WorldRect;

namespace {

// A unit of the raw view (a visible Zergling unless changed); the reference is valid until
// the next unit is added.
pysc2::RawUnit& add_unit(pysc2::RawView& raw, std::uint64_t tag, float x, float y, float radius,
                         Alliance alliance = Alliance::self) {
  pysc2::RawUnit& unit = raw.units.emplace_back();
  unit.tag = tag;
  unit.owner = alliance == Alliance::neutral ? 16 : (alliance == Alliance::self ? 1 : 2);
  unit.alliance = alliance;
  unit.unit_type = 105;  // Zergling
  unit.pos = {x, y, 0.0f};
  unit.radius = radius;
  unit.health = 35;
  unit.health_max = 35;
  unit.display_type = pysc2::DisplayType::visible;
  return unit;
}

// The engine's select_rect rule (engine/server/action_interpreter.cpp): own units whose disc
// touches the world rectangle spanned by the two pixels' outer edges.
std::vector<std::uint64_t> engine_rect_selection(const pysc2::RawView& raw, const WorldRect& camera, int size,
                                                 app::LayerPixel a, app::LayerPixel b) {
  const float wpp = camera.width / static_cast<float>(size);
  const int x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x), y0 = std::min(a.y, b.y), y1 = std::max(a.y, b.y);
  const float left = camera.left + x0 * wpp, right = camera.left + (x1 + 1) * wpp;
  const float top = camera.top() - y0 * wpp, bottom = camera.top() - (y1 + 1) * wpp;
  std::vector<std::uint64_t> tags;
  for (const pysc2::RawUnit& unit : raw.units) {
    const float cx = std::clamp(unit.pos.x, left, right), cy = std::clamp(unit.pos.y, bottom, top);
    if (unit.alliance == Alliance::self && std::hypot(unit.pos.x - cx, unit.pos.y - cy) <= unit.radius) {
      tags.push_back(unit.tag);
    }
  }
  return tags;
}

// A game of `width` x `height` map cells (nothing else of the game info matters here).
pysc2::GameView map_of(int width, int height) {
  pysc2::GameView game;
  game.map_width = width;
  game.map_height = height;
  return game;
}

}  // namespace

TEST_CASE("status bars: shields, health, energy, build progress stacked under own and enemy units") {
  pysc2::RawView raw;
  pysc2::RawUnit& zealot = add_unit(raw, 1, 10, 10, 0.5f, Alliance::enemy);
  zealot.shield_max = 50;
  zealot.shield = 25;
  zealot.health = 100;
  zealot.health_max = 100;
  pysc2::RawUnit& building = add_unit(raw, 2, 14, 10, 1.5f);
  building.build_progress = 0.25f;
  building.has_build_progress = true;
  add_unit(raw, 3, 12, 14, 1.0f, Alliance::neutral);  // minerals: no bars
  const WorldRect view{0, 0, 24, 24};
  const float wpp = 24.0f / 480.0f;
  const auto quads = render::unit_bars(raw, view, wpp);
  // zealot: shields + health; building: health + progress; two quads (background, fill) each.
  REQUIRE(quads.size() == 8);
  CHECK(quads[1].color == render::Rgb{60, 140, 255});              // shields first
  const float full_width = quads[3].rect.width;
  CHECK(quads[1].rect.width == doctest::Approx(full_width * 0.5f));  // half the shields left
  CHECK(quads[3].color == render::health_color(1.0f));
  CHECK(quads[1].rect.top() <= 10.0f - 0.5f);                        // below the disc
  CHECK(quads[3].rect.top() < quads[1].rect.bottom);                 // health under shields
  CHECK(full_width >= render::kMinBarPixels * wpp);                  // small units still get a bar
  CHECK(quads[7].color == render::Rgb{235, 235, 235});               // build progress
  CHECK(quads[7].rect.width == doctest::Approx(quads[5].rect.width * 0.25f));
  // Units outside the view get none.
  CHECK(render::unit_bars(raw, WorldRect{30, 30, 10, 10}, wpp).empty());
}

TEST_CASE("health colours run red -> yellow -> green") {
  CHECK(render::health_color(1.0f).g > 200);
  CHECK(render::health_color(1.0f).r < 10);
  CHECK(render::health_color(0.5f).r > 200);
  CHECK(render::health_color(0.5f).g > 200);
  CHECK(render::health_color(0.0f).g < 10);
  CHECK(render::health_color(-3.0f) == render::health_color(0.0f));
}

TEST_CASE("zoomed views are inside the camera area, centred on the focus when they can be") {
  const WorldRect area = render::camera_area({32, 32}, 24, 64, 64);
  const WorldRect fit = render::zoomed_view(area, 1.0f, {0, 0});
  CHECK(fit.left == doctest::Approx(area.left));
  CHECK(fit.width == doctest::Approx(area.width));
  const WorldRect half = render::zoomed_view(area, 2.0f, {30, 33});
  CHECK(half.width == doctest::Approx(12.0f));
  CHECK(half.left + half.width / 2 == doctest::Approx(30.0f));
  CHECK(half.bottom + half.height / 2 == doctest::Approx(33.0f));
  const WorldRect corner = render::zoomed_view(area, 4.0f, {0, 100});
  CHECK(corner.left == doctest::Approx(area.left));
  CHECK(corner.top() == doctest::Approx(area.top()));
  CHECK(render::zoomed_view(area, 0.25f, {32, 32}).width == doctest::Approx(area.width));  // never zooms out
}

TEST_CASE("at any zoom a mouse point maps to the screen pixel under it (square and non-square layers)") {
  struct Case {
    int w, h;
    float zoom;
    WorldPoint focus;
    app::ImageRect widget;
  };
  const Case cases[] = {{64, 64, 1.0f, {32, 32}, {10, 40, 460, 460}},  {64, 64, 2.0f, {28, 35}, {10, 40, 460, 460}},
                        {64, 64, 5.3f, {40, 20}, {3, 7, 300, 300}},    {84, 48, 1.0f, {32, 32}, {0, 0, 840, 480}},
                        {84, 48, 3.0f, {25, 30}, {100, 50, 420, 240}}, {256, 256, 8.0f, {33, 31}, {0, 0, 512, 512}}};
  for (const Case& c : cases) {
    const WorldRect camera = render::camera_area({32, 32}, 24, c.w, c.h);
    const WorldRect view = render::zoomed_view(camera, c.zoom, c.focus);
    const app::ImageRect image = app::camera_image_rect(c.widget, camera, view);
    for (int i = 0; i <= 20; ++i) {
      for (int j = 0; j <= 20; ++j) {
        // A point in the widget and the world point drawn there (the view fills the widget).
        const app::ScreenPoint mouse{c.widget.x + (i + 0.37f) / 21.0f * c.widget.width,
                                     c.widget.y + (j + 0.61f) / 21.0f * c.widget.height};
        const WorldPoint drawn{view.left + (mouse.x - c.widget.x) / c.widget.width * view.width,
                               view.top() - (mouse.y - c.widget.y) / c.widget.height * view.height};
        const WorldPoint expected = render::world_to_screen(camera, drawn, c.w, c.h);
        const app::LayerPixel pixel = app::image_to_pixel(image, mouse, c.w, c.h);
        INFO("layer " << c.w << "x" << c.h << " zoom " << c.zoom << " mouse " << mouse.x << "," << mouse.y);
        CHECK(pixel.x == static_cast<int>(std::floor(expected.x)));
        CHECK(pixel.y == static_cast<int>(std::floor(expected.y)));
        const WorldPoint back = app::image_to_world(image, camera, mouse);
        CHECK(back.x == doctest::Approx(drawn.x).epsilon(1e-4));
        CHECK(back.y == doctest::Approx(drawn.y).epsilon(1e-4));
      }
    }
  }
}

TEST_CASE("labels: resource amounts always, unit type names when asked") {
  pysc2::RawView raw;
  pysc2::RawUnit& mineral = add_unit(raw, 1, 10, 10, 1.0f, Alliance::neutral);
  mineral.unit_type = 341;
  mineral.mineral_contents = 1350;
  pysc2::RawUnit& geyser = add_unit(raw, 2, 14, 10, 1.5f, Alliance::neutral);
  geyser.unit_type = 342;
  geyser.vespene_contents = 2250;
  add_unit(raw, 3, 12, 14, 0.375f);
  add_unit(raw, 4, 80, 80, 0.375f);  // outside the view
  const WorldRect view{0, 0, 24, 24};
  auto labels = app::unit_labels(raw, view, false);
  REQUIRE(labels.size() == 2);
  CHECK(labels[0].text == "1350");
  CHECK(labels[0].resource);
  CHECK(labels[0].anchor.y == doctest::Approx(9.0f));  // below the disc
  CHECK(labels[1].text == "2250");
  labels = app::unit_labels(raw, view, true);
  REQUIRE(labels.size() == 3);
  CHECK(labels[0].text == "MineralField 1350");
  CHECK(labels[2].text == "Zergling");
  CHECK_FALSE(labels[2].resource);
}

TEST_CASE("labels: vespene amounts are told from mineral amounts, a geyser under a Refinery is not labelled") {
  pysc2::RawView raw;
  pysc2::RawUnit& mineral = add_unit(raw, 1, 10, 10, 1.125f, Alliance::neutral);
  mineral.unit_type = 341;
  mineral.mineral_contents = 1800;
  pysc2::RawUnit& geyser = add_unit(raw, 2, 16, 10, 1.5f, Alliance::neutral);
  geyser.unit_type = 342;
  geyser.vespene_contents = 2250;
  pysc2::RawUnit& covered = add_unit(raw, 3, 4, 10, 1.5f, Alliance::neutral);
  covered.unit_type = 342;
  covered.vespene_contents = 2250;
  pysc2::RawUnit& refinery = add_unit(raw, 4, 4, 10, 1.6875f);
  refinery.unit_type = 20;
  refinery.vespene_contents = 2100;
  refinery.assigned_harvesters = 1;
  refinery.ideal_harvesters = 3;
  const auto labels = app::unit_labels(raw, WorldRect{0, 0, 24, 24}, false);
  REQUIRE(labels.size() == 3);
  CHECK(labels[0].text == "1800");
  CHECK_FALSE(labels[0].vespene);
  CHECK(labels[1].text == "2250");
  CHECK(labels[1].vespene);
  // Only the Refinery's label where it stands: what is left in it and its workers.
  CHECK(labels[2].text == "2100 1/3");
  CHECK(labels[2].vespene);
}

TEST_CASE("the World view's legend names the kinds of resource in view, minerals first") {
  pysc2::RawView raw;
  const WorldRect view{0, 0, 24, 24};
  add_unit(raw, 1, 12, 12, 0.375f);  // a Marine: no legend
  CHECK(app::resource_kinds_in_view(raw, view).empty());
  pysc2::RawUnit& refinery = add_unit(raw, 2, 4, 10, 1.6875f);
  refinery.unit_type = 20;
  pysc2::RawUnit& geyser = add_unit(raw, 3, 4, 10, 1.5f, Alliance::neutral);
  geyser.unit_type = 342;
  pysc2::RawUnit& mineral = add_unit(raw, 4, 10, 10, 1.125f, Alliance::neutral);
  mineral.unit_type = 341;
  pysc2::RawUnit& far_field = add_unit(raw, 5, 60, 60, 1.125f, Alliance::neutral);
  far_field.unit_type = 483;
  using sc2::render::ResourceKind;
  CHECK(app::resource_kinds_in_view(raw, view) ==
        std::vector<ResourceKind>{ResourceKind::minerals, ResourceKind::vespene_geyser, ResourceKind::gas_building});
  // Only what is in view counts.
  CHECK(app::resource_kinds_in_view(raw, WorldRect{50, 50, 20, 20}) == std::vector<ResourceKind>{ResourceKind::minerals});
}

TEST_CASE("effects become one circle per position that reaches into the view, own ones told apart") {
  pysc2::RawView raw;
  pysc2::Effect& storm = raw.effects.emplace_back();
  storm.effect_id = 1;
  storm.radius = 1.5f;
  storm.alliance = Alliance::enemy;
  storm.positions = {{5, 5}, {50, 50}};  // the second outside the view
  pysc2::Effect& scan = raw.effects.emplace_back();
  scan.alliance = Alliance::self;  // no radius: a dot
  scan.positions = {{10, 12}};
  const auto circles = app::effect_circles(raw, WorldRect{0, 0, 24, 24});
  REQUIRE(circles.size() == 2);
  CHECK(circles[0].centre.x == doctest::Approx(5.0f));
  CHECK(circles[0].radius == doctest::Approx(1.5f));
  CHECK_FALSE(circles[0].own);
  CHECK(circles[1].own);
  CHECK(circles[1].radius > 0.0f);
}

TEST_CASE("labels: harvesters on a town hall or Refinery and unit states show without names") {
  pysc2::RawView raw;
  pysc2::RawUnit& centre = add_unit(raw, 1, 10, 10, 2.75f);
  centre.unit_type = 18;  // Command Center
  centre.assigned_harvesters = 12;
  centre.ideal_harvesters = 16;
  add_unit(raw, 2, 16, 10, 1.8f, Alliance::enemy).display_type = pysc2::DisplayType::snapshot;
  pysc2::RawUnit& hidden = add_unit(raw, 3, 20, 10, 0.375f, Alliance::enemy);
  hidden.is_burrowed = true;
  hidden.cloak = pysc2::CloakState::cloaked_detected;
  add_unit(raw, 4, 20, 20, 0.375f).cloak = pysc2::CloakState::not_cloaked;
  const WorldRect view{0, 0, 24, 24};
  const auto labels = app::unit_labels(raw, view, false);
  REQUIRE(labels.size() == 3);
  CHECK(labels[0].text == "12/16");
  CHECK(labels[1].text == "(snapshot)");
  CHECK(labels[2].text == "(burrowed) (cloaked)");
  CHECK(app::unit_labels(raw, view, true)[0].text == "CommandCenter 12/16");
}

TEST_CASE("one click anywhere on a Zergling's disc selects it at 64x64, on the world view and on a screen layer") {
  const int size = 64;
  const WorldRect camera = render::camera_area({32, 32}, 24, size, size);
  const float radius = 0.375f;  // Zergling
  // The default world view (about 460 px) and a layer cell of the grid (118 px).
  for (const app::ImageRect widget : {app::ImageRect{4, 60, 460, 460}, app::ImageRect{481, 125, 118, 118}}) {
    const app::ImageRect image = app::camera_image_rect(widget, camera, camera);
    int raw_pixel_misses = 0;
    // The Zergling at many sub-pixel positions (pixels are 0.375 world units wide).
    for (int p = 0; p < 25; ++p) {
      const float ux = 30.0f + 0.0731f * p, uy = 33.0f - 0.0577f * p;
      pysc2::RawView raw;
      add_unit(raw, 7, ux, uy, radius);
      add_unit(raw, 8, ux + 3.0f, uy, radius);  // a neighbour two discs away
      for (int a = 0; a < 16; ++a) {
        for (const float along : {0.2f, 0.6f, 0.98f}) {
          const float angle = static_cast<float>(a) * 0.3927f;
          const WorldPoint world{ux + std::cos(angle) * radius * along, uy + std::sin(angle) * radius * along};
          // The window point showing that world point, as the person clicks it.
          const app::ScreenPoint mouse{image.x + (world.x - camera.left) / camera.width * image.width,
                                       image.y + (camera.top() - world.y) / camera.height * image.height};
          if (!widget.contains(mouse)) continue;
          const WorldPoint clicked = app::image_to_world(image, camera, mouse);
          const app::LayerPixel pixel = app::click_pixel(raw, camera, size, size, clicked);
          INFO("unit at " << ux << "," << uy << " click at " << world.x << "," << world.y);
          CHECK(app::unit_selected_at(raw, camera, size, size, pixel) == 7);
          // The same gesture through the mapper: a select_point at that pixel.
          app::InputMapper mapper(size, size);
          mapper.left_press(image, mouse, pixel);
          const auto input = mapper.left_release(mouse, {}, {sc2::pysc2::fn::select_point});
          REQUIRE(input.call);
          CHECK(input.call->arguments[1] == std::vector<int>{pixel.x, pixel.y});
          const app::LayerPixel under = app::image_to_pixel(image, mouse, size, size);
          if (app::unit_selected_at(raw, camera, size, size, under) != 7) ++raw_pixel_misses;
        }
      }
    }
    // Without choosing the pixel, clicks near the disc's edge miss: the choice matters.
    CHECK(raw_pixel_misses > 0);
  }
}

TEST_CASE("a drag over a group of Zerglings selects exactly that group at 64x64") {
  const int size = 64;
  const WorldRect camera = render::camera_area({32, 32}, 24, size, size);
  pysc2::RawView raw;
  add_unit(raw, 1, 30.1f, 30.2f, 0.375f);
  add_unit(raw, 2, 31.0f, 30.9f, 0.375f);
  add_unit(raw, 3, 30.4f, 31.7f, 0.375f);
  add_unit(raw, 4, 36.0f, 36.0f, 0.375f);  // away from the box
  for (const app::ImageRect widget : {app::ImageRect{4, 60, 460, 460}, app::ImageRect{481, 125, 118, 118}}) {
    const app::ImageRect image = app::camera_image_rect(widget, camera, camera);
    auto to_window = [&](WorldPoint w) {
      return app::ScreenPoint{image.x + (w.x - camera.left) / camera.width * image.width,
                              image.y + (camera.top() - w.y) / camera.height * image.height};
    };
    // From just above-left of the group to just below-right of it.
    const app::ScreenPoint from = to_window({29.5f, 32.3f}), to = to_window({31.6f, 29.6f});
    app::InputMapper mapper(size, size, 3.0f);
    mapper.left_press(image, from);
    const auto input = mapper.left_release(to, {}, {sc2::pysc2::fn::select_rect});
    REQUIRE(input.call);
    REQUIRE(input.call->function == sc2::pysc2::fn::select_rect);
    const auto& args = input.call->arguments;
    const auto tags = engine_rect_selection(raw, camera, size, {args[1][0], args[1][1]}, {args[2][0], args[2][1]});
    CHECK(tags == std::vector<std::uint64_t>{1, 2, 3});
  }
}

TEST_CASE("the inspector lists the units at a screen pixel and at a minimap pixel") {
  pysc2::RawView raw;
  add_unit(raw, 1, 32.0f, 32.0f, 0.375f);
  add_unit(raw, 2, 10.0f, 50.0f, 2.0f, Alliance::neutral);
  const WorldRect camera = render::camera_area({32, 32}, 24, 64, 64);
  auto units = app::units_at_screen_pixel(raw, camera, 64, 64, {32, 32});  // the pixel right of the centre
  REQUIRE(units.size() == 1);
  CHECK(units[0]->tag == 1);
  CHECK(app::units_at_screen_pixel(raw, camera, 64, 64, {40, 40}).empty());

  // 64x64 map on a 64x64 minimap: one pixel per world unit, y flipped.
  const pysc2::GameView info = map_of(64, 64);
  units = app::units_at_minimap_pixel(raw, info, 64, 64, {32, 32});
  REQUIRE(units.size() == 1);
  CHECK(units[0]->tag == 1);
  units = app::units_at_minimap_pixel(raw, info, 64, 64, {11, 15});  // within the big unit's radius
  REQUIRE(units.size() == 1);
  CHECK(units[0]->tag == 2);
  CHECK(app::units_at_minimap_pixel(raw, info, 64, 64, {50, 50}).empty());
  CHECK(app::units_at_minimap_pixel(raw, pysc2::GameView{}, 64, 64, {32, 31}).empty());
}

TEST_CASE("start locations become minimap circles of 5 world units, none without a map size") {
  pysc2::GameView info;
  info.start_locations = {{10.5f, 53.5f}};
  CHECK(app::start_location_circles(info, 64, 64).empty());
  info.map_width = info.map_height = 64;
  const auto circles = app::start_location_circles(info, 64, 64);
  REQUIRE(circles.size() == 1);
  CHECK(circles[0].radius == 5);
  CHECK(circles[0].centre.x == 10);
  CHECK(circles[0].centre.y == 10);  // y down on the minimap: 64 - 53.5 = 10.5
  CHECK(app::start_location_circles(info, 32, 32)[0].radius == 2);  // 2.5 pixels, truncated as PySC2 does
}

TEST_CASE("radar rings become minimap circles of their radius, none without a map size") {
  pysc2::RawView raw;
  raw.radar.push_back({{40.0f, 20.0f}, 30.0f});
  CHECK(app::radar_circles(raw, pysc2::GameView{}, 64, 64).empty());
  const pysc2::GameView info = map_of(128, 128);
  const auto circles = app::radar_circles(raw, info, 64, 64);
  REQUIRE(circles.size() == 1);
  CHECK(circles[0].centre.x == 20);
  CHECK(circles[0].centre.y == 54);  // (128 - 20) / 2
  CHECK(circles[0].radius == 15);
  CHECK(app::radar_circles(pysc2::RawView{}, info, 64, 64).empty());
}

TEST_CASE("units at a raw grid cell: discs overlapping the world square of that cell") {
  pysc2::RawView raw;
  add_unit(raw, 1, 10.5f, 20.5f, 0.375f);                    // inside cell (10, 20)
  add_unit(raw, 2, 12.2f, 20.5f, 0.5f, Alliance::enemy);     // reaches into cell (11, 20)
  add_unit(raw, 3, 30.0f, 30.0f, 2.0f, Alliance::neutral);   // far away
  auto tags = [&](app::LayerPixel cell) {
    std::vector<std::uint64_t> out;
    for (const auto* unit : app::units_at_map_cell(raw, cell)) out.push_back(unit->tag);
    return out;
  };
  CHECK(tags({10, 20}) == std::vector<std::uint64_t>{1});
  CHECK(tags({11, 20}) == std::vector<std::uint64_t>{2});
  CHECK(tags({10, 43}).empty());  // the row is world y, not flipped
  CHECK(tags({29, 29}) == std::vector<std::uint64_t>{3});
}
