// Raw-action mode (app/raw_actions.h): the FunctionCall a gesture made -> the raw command
// PySC2's viewer would send in its raw mode, table-driven over the gestures that change.
#include <doctest/doctest.h>

#include "app/input/raw_actions.h"
#include "client/pysc2/actions.h"
#include "render/world_scene.h"

using namespace sc2;
using pysc2::FunctionCall;
using pysc2::RawCommand;

namespace {

void add_unit(pysc2::RawView& raw, std::uint64_t tag, float x, float y, float radius, pysc2::Alliance alliance,
              bool selected = false) {
  pysc2::RawUnit& unit = raw.units.emplace_back();
  unit.tag = tag;
  unit.alliance = alliance;
  unit.owner = alliance == pysc2::Alliance::self ? 1 : 2;
  unit.pos = {x, y, 0.0f};
  unit.radius = radius;
  unit.is_selected = selected;
  unit.display_type = pysc2::DisplayType::visible;
}

int id(const char* name) { return pysc2::find_function(name)->id; }

struct Scene {
  pysc2::RawView raw;
  render::WorldRect camera = render::camera_area({20.0f, 20.0f}, 24.0f, 64, 64);
  Scene() {
    add_unit(raw, 11, 18.0f, 20.0f, 0.375f, pysc2::Alliance::self, true);   // selected Marine
    add_unit(raw, 12, 19.0f, 20.0f, 0.375f, pysc2::Alliance::self, false);  // another Marine
    add_unit(raw, 21, 26.0f, 22.0f, 0.375f, pysc2::Alliance::enemy);        // a Zergling
  }
  std::vector<int> pixel(float x, float y) const {
    const render::WorldPoint p = render::world_to_screen(camera, {x, y}, 64, 64);
    return {static_cast<int>(p.x), static_cast<int>(p.y)};
  }
  app::RawMapping map(const FunctionCall& call) const { return app::to_raw_command(call, raw, camera, 64, 64); }
};

}  // namespace

TEST_CASE("raw mode: clicks and boxes select own units by tag, modifiers do not matter, enemies are not selected") {
  const Scene s;
  for (int act : {0, 1, 2, 3}) {
    const auto click = s.map(FunctionCall{pysc2::fn::select_point, {{act}, s.pixel(19.0f, 20.0f)}});
    REQUIRE(click.command);
    CHECK(*click.command == RawCommand{0, false, {12}, std::nullopt, std::nullopt});
  }
  const auto enemy = s.map(FunctionCall{pysc2::fn::select_point, {{0}, s.pixel(26.0f, 22.0f)}});
  CHECK_FALSE(enemy.spatial);
  CHECK_FALSE(enemy.command);
  CHECK(enemy.message.find("no own unit") != std::string::npos);

  const auto box = s.map(FunctionCall{pysc2::fn::select_rect, {{0}, s.pixel(17.0f, 21.0f), s.pixel(27.0f, 19.0f)}});
  REQUIRE(box.command);
  CHECK(box.command->unit_tags == std::vector<std::uint64_t>{11, 12});  // not the Zergling
  const auto empty = s.map(FunctionCall{pysc2::fn::select_rect, {{1}, s.pixel(30.0f, 30.0f), s.pixel(31.0f, 29.0f)}});
  CHECK_FALSE(empty.command);
  CHECK(empty.message.find("no own units") != std::string::npos);
}

TEST_CASE("raw mode: commands go to the selected own units, at the unit under the pixel or the pixel's world centre") {
  const Scene s;
  const auto attack = s.map(FunctionCall{id("Attack_screen"), {{1}, s.pixel(26.0f, 22.0f)}});
  REQUIRE(attack.command);
  CHECK(attack.command->ability_id == 3674);  // Attack_screen's general ability
  CHECK(attack.command->queued);
  CHECK(attack.command->unit_tags == std::vector<std::uint64_t>{11});
  CHECK(attack.command->target_unit_tag == 21u);
  CHECK_FALSE(attack.command->target_world);
  CHECK(pysc2::to_string(*attack.command) == "Attack_unit(\"queued\", [11], 21)");

  const auto move = s.map(FunctionCall{id("Move_screen"), {{0}, {40, 10}}});
  REQUIRE(move.command);
  CHECK_FALSE(move.command->target_unit_tag);
  REQUIRE(move.command->target_world);
  const render::WorldPoint centre = render::screen_to_world(s.camera, {40.5f, 10.5f}, 64, 64);
  CHECK(move.command->target_world->x == doctest::Approx(centre.x));
  CHECK(move.command->target_world->y == doctest::Approx(centre.y));
  CHECK(pysc2::to_string(*move.command).starts_with("Move_pt(\"now\", [11], ["));

  // A structure placed on a unit: Build has no unit-target raw function, so the world point.
  const auto build = s.map(FunctionCall{id("Build_SupplyDepot_screen"), {{0}, s.pixel(26.0f, 22.0f)}});
  REQUIRE(build.command);
  CHECK(build.command->target_world);
  CHECK_FALSE(build.command->target_unit_tag);

  const auto stop = s.map(FunctionCall{id("Stop_quick"), {{0}}});
  REQUIRE(stop.command);
  CHECK(*stop.command == RawCommand{3665, false, {11}, std::nullopt, std::nullopt});
}

TEST_CASE("raw mode: commands need a selection, and calls without units or places stay FunctionCalls") {
  Scene s;
  s.raw.units[0].is_selected = false;
  const auto stop = s.map(FunctionCall{id("Stop_quick"), {{0}}});
  CHECK_FALSE(stop.command);
  CHECK_FALSE(stop.spatial);
  CHECK(stop.message.find("needs selected own units") != std::string::npos);
  for (const FunctionCall& call : {FunctionCall{pysc2::fn::move_camera, {{3, 4}}},
                                   FunctionCall{pysc2::fn::select_army, {{0}}},
                                   FunctionCall{pysc2::fn::select_control_group, {{0}, {1}}},
                                   FunctionCall{id("Smart_minimap"), {{0}, {5, 5}}},
                                   FunctionCall{pysc2::fn::no_op, {}}}) {
    INFO(pysc2::to_string(call));
    CHECK(s.map(call).spatial);
  }
}
