// What the world view draws, computed from raw units (no GL): camera area, transforms,
// unit discs (culling, colour, order) and order paths.
#include <doctest/doctest.h>

#include "render/resource_kind.h"
#include "render/world_scene.h"

using namespace sc2::render;
namespace pysc2 = sc2::pysc2;

namespace {

// A unit of the raw view; the reference is valid until the next unit is added.
pysc2::RawUnit& add_unit(pysc2::RawView& raw, std::uint64_t tag, int owner, float x, float y, float radius) {
  pysc2::RawUnit& unit = raw.units.emplace_back();
  unit.tag = tag;
  unit.owner = owner;
  unit.alliance = owner == 16 ? pysc2::Alliance::neutral : pysc2::Alliance::self;
  unit.pos = {x, y, 0.0f};
  unit.radius = radius;
  unit.health = 45;
  unit.health_max = 45;
  unit.display_type = pysc2::DisplayType::visible;
  return unit;
}

pysc2::UnitOrder order_at(float x, float y) {
  pysc2::UnitOrder order;
  order.target_point = pysc2::Point2D{x, y};
  return order;
}

}  // namespace

TEST_CASE("camera area: camera_width across, screen aspect, centred") {
  const WorldRect area = camera_area({32.0f, 20.0f}, 24.0f, 64, 64);
  CHECK(area.left == doctest::Approx(20.0f));
  CHECK(area.right() == doctest::Approx(44.0f));
  CHECK(area.bottom == doctest::Approx(8.0f));
  CHECK(area.top() == doctest::Approx(32.0f));
  const WorldRect wide = camera_area({0.0f, 0.0f}, 24.0f, 84, 42);
  CHECK(wide.height == doctest::Approx(12.0f));
}

TEST_CASE("world <-> screen pixels: y flips, centre maps to the middle, round trip") {
  const WorldRect area = camera_area({32.0f, 20.0f}, 24.0f, 64, 64);
  const WorldPoint centre = world_to_screen(area, {32.0f, 20.0f}, 64, 64);
  CHECK(centre.x == doctest::Approx(32.0f));
  CHECK(centre.y == doctest::Approx(32.0f));
  const WorldPoint top_left = world_to_screen(area, {20.0f, 32.0f}, 64, 64);
  CHECK(top_left.x == doctest::Approx(0.0f));
  CHECK(top_left.y == doctest::Approx(0.0f));
  const WorldPoint up = world_to_screen(area, {32.0f, 23.0f}, 64, 64);  // higher y = smaller row
  CHECK(up.y == doctest::Approx(32.0f - 3.0f * 64.0f / 24.0f));
  const WorldPoint back = screen_to_world(area, world_to_screen(area, {25.3f, 11.7f}, 64, 64), 64, 64);
  CHECK(back.x == doctest::Approx(25.3f));
  CHECK(back.y == doctest::Approx(11.7f));
}

TEST_CASE("unit discs: owner colours, culling, damage, selection, drawing order") {
  pysc2::RawView raw;
  pysc2::RawUnit& marine = add_unit(raw, 5, 1, 30.0f, 20.0f, 0.375f);
  marine.is_selected = true;
  marine.health = 15;
  add_unit(raw, 9, 16, 34.0f, 22.0f, 1.125f);   // beacon (neutral, larger)
  add_unit(raw, 7, 1, 100.0f, 100.0f, 0.5f);    // off camera
  add_unit(raw, 3, 1, 44.2f, 20.0f, 0.5f);      // centre outside, disc overlaps the edge

  const WorldRect area = camera_area({32.0f, 20.0f}, 24.0f, 64, 64);
  const std::vector<UnitDisc> discs = unit_discs(raw, area);
  REQUIRE(discs.size() == 3);
  // Neutral first (drawn below), then own units, smaller ones later; ties by tag.
  CHECK(discs[0].tag == 9);
  CHECK(discs[0].fill == Rgb{129, 166, 196});
  CHECK_FALSE(discs[0].facing_tick);
  CHECK(discs[1].tag == 3);  // radius 0.5 drawn before the smaller Marine
  CHECK(discs[2].tag == 5);
  CHECK(discs[2].fill == Rgb{0, 142, 0});
  CHECK(discs[2].selected);
  CHECK(discs[2].fraction_damaged == doctest::Approx(30.0f / 45.0f));
  CHECK(discs[2].facing_tick);
}

TEST_CASE("placeholders are drawn in a third of the owner colour") {
  pysc2::RawView raw;
  add_unit(raw, 1, 1, 0.0f, 0.0f, 1.0f).display_type = pysc2::DisplayType::placeholder;
  const auto discs = unit_discs(raw, camera_area({0.0f, 0.0f}, 24.0f, 64, 64));
  REQUIRE(discs.size() == 1);
  CHECK(discs[0].fill == Rgb{0, 47, 0});
}

TEST_CASE("resources look apart: blue mineral fields, green geysers with a vent, a Refinery over its geyser") {
  pysc2::RawView raw;
  pysc2::RawUnit& mineral = add_unit(raw, 1, 16, 30.0f, 20.0f, 1.125f);
  mineral.unit_type = 341;  // MineralField
  mineral.mineral_contents = 1800;
  pysc2::RawUnit& geyser = add_unit(raw, 2, 16, 36.0f, 20.0f, 1.5f);
  geyser.unit_type = 342;  // VespeneGeyser
  geyser.vespene_contents = 2250;
  pysc2::RawUnit& covered = add_unit(raw, 3, 16, 26.0f, 20.0f, 1.5f);
  covered.unit_type = 342;
  covered.vespene_contents = 2250;
  pysc2::RawUnit& refinery = add_unit(raw, 4, 1, 26.0f, 20.0f, 1.6875f);  // on the geyser tagged 3
  refinery.unit_type = 20;
  refinery.vespene_contents = 2100;
  add_unit(raw, 5, 16, 32.0f, 25.0f, 1.125f);  // another neutral unit (the beacon): as before

  const auto discs = unit_discs(raw, camera_area({32.0f, 20.0f}, 24.0f, 64, 64));
  REQUIRE(discs.size() == 5);
  auto find = [&](std::uint64_t tag) {
    for (std::size_t i = 0; i < discs.size(); ++i) {
      if (discs[i].tag == tag) return i;
    }
    FAIL("no disc for tag " << tag);
    return discs.size();
  };
  const UnitDisc& field = discs[find(1)];
  CHECK(field.fill == kMineralColor);
  CHECK(field.core_fraction == 0.0f);
  const UnitDisc& vent = discs[find(2)];
  CHECK(vent.fill == kVespeneColor);
  CHECK(vent.core == kGeyserVentColor);
  CHECK(vent.core_fraction == doctest::Approx(0.5f));
  const UnitDisc& gas = discs[find(4)];
  CHECK(gas.fill == Rgb{0, 142, 0});  // player 1's colour
  CHECK(gas.core == kVespeneColor);
  CHECK(gas.core_fraction == doctest::Approx(0.5f));
  CHECK(discs[find(5)].fill == Rgb{129, 166, 196});
  // The Refinery is drawn after (over) the geyser it stands on, and covers it.
  CHECK(find(4) > find(3));
  CHECK(gas.radius >= discs[find(3)].radius);
}

TEST_CASE("order lines run through each targeted order of selected units only") {
  pysc2::RawView raw;
  pysc2::RawUnit& marine = add_unit(raw, 1, 1, 10.0f, 10.0f, 0.375f);
  marine.is_selected = true;
  marine.orders.push_back(order_at(15.0f, 12.0f));
  marine.orders.emplace_back().target_tag = 2;
  marine.orders.emplace_back();  // no target: the path stops here
  marine.orders.push_back(order_at(99.0f, 0.0f));
  add_unit(raw, 2, 16, 20.0f, 5.0f, 1.0f);
  add_unit(raw, 3, 1, 0.0f, 0.0f, 0.375f).orders.push_back(order_at(4.0f, 0.0f));  // not selected

  const auto lines = order_lines(raw);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].from.x == doctest::Approx(10.0f));
  CHECK(lines[0].to.x == doctest::Approx(15.0f));
  CHECK(lines[0].to.y == doctest::Approx(12.0f));
  CHECK(lines[1].from.x == doctest::Approx(15.0f));
  CHECK(lines[1].to.x == doctest::Approx(20.0f));
  CHECK(lines[1].to.y == doctest::Approx(5.0f));
}
