// Raw-interface commands (client/pysc2/raw_command.h): the Action they become and PySC2's raw
// notation in the action log, and Env::step sending them after the FunctionCalls.
#include <doctest/doctest.h>

#include "client/pysc2/actions.h"
#include "client/pysc2/raw_command.h"

using sc2::pysc2::RawCommand;
using sc2::pysc2::RawFunctionType;
using sc2::pysc2::WorldXY;

TEST_CASE("raw functions: the table has PySC2's 564 with names, types and abilities") {
  REQUIRE(sc2::pysc2::find_raw_function(0) != nullptr);
  CHECK(sc2::pysc2::find_raw_function(0)->name == "no_op");
  CHECK(sc2::pysc2::find_raw_function(13)->name == "Move_pt");
  CHECK(sc2::pysc2::find_raw_function(13)->ability_id == 3794);
  CHECK(sc2::pysc2::find_raw_function(563)->name == "Research_EnhancedShockwaves_quick");
  CHECK(sc2::pysc2::find_raw_function(564) == nullptr);
  CHECK(sc2::pysc2::find_raw_function(-1) == nullptr);
  CHECK(sc2::pysc2::raw_function_for(1, RawFunctionType::raw_cmd_pt)->name == "Smart_pt");
  CHECK(sc2::pysc2::raw_function_for(1, RawFunctionType::raw_cmd_unit)->name == "Smart_unit");
  CHECK(sc2::pysc2::raw_function_for(3674, RawFunctionType::raw_cmd_unit)->name == "Attack_unit");
  CHECK(sc2::pysc2::raw_function_for(23, RawFunctionType::raw_cmd_pt)->name == "Attack_Attack_pt");
  CHECK(sc2::pysc2::raw_function_for(3793, RawFunctionType::raw_cmd)->name == "HoldPosition_quick");
  CHECK(sc2::pysc2::raw_function_for(3794, RawFunctionType::raw_cmd) == nullptr);  // Move needs a target
  CHECK(sc2::pysc2::raw_function_for(0, RawFunctionType::raw_cmd) == nullptr);
}

TEST_CASE("a raw command becomes one action_raw.unit_command with its tags and target") {
  RawCommand move{3794, true, {5, 9}, WorldXY{30.5f, 12.25f}, std::nullopt};
  auto action = sc2::pysc2::to_action(move);
  REQUIRE(action.has_action_raw());
  const auto& command = action.action_raw().unit_command();
  CHECK(command.ability_id() == 3794);
  CHECK(command.queue_command());
  REQUIRE(command.unit_tags_size() == 2);
  CHECK(command.unit_tags(1) == 9u);
  CHECK(command.target_world_space_pos().x() == 30.5f);
  CHECK(command.target_world_space_pos().y() == 12.25f);
  CHECK_FALSE(command.has_target_unit_tag());
  CHECK_FALSE(action.has_action_feature_layer());

  RawCommand attack{3674, false, {5}, std::nullopt, 77};
  action = sc2::pysc2::to_action(attack);
  CHECK(action.action_raw().unit_command().target_unit_tag() == 77u);
  CHECK_FALSE(action.action_raw().unit_command().has_target_world_space_pos());
  CHECK_FALSE(action.action_raw().unit_command().has_queue_command());
}

TEST_CASE("raw commands are shown in PySC2's raw notation") {
  CHECK(to_string(RawCommand{3794, true, {5, 9}, WorldXY{30.5f, 12.25f}, std::nullopt}) ==
        "Move_pt(\"queued\", [5, 9], [30.5, 12.2])");
  CHECK(to_string(RawCommand{3674, false, {5}, std::nullopt, 77}) == "Attack_unit(\"now\", [5], 77)");
  CHECK(to_string(RawCommand{3793, false, {4294967297}, std::nullopt, std::nullopt}) ==
        "HoldPosition_quick(\"now\", [4294967297])");
  CHECK(to_string(RawCommand{0, false, {1, 2}, std::nullopt, std::nullopt}) == "raw_select([1, 2])");
  CHECK(to_string(RawCommand{999999, false, {1}, std::nullopt, std::nullopt}) == "raw_cmd(ability 999999, \"now\", [1])");
}

TEST_CASE("an observer reads the echoed raw unit commands back, in order, with their loops") {
  SC2APIProtocol::ResponseObservation response;
  const RawCommand move{3794, true, {5, 9}, WorldXY{30.5f, 12.25f}, std::nullopt};
  const RawCommand attack{3674, false, {5}, std::nullopt, 77};
  const RawCommand stop{3665, false, {9}, std::nullopt, std::nullopt};
  std::uint32_t loop = 100;
  for (const RawCommand& command : {move, attack}) {
    auto* action = response.add_actions();
    *action = sc2::pysc2::to_action(command);
    action->set_game_loop(loop++);
  }
  // Not unit commands: a feature-layer action and a raw camera move and autocast toggle.
  response.add_actions()->mutable_action_ui()->mutable_select_army();
  response.add_actions()->mutable_action_raw()->mutable_camera_move();
  response.add_actions()->mutable_action_raw()->mutable_toggle_autocast()->set_ability_id(386);
  *response.add_actions() = sc2::pysc2::to_action(stop);

  const auto seen = sc2::pysc2::echoed_raw_commands(response);
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].command == move);
  CHECK(seen[0].game_loop == 100);
  CHECK(seen[1].command == attack);
  CHECK(seen[1].game_loop == 101);
  CHECK(seen[2].command == stop);
  CHECK(sc2::pysc2::echoed_raw_commands(SC2APIProtocol::ResponseObservation{}).empty());
}
