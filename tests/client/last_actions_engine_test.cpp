// The whole action loop for every function type the engine executes: FunctionCall ->
// to_proto -> the engine's action interpreter -> ResponseObservation.actions (the game's
// echo) -> to_observation's last_actions -> the same FunctionCall (pysc2-action-mapping.md
// §2 and §6). Types the mini-games cannot execute (select_larva, select_warp_gates, unload,
// autocast) round-trip through hand-built protos in actions_test.cpp.
#include "tests/client/engine_rig.h"

using sc2::test::named_call;
using sc2::test::Rig;
namespace api = SC2APIProtocol;
namespace py = sc2::pysc2;
namespace eng = sc2::engine;

TEST_CASE("engine echo: every function type the engine executes comes back as the same FunctionCall") {
  Rig rig;
  rig.observe_available();

  // select_rect over the whole screen: the four own units, a multi panel.
  rig.round_trip(named_call("select_rect", {{0}, {0, 0}, {63, 63}}));
  CHECK(rig.world().player(1).selection.size() == 4);
  // select_unit: deselect the unit at index 3 of the multi panel.
  rig.round_trip(named_call("select_unit", {{1}, {3}}));
  CHECK(rig.world().player(1).selection.size() == 3);
  // control groups: set group 2, recall it.
  rig.round_trip(named_call("select_control_group", {{1}, {2}}));
  rig.round_trip(named_call("select_control_group", {{0}, {2}}));
  CHECK(rig.world().player(1).selection.size() == 3);

  // select_point on the Command Center, cmd_quick Train_SCV, build_queue cancels it.
  rig.round_trip(named_call("select_point", {{0}, rig.screen_pixel(rig.cc_)}));
  REQUIRE(rig.world().player(1).selection.size() == 1);
  rig.round_trip(named_call("Train_SCV_quick", {{0}}));
  CHECK(rig.world().find(rig.cc_)->production.size() == 1);
  rig.round_trip(named_call("build_queue", {{0}}));
  CHECK(rig.world().find(rig.cc_)->production.empty());

  // select_idle_worker: both SCVs are idle.
  rig.round_trip(named_call("select_idle_worker", {{2}}));
  CHECK(rig.world().player(1).selection.size() == 2);
  // cmd_screen / cmd_minimap / cmd_quick with general and specific ability ids.
  const std::vector<int> near_marine = rig.screen_pixel(rig.marine_);
  rig.round_trip(named_call("Move_screen", {{0}, {near_marine[0], near_marine[1] + 4}}));
  rig.round_trip(named_call("Move_Move_screen", {{1}, {near_marine[0], near_marine[1] - 4}}),
                 named_call("Move_screen", {{1}, {near_marine[0], near_marine[1] - 4}}));
  const eng::Vec2 camera = rig.world().player(1).camera;
  rig.round_trip(named_call("Move_minimap", {{1}, rig.minimap_pixel({camera.x + 1.0f, camera.y + 1.0f})}));
  rig.round_trip(named_call("Patrol_Patrol_minimap", {{0}, rig.minimap_pixel({camera.x - 1.0f, camera.y})}),
                 named_call("Patrol_minimap", {{0}, rig.minimap_pixel({camera.x - 1.0f, camera.y})}));
  rig.round_trip(named_call("Stop_Stop_quick", {{0}}), named_call("Stop_quick", {{0}}));
  rig.round_trip(named_call("HoldPosition_quick", {{1}}));

  // select_army: the Marine alone; then the camera moves.
  rig.round_trip(named_call("select_army", {{0}}));
  REQUIRE(rig.world().player(1).selection.size() == 1);
  CHECK(rig.world().player(1).selection.front() == rig.marine_);
  rig.round_trip(named_call("Attack_Attack_screen", {{0}, {10, 10}}), named_call("Attack_screen", {{0}, {10, 10}}));
  rig.round_trip(named_call("move_camera", {rig.minimap_pixel({camera.x + 2.0f, camera.y - 2.0f})}));
}

TEST_CASE("engine echo: no_op is an empty Action, which the game neither echoes nor rejects") {
  Rig rig;
  const api::Action empty = py::to_proto(py::FunctionCall{});
  CHECK(empty.ByteSizeLong() == 0);
  const api::ResponseObservation response = rig.apply(empty, api::Success);
  CHECK(response.actions_size() == 0);
  CHECK(response.action_errors_size() == 0);
  CHECK(py::to_observation(response, py::ObservationSpec{}).last_actions.empty());
}

TEST_CASE("engine echo: a refused call is not in last_actions, its error is in action_result") {
  Rig rig;
  // Nothing selected: Move_screen has no one to move.
  const api::ResponseObservation response = rig.apply(py::to_proto(named_call("Move_screen", {{0}, {5, 5}})), api::Error);
  CHECK(response.actions_size() == 0);
  REQUIRE(response.action_errors_size() == 1);
  CHECK(response.action_errors(0).ability_id() == 3794);
  const py::Observation observation = py::to_observation(response, py::ObservationSpec{});
  CHECK(observation.last_actions.empty());
  CHECK(observation.action_result == std::vector<int>{api::Error});
}
