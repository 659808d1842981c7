// The placement preview of an armed Build_<Structure> command: footprint size, where the
// game would put the structure for a click on a screen pixel, and the buildable check.
#include <doctest/doctest.h>

#include "app/input/build_preview.h"

using sc2::app::build_footprint;
using sc2::app::build_preview;
using sc2::app::LayerPixel;

namespace {

// The single-screen maps: camera width 24 over 64x64 screen layers (0.375 world per pixel).
const sc2::render::WorldRect kArea{20.0f, 20.0f, 24.0f, 24.0f};

sc2::pysc2::Layer buildable_layer(int value) {
  sc2::pysc2::Layer layer;
  layer.name = "buildable";
  layer.width = layer.height = 64;
  layer.values.assign(64 * 64, value);
  layer.sent = true;
  return layer;
}

}  // namespace

TEST_CASE("build commands have their structure's footprint from the game data, others none") {
  REQUIRE(build_footprint("Build_SupplyDepot"));
  CHECK(build_footprint("Build_SupplyDepot")->width == 2);
  CHECK(build_footprint("Build_Barracks")->height == 3);
  CHECK(build_footprint("Build_Refinery")->width == 3);
  CHECK(build_footprint("Build_CommandCenter")->width == 5);
  CHECK_FALSE(build_footprint("Attack"));
  CHECK_FALSE(build_footprint("Train_Marine"));
}

TEST_CASE("the preview snaps as the game does: even footprints on cell corners, odd ones on cell middles") {
  // Pixel (32, 32)'s centre is world (32.1875, 31.8125).
  const auto depot = build_preview({2, 2}, LayerPixel{32, 32}, kArea, 64, 64, nullptr);
  CHECK(depot.rect.left == doctest::Approx(31.0f));
  CHECK(depot.rect.bottom == doctest::Approx(31.0f));
  CHECK(depot.rect.width == doctest::Approx(2.0f));
  const auto barracks = build_preview({3, 3}, LayerPixel{32, 32}, kArea, 64, 64, nullptr);
  CHECK(barracks.rect.left == doctest::Approx(31.0f));    // centre 32.5
  CHECK(barracks.rect.bottom == doctest::Approx(30.0f));  // centre 31.5
  CHECK(barracks.rect.height == doctest::Approx(3.0f));
  CHECK_FALSE(barracks.buildable);  // no buildable layer: not claimed buildable
}

TEST_CASE("the preview is buildable only when every screen pixel under the footprint is") {
  auto layer = buildable_layer(1);
  CHECK(build_preview({2, 2}, LayerPixel{32, 32}, kArea, 64, 64, &layer).buildable);
  // Footprint (31..33, 31..33) covers screen x from (31-20)/0.375 = 29.3 to 34.7, y from
  // (44-33)/0.375 = 29.3 to 34.7: pixel (30, 30) is inside, (28, 28) and (36, 36) are not.
  layer.values[28 * 64 + 28] = 0;
  layer.values[36 * 64 + 36] = 0;
  CHECK(build_preview({2, 2}, LayerPixel{32, 32}, kArea, 64, 64, &layer).buildable);
  layer.values[30 * 64 + 30] = 0;
  CHECK_FALSE(build_preview({2, 2}, LayerPixel{32, 32}, kArea, 64, 64, &layer).buildable);
  // A layer of another size than the screen is not trusted.
  auto small = buildable_layer(1);
  small.width = small.height = 32;
  small.values.assign(32 * 32, 1);
  CHECK_FALSE(build_preview({2, 2}, LayerPixel{32, 32}, kArea, 64, 64, &small).buildable);
  CHECK_FALSE(build_preview({2, 2}, LayerPixel{32, 32}, kArea, 0, 0, &layer).buildable);
}

TEST_CASE("structures and resources in a footprint block it, units and discs at its edge do not") {
  const sc2::render::WorldRect depot{31.0f, 31.0f, 2.0f, 2.0f};
  sc2::pysc2::RawView raw;
  auto add = [&](float x, float y, float radius) {
    sc2::pysc2::RawUnit& unit = raw.units.emplace_back();
    unit.pos = {x, y, 0.0f};
    unit.radius = radius;
  };
  add(32.0f, 32.0f, 0.375f);  // an SCV standing there: it walks away
  CHECK_FALSE(sc2::app::footprint_blocked(depot, raw));
  add(35.0f, 32.0f, 1.125f);  // a mineral field 2 units right of the edge
  CHECK_FALSE(sc2::app::footprint_blocked(depot, raw));
  add(34.0f, 32.0f, 1.125f);  // a mineral field reaching 0.125 into it
  CHECK(sc2::app::footprint_blocked(depot, raw));
}
