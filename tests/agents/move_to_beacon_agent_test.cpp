// The scripted MoveToBeacon agent on fabricated player_relative layers.
#include <doctest/doctest.h>

#include "agents/agent.h"
#include "agents/move_to_beacon_agent.h"
#include "client/pysc2/actions.h"
#include "tests/agents/test_observations.h"

using namespace sc2;

namespace {

constexpr int kSelf = 1, kNeutral = 3;

int id_of(const char* name) { return pysc2::find_function(name)->id; }

std::unique_ptr<agents::Agent> move_to_beacon_agent() {
  auto agent = agents::make_agent("scripted", 0);
  agent->setup({});  // default map: MoveToBeacon
  agent->reset();
  return agent;
}

// A 64x64 screen with the Marine at (5..6, 50..51) and a beacon block x 40..44, y 10..12.
pysc2::Layer beacon_screen() {
  auto layer = test::blank_layer("player_relative", 64);
  test::paint(layer, 5, 50, 6, 51, kSelf);
  test::paint(layer, 40, 10, 44, 12, kNeutral);
  return layer;
}

void check_valid(const pysc2::FunctionCall& call, const pysc2::TimeStep& step) {
  CHECK_NOTHROW(pysc2::validate(call, pysc2::ActionSpace{}, &step.observation.available_actions));
}

}  // namespace

TEST_CASE("with the Marine selected it moves to the centre of the beacon") {
  auto agent = move_to_beacon_agent();
  const auto step = test::time_step_with({0, 1, 2, 3, 4, 7, id_of("Move_screen")}, {beacon_screen()});
  const auto call = agent->step(step);
  // Centre of x 40..44, y 10..12.
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {42, 11}}});
  check_valid(call, step);
}

TEST_CASE("the beacon target is the mean of its pixels, rounded half to even as numpy does") {
  auto layer = test::blank_layer("player_relative", 64);
  test::paint(layer, 10, 20, 11, 20, kNeutral);  // x mean 10.5 -> 10
  test::paint(layer, 10, 23, 11, 23, kNeutral);  // y mean (20 + 23) / 2 = 21.5 -> 22
  const auto target = agents::mean_pixel(layer, kNeutral);
  REQUIRE(target.has_value());
  CHECK(*target == agents::Pixel{10, 22});
  CHECK_FALSE(agents::mean_pixel(layer, 4).has_value());
}

TEST_CASE("without Move_screen it selects the army") {
  auto agent = move_to_beacon_agent();
  const auto step = test::time_step_with({0, 1, 2, 3, 4, 7}, {beacon_screen()});
  const auto call = agent->step(step);
  CHECK(call == pysc2::FunctionCall{pysc2::fn::select_army, {{0}}});
  check_valid(call, step);
}

TEST_CASE("without select_army it clicks on its own Marine") {
  auto agent = move_to_beacon_agent();
  const auto step = test::time_step_with({0, 1, 2, 3, 4}, {beacon_screen()});
  const auto call = agent->step(step);
  REQUIRE(call.function == pysc2::fn::select_point);
  REQUIRE(call.arguments.size() == 2);
  CHECK(call.arguments[0] == std::vector<int>{0});
  const auto& point = call.arguments[1];
  CHECK(beacon_screen().at(point[0], point[1]) == kSelf);
  check_valid(call, step);
}

TEST_CASE("the Marine pixel is on the Marine even when the mean of its pixels is not") {
  auto layer = test::blank_layer("player_relative", 64);
  test::paint(layer, 0, 0, 1, 1, kSelf);      // two separate blobs: their mean (30, 30) is empty
  test::paint(layer, 59, 59, 60, 60, kSelf);
  const auto pixel = agents::pixel_on(layer, kSelf);
  REQUIRE(pixel.has_value());
  CHECK(layer.at(pixel->x, pixel->y) == kSelf);
}

TEST_CASE("no beacon, no layer or nothing to click: no_op") {
  auto agent = move_to_beacon_agent();
  const int move_screen = id_of("Move_screen");
  auto marine_only = test::blank_layer("player_relative", 64);
  test::paint(marine_only, 5, 5, 6, 6, kSelf);
  CHECK(agent->step(test::time_step_with({0, 7, move_screen}, {marine_only})) == pysc2::FunctionCall{});
  CHECK(agent->step(test::time_step_with({0, 7, move_screen})) == pysc2::FunctionCall{});
  CHECK(agent->step(test::time_step_with({0, 2}, {test::blank_layer("player_relative", 64)})) ==
        pysc2::FunctionCall{});
}
