// call_target: which pixel (or rectangle) of which surface a FunctionCall points at, for the
// watch-mode markers.
#include <doctest/doctest.h>

#include "app/input/call_target.h"
#include "client/pysc2/actions.h"

using sc2::app::call_target;
using sc2::app::LayerPixel;
using sc2::app::TargetKind;
using sc2::pysc2::FunctionCall;

namespace {
int id(const char* name) { return sc2::pysc2::find_function(name)->id; }
}  // namespace

TEST_CASE("screen commands point at their screen pixel, minimap commands at the minimap pixel") {
  auto target = call_target(FunctionCall{id("Move_screen"), {{1}, {23, 38}}});
  REQUIRE(target);
  CHECK(target->kind == TargetKind::screen_point);
  CHECK(target->at == LayerPixel{23, 38});
  target = call_target(FunctionCall{sc2::pysc2::fn::select_point, {{0}, {5, 6}}});
  REQUIRE(target);
  CHECK(target->at == LayerPixel{5, 6});
  target = call_target(FunctionCall{sc2::pysc2::fn::move_camera, {{30, 12}}});
  REQUIRE(target);
  CHECK(target->kind == TargetKind::minimap_point);
  CHECK(target->at == LayerPixel{30, 12});
}

TEST_CASE("select_rect is a rectangle from screen to screen2") {
  const auto target = call_target(FunctionCall{sc2::pysc2::fn::select_rect, {{0}, {1, 2}, {30, 40}}});
  REQUIRE(target);
  CHECK(target->kind == TargetKind::screen_rect);
  CHECK(target->at == LayerPixel{1, 2});
  CHECK(target->corner == LayerPixel{30, 40});
}

TEST_CASE("calls without a point, unknown ids and malformed arguments have no target") {
  CHECK_FALSE(call_target(FunctionCall{sc2::pysc2::fn::no_op, {}}));
  CHECK_FALSE(call_target(FunctionCall{sc2::pysc2::fn::select_army, {{0}}}));
  CHECK_FALSE(call_target(FunctionCall{id("Stop_quick"), {{0}}}));
  CHECK_FALSE(call_target(FunctionCall{9999, {{1, 2}}}));
  CHECK_FALSE(call_target(FunctionCall{id("Move_screen"), {{0}, {7}}}));      // one value for a point
  CHECK_FALSE(call_target(FunctionCall{id("Move_screen"), {{0}}}));           // an argument missing
}
