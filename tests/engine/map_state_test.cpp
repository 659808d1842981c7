// The raw observation's map_state.visibility is written from one World::visibility_grid:
// every cell must still read what World::visibility says for it, with fog, for the whole
// map and for the playable area cropped to (0,0), while the Marines walk around.
#include <doctest/doctest.h>

#include <random>

#include "engine/server/game.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/orders.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

TEST_CASE("map_state visibility equals World visibility per cell, cropped and not, with fog") {
  GameConfig config;
  config.map = find_mini_game("FindAndDefeatZerglings");
  REQUIRE(config.map != nullptr);
  Game game(config, 9);
  World& world = game.world();
  REQUIRE(world.fog());
  const MapLayout& map = world.map();
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> x(map.playable.x0, map.playable.x1), y(map.playable.y0, map.playable.y1);
  int hidden = 0, seen = 0, visible = 0;
  for (int step = 0; step < 12; ++step) {
    CAPTURE(step);
    for (Unit* u : world.units()) {
      if (u->owner == kAgentPlayer) u->pos = {x(rng), y(rng)};  // also between vision updates
    }
    for (bool crop : {false, true}) {
      CAPTURE(crop);
      InterfaceSetup iface;
      iface.raw = true;
      iface.raw_crop_to_playable_area = crop;
      api::ResponseObservation out;
      build_observation(game, iface, &out);
      const auto& image = out.observation().raw_data().map_state().visibility();
      const CellRect area = crop ? map.playable : CellRect{0, 0, map.width, map.height};
      REQUIRE(image.size().x() == area.width());
      REQUIRE(image.size().y() == area.height());
      REQUIRE(image.data().size() == static_cast<std::size_t>(area.width()) * area.height());
      int mismatches = 0;
      for (int cy = 0; cy < area.height(); ++cy) {
        for (int cx = 0; cx < area.width(); ++cx) {
          const auto value = static_cast<std::uint8_t>(image.data()[static_cast<std::size_t>(cy) * area.width() + cx]);
          mismatches += value != world.visibility(kAgentPlayer, area.x0 + cx, area.y0 + cy) ? 1 : 0;
          hidden += value == 0 ? 1 : 0;
          seen += value == 1 ? 1 : 0;
          visible += value == 2 ? 1 : 0;
        }
      }
      CHECK(mismatches == 0);
    }
    game.step(8);
  }
  CHECK(hidden > 0);
  CHECK(seen > 0);
  CHECK(visible > 0);
}
