// The PySC2 function table, FunctionCall <-> Action translation, validation,
// available_actions and to_string (pysc2-action-mapping.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <google/protobuf/text_format.h>
#include <google/protobuf/util/message_differencer.h>

#include "client/pysc2/actions.h"
#include "tests/shared_dir.h"

using namespace sc2::pysc2;
using SC2APIProtocol::Action;

namespace {

std::vector<std::map<std::string, std::string>> read_tsv(const std::string& relative) {
  std::ifstream in(sc2::test::shared_dir() / relative);
  REQUIRE(in.good());
  auto split = [](const std::string& line) {
    std::vector<std::string> cells;
    std::stringstream stream(line);
    std::string cell;
    while (std::getline(stream, cell, '\t')) cells.push_back(cell);
    if (!line.empty() && line.back() == '\t') cells.emplace_back();
    return cells;
  };
  std::string line;
  std::getline(in, line);
  const auto header = split(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto cells = split(line);
    cells.resize(header.size());
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

FunctionCall call(std::string_view name, std::vector<std::vector<int>> args) {
  const FunctionSpec* function = find_function(name);
  REQUIRE_MESSAGE(function, "no function named " << name);
  return FunctionCall{function->id, std::move(args)};
}

SC2APIProtocol::Observation observation_with(std::vector<std::pair<int, bool>> abilities, int army_count = 0) {
  SC2APIProtocol::Observation observation;
  observation.mutable_player_common()->set_player_id(1);
  observation.mutable_player_common()->set_army_count(static_cast<std::uint32_t>(army_count));
  for (auto [id, requires_point] : abilities) {
    auto* ability = observation.add_abilities();
    ability->set_ability_id(id);
    ability->set_requires_point(requires_point);
  }
  return observation;
}

std::string invalid_message(const FunctionCall& c, const std::vector<int>* available = nullptr) {
  try {
    validate(c, ActionSpace{}, available);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("function table has 573 functions with ids 0..572 in order") {
  const auto& functions = all_functions();
  REQUIRE(functions.size() == 573);
  for (std::size_t i = 0; i < functions.size(); ++i) CHECK(functions[i].id == static_cast<int>(i));
  CHECK(find_function(-1) == nullptr);
  CHECK(find_function(573) == nullptr);
  CHECK(find_function("no_such_function") == nullptr);
  REQUIRE(find_function("Move_screen"));
  CHECK(find_function("Move_screen")->id == 331);
  CHECK(find_function("Move_screen")->ability_id == 3794);
  CHECK(find_function(12)->name == "Attack_screen");
  CHECK(functions_for_ability(3674) == std::vector<int>{12, 13});
  CHECK(functions_for_ability(0).empty());
  CHECK(functions_for_ability(999999).empty());
}

TEST_CASE("13 argument types with PySC2's sizes and enum value names") {
  REQUIRE(all_argument_types().size() == 13);
  const std::map<std::string, int> expected_sizes = {
      {"screen", 0},          {"minimap", 0},         {"screen2", 0},       {"queued", 2},
      {"control_group_act", 5}, {"control_group_id", 10}, {"select_point_act", 4}, {"select_add", 2},
      {"select_unit_act", 4}, {"select_unit_id", 500}, {"select_worker", 4}, {"build_queue_id", 10},
      {"unload_id", 500}};
  for (const ArgumentType& type : all_argument_types()) {
    CAPTURE(type.name);
    CHECK(type.size == expected_sizes.at(std::string(type.name)));
    CHECK(type.is_point == (type.id <= 2));
    if (type.kind == ArgumentKind::enumeration) CHECK(type.values.size() == static_cast<std::size_t>(type.size));
    else CHECK(type.values.empty());
  }
  CHECK(argument_type(arg::queued).values == std::vector<std::string_view>{"now", "queued"});
  CHECK(argument_type(arg::control_group_act).values[4] == "append_and_steal");
  CHECK_THROWS_AS(argument_type(13), std::out_of_range);
}

TEST_CASE("function table matches pysc2-actions.tsv row by row") {
  if (!sc2::test::have_shared("spec/pysc2-actions.tsv")) return;
  const auto rows = read_tsv("spec/pysc2-actions.tsv");
  REQUIRE(rows.size() == all_functions().size());
  for (const auto& row : rows) {
    const FunctionSpec* function = find_function(std::stoi(row.at("id")));
    REQUIRE(function);
    CAPTURE(row.at("name"));
    CHECK(function->name == row.at("name"));
    CHECK(to_string(function->type) == row.at("function_type"));
    CHECK(function->ability_id == std::stoi(row.at("ability_id")));
    CHECK(function->general_id == std::stoi(row.at("general_id")));
    std::string args;
    for (int id : function->args) {
      if (!args.empty()) args += ',';
      args += argument_type(id).name;
    }
    CHECK(args == row.at("args"));
    const bool specific = row.at("availability") == "ability listed (specific; hidden by default)";
    CHECK((function->availability == Availability::ability_specific) == specific);
  }
}

TEST_CASE("argument types match pysc2-action-args.tsv") {
  if (!sc2::test::have_shared("spec/pysc2-action-args.tsv")) return;
  int seen = 0;
  for (const auto& row : read_tsv("spec/pysc2-action-args.tsv")) {
    if (row.at("arg_set") != "actions") continue;
    ++seen;
    const ArgumentType& type = argument_type(std::stoi(row.at("id")));
    CAPTURE(row.at("name"));
    CHECK(type.name == row.at("name"));
    CHECK(type.is_point == (row.at("kind") == "point"));
    if (!type.is_point) {
      std::string size = "(";
      size += std::to_string(type.size);
      size += ",)";
      CHECK(row.at("sizes") == size);
    }
    for (std::size_t i = 0; i < type.values.size(); ++i) {
      CHECK(row.at("values").find(std::to_string(i) + "=" + std::string(type.values[i])) != std::string::npos);
    }
  }
  CHECK(seen == 13);
}

TEST_CASE("to_proto: no_op is an empty Action") {
  const Action action = to_proto(FunctionCall{});
  CHECK(action.ByteSizeLong() == 0);
}

TEST_CASE("to_proto: spatial function types go to action_feature_layer") {
  SUBCASE("move_camera") {
    const Action a = to_proto(call("move_camera", {{10, 20}}));
    REQUIRE(a.action_feature_layer().has_camera_move());
    CHECK(a.action_feature_layer().camera_move().center_minimap().x() == 10);
    CHECK(a.action_feature_layer().camera_move().center_minimap().y() == 20);
    CHECK_FALSE(a.has_action_ui());
  }
  SUBCASE("select_point maps act index to Type index+1") {
    const Action a = to_proto(call("select_point", {{2}, {3, 4}}));
    const auto& select = a.action_feature_layer().unit_selection_point();
    CHECK(select.type() == SC2APIProtocol::ActionSpatialUnitSelectionPoint::AllType);
    CHECK(select.selection_screen_coord().x() == 3);
    CHECK(select.selection_screen_coord().y() == 4);
  }
  SUBCASE("select_rect normalises the corners") {
    const Action a = to_proto(call("select_rect", {{1}, {30, 2}, {1, 40}}));
    const auto& select = a.action_feature_layer().unit_selection_rect();
    REQUIRE(select.selection_screen_coord_size() == 1);
    CHECK(select.selection_screen_coord(0).p0().x() == 1);
    CHECK(select.selection_screen_coord(0).p0().y() == 2);
    CHECK(select.selection_screen_coord(0).p1().x() == 30);
    CHECK(select.selection_screen_coord(0).p1().y() == 40);
    CHECK(select.selection_add());
  }
  SUBCASE("cmd_quick writes queue_command even when false and no target") {
    const Action a = to_proto(call("Stop_quick", {{0}}));
    const auto& command = a.action_feature_layer().unit_command();
    CHECK(command.ability_id() == 3665);
    CHECK(command.has_queue_command());
    CHECK_FALSE(command.queue_command());
    CHECK(command.target_case() == SC2APIProtocol::ActionSpatialUnitCommand::TARGET_NOT_SET);
  }
  SUBCASE("cmd_screen") {
    const Action a = to_proto(call("Attack_screen", {{1}, {23, 38}}));
    const auto& command = a.action_feature_layer().unit_command();
    CHECK(command.ability_id() == 3674);
    CHECK(command.queue_command());
    REQUIRE(command.has_target_screen_coord());
    CHECK(command.target_screen_coord().x() == 23);
    CHECK(command.target_screen_coord().y() == 38);
  }
  SUBCASE("cmd_minimap") {
    const Action a = to_proto(call("Move_minimap", {{0}, {5, 6}}));
    const auto& command = a.action_feature_layer().unit_command();
    CHECK(command.ability_id() == 3794);
    REQUIRE(command.has_target_minimap_coord());
    CHECK(command.target_minimap_coord().x() == 5);
    CHECK(command.target_minimap_coord().y() == 6);
  }
}

TEST_CASE("to_proto: UI function types go to action_ui") {
  SUBCASE("select_unit") {
    const Action a = to_proto(call("select_unit", {{3}, {7}}));
    CHECK(a.action_ui().multi_panel().type() == SC2APIProtocol::ActionMultiPanel::DeselectAllOfType);
    CHECK(a.action_ui().multi_panel().unit_index() == 7);
    CHECK_FALSE(a.has_action_feature_layer());
  }
  SUBCASE("select_control_group maps act index to action index+1") {
    const Action recall = to_proto(call("select_control_group", {{0}, {3}}));
    CHECK(recall.action_ui().control_group().action() == SC2APIProtocol::ActionControlGroup::Recall);
    CHECK(recall.action_ui().control_group().control_group_index() == 3);
    const Action steal = to_proto(call("select_control_group", {{4}, {9}}));
    CHECK(steal.action_ui().control_group().action() == SC2APIProtocol::ActionControlGroup::AppendAndSteal);
  }
  SUBCASE("select_idle_worker") {
    const Action a = to_proto(call("select_idle_worker", {{3}}));
    CHECK(a.action_ui().select_idle_worker().type() == SC2APIProtocol::ActionSelectIdleWorker::AddAll);
  }
  SUBCASE("select_army and select_warp_gates") {
    CHECK(to_proto(call("select_army", {{1}})).action_ui().select_army().selection_add());
    const Action gates = to_proto(call("select_warp_gates", {{0}}));
    REQUIRE(gates.action_ui().has_select_warp_gates());
    CHECK_FALSE(gates.action_ui().select_warp_gates().selection_add());
  }
  SUBCASE("select_larva is present and empty") {
    CHECK(to_proto(call("select_larva", {})).action_ui().has_select_larva());
  }
  SUBCASE("unload and build_queue") {
    CHECK(to_proto(call("unload", {{4}})).action_ui().cargo_panel().unit_index() == 4);
    CHECK(to_proto(call("build_queue", {{2}})).action_ui().production_panel().unit_index() == 2);
  }
  SUBCASE("autocast") {
    const Action a = to_proto(call("Effect_Heal_autocast", {}));
    CHECK(a.action_ui().toggle_autocast().ability_id() == 386);
  }
}

TEST_CASE("to_proto rejects malformed calls") {
  CHECK_THROWS_AS(to_proto(FunctionCall{9999, {}}), std::invalid_argument);
  CHECK_THROWS_AS(to_proto(call("select_point", {{0}})), std::invalid_argument);
  CHECK_THROWS_AS(to_proto(call("select_point", {{4}, {1, 1}})), std::invalid_argument);
  CHECK_THROWS_AS(to_proto(call("move_camera", {{1}})), std::invalid_argument);
}

TEST_CASE("from_proto(to_proto(call)) round-trips one function of every type") {
  const std::vector<FunctionCall> calls = {
      call("no_op", {}),
      call("move_camera", {{10, 20}}),
      call("select_point", {{3}, {4, 5}}),
      call("select_rect", {{1}, {1, 2}, {30, 40}}),
      call("select_unit", {{1}, {17}}),
      call("select_control_group", {{2}, {9}}),
      call("select_idle_worker", {{1}}),
      call("select_army", {{1}}),
      call("select_warp_gates", {{0}}),
      call("select_larva", {}),
      call("unload", {{3}}),
      call("build_queue", {{5}}),
      call("Stop_quick", {{1}}),
      call("Attack_screen", {{0}, {23, 38}}),
      call("Move_minimap", {{1}, {7, 8}}),
      call("Effect_Heal_autocast", {}),
  };
  std::map<FunctionType, int> types;
  for (const FunctionCall& original : calls) {
    CAPTURE(to_string(original));
    CHECK(from_proto(to_proto(original), true) == original);
    CHECK(from_proto(to_proto(original), false) == original);
    ++types[find_function(original.function)->type];
  }
  CHECK(types.size() == 16);
}

TEST_CASE("from_proto: specific abilities become general with hide_specific") {
  Action action;
  auto* command = action.mutable_action_feature_layer()->mutable_unit_command();
  command->set_ability_id(23);  // Attack_Attack (specific of 3674)
  command->mutable_target_screen_coord()->set_x(1);
  command->mutable_target_screen_coord()->set_y(2);
  CHECK(from_proto(action, true) == FunctionCall{12, {{0}, {1, 2}}});   // Attack_screen
  CHECK(from_proto(action, false) == FunctionCall{14, {{0}, {1, 2}}});  // Attack_Attack_screen
}

TEST_CASE("from_proto: a specific autocast becomes the general autocast with hide_specific") {
  Action action;
  action.mutable_action_ui()->mutable_toggle_autocast()->set_ability_id(316);  // Effect_Repair_SCV
  CHECK(from_proto(action, true) == FunctionCall{221, {}});   // Effect_Repair_autocast
  CHECK(from_proto(action, false) == FunctionCall{225, {}});  // Effect_Repair_SCV_autocast
}

TEST_CASE("from_proto: unknown abilities, raw-only and empty actions give no_op") {
  Action empty_rect;
  empty_rect.mutable_action_feature_layer()->mutable_unit_selection_rect()->set_selection_add(true);
  CHECK(from_proto(empty_rect, true) == FunctionCall{});
  Action unknown;
  unknown.mutable_action_feature_layer()->mutable_unit_command()->set_ability_id(123456);
  CHECK(from_proto(unknown, true) == FunctionCall{});
  Action raw;
  raw.mutable_action_raw()->mutable_camera_move();
  CHECK(from_proto(raw, true) == FunctionCall{});
  CHECK(from_proto(Action{}, true) == FunctionCall{});
  Action render;
  render.mutable_action_render()->mutable_camera_move()->mutable_center_minimap()->set_x(3);
  CHECK(from_proto(render, true) == FunctionCall{fn::move_camera, {{3, 0}}});
}

TEST_CASE("from_proto: a known ability echoed with a kind it has no function for throws") {
  Action action;
  action.mutable_action_feature_layer()->mutable_unit_command()->set_ability_id(1);  // Smart has no quick
  CHECK_THROWS_AS(from_proto(action, true), std::runtime_error);
}

TEST_CASE("available_actions: nothing selected gives exactly {0,1,2,3,4}") {
  CHECK(available_actions(observation_with({}), true) == std::vector<int>{0, 1, 2, 3, 4});
}

TEST_CASE("available_actions: UI functions follow player_common and ui_data") {
  SC2APIProtocol::Observation observation = observation_with({}, 3);
  observation.mutable_player_common()->set_idle_worker_count(1);
  observation.mutable_player_common()->set_warp_gate_count(1);
  observation.mutable_player_common()->set_larva_count(2);
  CHECK(available_actions(observation, true) == std::vector<int>{0, 1, 2, 3, 4, 6, 7, 8, 9});
  observation.mutable_ui_data()->mutable_multi();
  CHECK(available_actions(observation, true).back() == 9);
  CHECK(available_actions(observation, true)[5] == 5);
  observation.mutable_ui_data()->mutable_cargo();
  auto ids = available_actions(observation, true);
  CHECK(std::find(ids.begin(), ids.end(), 10) != ids.end());
  CHECK(std::find(ids.begin(), ids.end(), 5) == ids.end());
  observation.mutable_ui_data()->mutable_production();
  ids = available_actions(observation, true);
  CHECK(std::find(ids.begin(), ids.end(), 11) != ids.end());
  CHECK(std::find(ids.begin(), ids.end(), 10) == ids.end());
}

TEST_CASE("available_actions: the Marine example of the spec") {
  const std::vector<std::pair<int, bool>> marine = {{1, true}, {23, true}, {16, true}, {17, true}, {18, false}, {4, false}};
  const std::vector<int> expected = {0, 1, 2, 3, 4, 12, 13, 274, 331, 332, 333, 334, 451, 452, 453};
  CHECK(available_actions(observation_with(marine), true) == expected);

  std::vector<int> with_army = expected;
  with_army.insert(with_army.begin() + 5, 7);
  CHECK(available_actions(observation_with(marine, 1), true) == with_army);

  // Hide-specific off: the specific functions of the listed ids come on top.
  std::vector<int> all = expected;
  for (std::string_view name : {"Attack_Attack_screen", "Attack_Attack_minimap", "Move_Move_screen",
                                "Move_Move_minimap", "Patrol_Patrol_screen", "Patrol_Patrol_minimap",
                                "HoldPosition_Hold_quick", "Stop_Stop_quick"}) {
    const FunctionSpec* function = find_function(name);
    REQUIRE_MESSAGE(function, name);
    all.push_back(function->id);
  }
  std::sort(all.begin(), all.end());
  CHECK(available_actions(observation_with(marine), false) == all);
}

TEST_CASE("available_actions: unknown ids are skipped, wrong-kind abilities throw") {
  CHECK(available_actions(observation_with({{987654, true}}), true) == std::vector<int>{0, 1, 2, 3, 4});
  try {
    available_actions(observation_with({{4, true}}), true);  // Stop is quick-only
    FAIL("expected std::runtime_error");
  } catch (const std::runtime_error& error) {
    CHECK(std::string(error.what()).find("ability id 4") != std::string::npos);
  }
  CHECK_THROWS_AS(available_actions(observation_with({{1, false}}), true), std::runtime_error);  // Smart quick
}

TEST_CASE("available_actions: autocast variants come with the ability either way") {
  const auto ids = available_actions(observation_with({{386, true}}), true);  // Effect_Heal
  CHECK(std::find(ids.begin(), ids.end(), 198) != ids.end());  // Effect_Heal_screen
  CHECK(std::find(ids.begin(), ids.end(), 199) != ids.end());  // Effect_Heal_autocast
  const auto quick = available_actions(observation_with({{386, false}}), true);
  CHECK(std::find(quick.begin(), quick.end(), 199) != quick.end());
  CHECK(std::find(quick.begin(), quick.end(), 198) == quick.end());
}

TEST_CASE("validate accepts good calls") {
  const std::vector<int> available = {0, 1, 2, 3, 4, 12};
  CHECK_NOTHROW(validate(call("select_point", {{0}, {0, 0}}), ActionSpace{}, &available));
  CHECK_NOTHROW(validate(call("select_rect", {{1}, {63, 63}, {0, 0}}), ActionSpace{}, &available));
  CHECK_NOTHROW(validate(call("Attack_screen", {{1}, {10, 10}}), ActionSpace{}, &available));
  CHECK_NOTHROW(validate(call("select_control_group", {{4}, {9}}), ActionSpace{}, &available));
  CHECK_NOTHROW(validate(call("Attack_minimap", {{0}, {1, 1}}), ActionSpace{}, nullptr));
}

TEST_CASE("validate rejects bad calls naming the function and the argument") {
  SUBCASE("unknown id") {
    const std::string message = invalid_message(FunctionCall{573, {}});
    CHECK(message.find("unknown function id 573") != std::string::npos);
  }
  SUBCASE("not available") {
    const std::vector<int> available = {0, 1, 2, 3, 4};
    const std::string message = invalid_message(call("Attack_screen", {{0}, {1, 1}}), &available);
    CHECK(message.find("Attack_screen") != std::string::npos);
    CHECK(message.find("available") != std::string::npos);
  }
  SUBCASE("wrong arity") {
    const std::string message = invalid_message(call("select_point", {{0}}));
    CHECK(message.find("select_point") != std::string::npos);
    CHECK(message.find("expected 2 argument(s), got 1") != std::string::npos);
  }
  SUBCASE("point with 3 values") {
    const std::string message = invalid_message(call("select_point", {{0}, {1, 2, 3}}));
    CHECK(message.find("select_point") != std::string::npos);
    CHECK(message.find("'screen'") != std::string::npos);
  }
  SUBCASE("point outside the screen") {
    const std::string message = invalid_message(call("Attack_screen", {{0}, {64, 3}}));
    CHECK(message.find("Attack_screen") != std::string::npos);
    CHECK(message.find("'screen' = [64, 3]") != std::string::npos);
    CHECK_FALSE(invalid_message(call("select_rect", {{0}, {0, 0}, {0, -1}})).empty());
    const std::string minimap = invalid_message(call("move_camera", {{10, 64}}));
    CHECK(minimap.find("'minimap'") != std::string::npos);
    CHECK_NOTHROW(validate(call("move_camera", {{10, 64}}), ActionSpace{84, 84, 128, 128}, nullptr));
  }
  SUBCASE("enum out of range (stricter than PySC2 on >= size)") {
    const std::string message = invalid_message(call("select_point", {{4}, {1, 1}}));
    CHECK(message.find("'select_point_act' = [4]") != std::string::npos);
    CHECK_FALSE(invalid_message(call("select_point", {{-1}, {1, 1}})).empty());
    CHECK_FALSE(invalid_message(call("select_control_group", {{0}, {10}})).empty());
  }
  SUBCASE("enum with two values") {
    const std::string message = invalid_message(call("select_army", {{0, 1}}));
    CHECK(message.find("'select_add'") != std::string::npos);
    CHECK(message.find("exactly 1 value") != std::string::npos);
  }
}

TEST_CASE("to_string uses PySC2's notation with enum names") {
  CHECK(to_string(call("Attack_screen", {{0}, {23, 38}})) == "Attack_screen(\"now\", [23, 38])");
  CHECK(to_string(call("select_point", {{0}, {3, 4}})) == "select_point(\"select\", [3, 4])");
  CHECK(to_string(call("select_rect", {{1}, {1, 2}, {30, 40}})) == "select_rect(\"add\", [1, 2], [30, 40])");
  CHECK(to_string(call("select_control_group", {{0}, {3}})) == "select_control_group(\"recall\", 3)");
  CHECK(to_string(FunctionCall{}) == "no_op()");
  CHECK(to_string(FunctionCall{900, {{1}, {2, 3}}}) == "fn#900([1], [2, 3])");
  CHECK(to_string(call("select_army", {{7}})) == "select_army(7)");
}

// ---- Golden Action protos (tests/client/golden/actions/*.pbtxt) -------------------------
// Each file starts with "# call: <function name> <arguments>" followed by the Action in
// protobuf text format that PySC2 would send for that call (pysc2-action-mapping.md §2).

namespace {

struct GoldenAction {
  std::string file;
  FunctionCall call;
  Action proto;
};

// "[[1], [23, 38]]" -> {{1}, {23, 38}}
std::vector<std::vector<int>> parse_arguments(const std::string& text) {
  std::vector<std::vector<int>> result;
  int depth = 0;
  std::string number;
  auto flush = [&] {
    if (!number.empty()) result.back().push_back(std::stoi(number));
    number.clear();
  };
  for (char c : text) {
    if (c == '[') {
      if (++depth == 2) result.emplace_back();
    } else if (c == ']') {
      if (depth-- == 2) flush();
    } else if (c == ',') {
      if (depth == 2) flush();
    } else if ((c >= '0' && c <= '9') || c == '-') {
      number += c;
    }
  }
  return result;
}

std::vector<GoldenAction> load_golden_actions() {
  const std::filesystem::path dir = std::filesystem::path(SC2_SOURCE_DIR) / "tests/client/golden/actions";
  std::vector<GoldenAction> golden;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".pbtxt") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string content = text.str();
    const std::string prefix = "# call: ";
    REQUIRE_MESSAGE(content.rfind(prefix, 0) == 0, entry.path().string() << " must start with '" << prefix << "'");
    const std::string header = content.substr(prefix.size(), content.find('\n') - prefix.size());
    const std::string name = header.substr(0, header.find(' '));
    const FunctionSpec* function = find_function(name);
    REQUIRE_MESSAGE(function, entry.path().string() << ": unknown function " << name);
    GoldenAction item{entry.path().filename().string(),
                      FunctionCall{function->id, parse_arguments(header.substr(name.size()))}, Action{}};
    REQUIRE_MESSAGE(google::protobuf::TextFormat::ParseFromString(content, &item.proto),
                    entry.path().string() << " is not a valid Action in text format");
    golden.push_back(std::move(item));
  }
  std::sort(golden.begin(), golden.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
  return golden;
}

std::string text_of(const Action& action) {
  std::string text;
  google::protobuf::TextFormat::PrintToString(action, &text);
  return text;
}

}  // namespace

TEST_CASE("golden Action protos: one sample call per function type, and the round trips") {
  const std::vector<GoldenAction> golden = load_golden_actions();
  std::set<FunctionType> types;
  for (const GoldenAction& item : golden) {
    CAPTURE(item.file);
    CAPTURE(to_string(item.call));
    const FunctionSpec& function = *find_function(item.call.function);
    types.insert(function.type);

    // FunctionCall -> proto matches the golden proto exactly (presence of false/empty fields too).
    const Action sent = to_proto(item.call);
    google::protobuf::util::MessageDifferencer exact;
    std::string difference;
    exact.ReportDifferencesToString(&difference);
    CHECK_MESSAGE(exact.Compare(item.proto, sent), "golden vs to_proto:\n" << difference << "to_proto gave:\n"
                                                                         << text_of(sent));

    // proto -> FunctionCall -> proto gives the golden proto back.
    const FunctionCall decoded = from_proto(item.proto, /*hide_specific=*/false);
    CHECK(decoded.function == item.call.function);
    if (function.type != FunctionType::select_rect) {
      CHECK(decoded == item.call);
    } else {  // the proto only keeps the normalised corners
      CHECK(decoded.arguments[0] == item.call.arguments[0]);
    }
    CHECK(google::protobuf::util::MessageDifferencer::Equals(to_proto(decoded), item.proto));

    // With specific actions hidden, a specific ability reads back as its general function.
    const FunctionCall general = from_proto(item.proto, /*hide_specific=*/true);
    if (function.general_id != 0) {
      CHECK(find_function(general.function)->ability_id == function.general_id);
      CHECK(find_function(general.function)->type == function.type);
    } else {
      CHECK(general.function == item.call.function);
    }
  }
  CHECK(types.size() == 16);  // every function type has a golden file
}

TEST_CASE("golden argument parser reads PySC2's list notation") {
  CHECK(parse_arguments(" [[1], [23, 38]]") == std::vector<std::vector<int>>{{1}, {23, 38}});
  CHECK(parse_arguments(" []").empty());
  CHECK(parse_arguments("[[0], [-1, 7], [30, 40]]") == std::vector<std::vector<int>>{{0}, {-1, 7}, {30, 40}});
}

// ---- available_actions for known selections (abilities as the game lists them) ---------

namespace {

std::vector<int> ids_of(std::initializer_list<std::string_view> names) {
  std::vector<int> ids;
  for (std::string_view name : names) {
    const FunctionSpec* function = find_function(name);
    REQUIRE_MESSAGE(function, "no function named " << name);
    ids.push_back(function->id);
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::vector<int> sorted_union(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  return a;
}

const std::vector<int> kUiAlways = {0, 1, 2, 3, 4};

// Ability ids from sc2-abilities.tsv, requires_point = the ability targets a point or unit.
const std::vector<std::pair<int, bool>> kScvAbilities = {
    {1, true},    {23, true},   {16, true},   {17, true},   {18, false},  {4, false},   // Smart, Attack, Move, Patrol, Hold, Stop
    {295, true},  {296, false}, {316, true},                                           // Harvest_Gather_SCV, Harvest_Return_SCV, Repair
    {318, true},  {319, true},  {320, true},  {321, true},  {322, true}};               // Build_CC, Depot, Refinery, Barracks, EBay

}  // namespace

TEST_CASE("available_actions: nothing selected") {
  SC2APIProtocol::Observation observation = observation_with({});
  CHECK(available_actions(observation, true) == kUiAlways);
  CHECK(available_actions(observation, false) == kUiAlways);
}

TEST_CASE("available_actions: a Marine (single panel, army of one)") {
  SC2APIProtocol::Observation observation =
      observation_with({{1, true}, {23, true}, {16, true}, {17, true}, {18, false}, {4, false}}, 1);
  observation.mutable_ui_data()->mutable_single()->mutable_unit()->set_unit_type(48);
  const std::vector<int> general = ids_of({"Smart_screen", "Smart_minimap", "Attack_screen", "Attack_minimap",
                                           "Move_screen", "Move_minimap", "Patrol_screen", "Patrol_minimap",
                                           "HoldPosition_quick", "Stop_quick", "select_army"});
  CHECK(available_actions(observation, true) == sorted_union(kUiAlways, general));
}

TEST_CASE("available_actions: two SCVs (multi panel) as the game lists their abilities") {
  SC2APIProtocol::Observation observation = observation_with(kScvAbilities);
  observation.mutable_ui_data()->mutable_multi()->add_units()->set_unit_type(45);
  observation.mutable_ui_data()->mutable_multi()->add_units()->set_unit_type(45);
  observation.mutable_player_common()->set_idle_worker_count(2);
  const std::vector<int> general =
      ids_of({"select_unit", "select_idle_worker", "Smart_screen", "Smart_minimap", "Attack_screen",
              "Attack_minimap", "Move_screen", "Move_minimap", "Patrol_screen", "Patrol_minimap",
              "HoldPosition_quick", "Stop_quick", "Harvest_Gather_screen", "Harvest_Return_quick",
              "Effect_Repair_screen", "Effect_Repair_autocast", "Build_CommandCenter_screen",
              "Build_SupplyDepot_screen", "Build_Refinery_screen", "Build_Barracks_screen",
              "Build_EngineeringBay_screen"});
  CHECK(available_actions(observation, true) == sorted_union(kUiAlways, general));

  const std::vector<int> specific =
      ids_of({"Attack_Attack_screen", "Attack_Attack_minimap", "Move_Move_screen", "Move_Move_minimap",
              "Patrol_Patrol_screen", "Patrol_Patrol_minimap", "HoldPosition_Hold_quick", "Stop_Stop_quick",
              "Harvest_Gather_SCV_screen", "Harvest_Return_SCV_quick", "Effect_Repair_SCV_screen",
              "Effect_Repair_SCV_autocast"});
  CHECK(available_actions(observation, false) == sorted_union(sorted_union(kUiAlways, general), specific));
}

TEST_CASE("available_actions: a Command Center") {
  SC2APIProtocol::Observation observation =
      observation_with({{1, true}, {524, false}, {203, true}, {417, false}});  // Smart, Train_SCV, Rally, Lift
  observation.mutable_ui_data()->mutable_single()->mutable_unit()->set_unit_type(18);
  const std::vector<int> general = ids_of({"Smart_screen", "Smart_minimap", "Train_SCV_quick",
                                           "Rally_Workers_screen", "Rally_Workers_minimap", "Lift_quick"});
  CHECK(available_actions(observation, true) == sorted_union(kUiAlways, general));
  const std::vector<int> specific =
      ids_of({"Rally_CommandCenter_screen", "Rally_CommandCenter_minimap", "Lift_CommandCenter_quick"});
  CHECK(available_actions(observation, false) == sorted_union(sorted_union(kUiAlways, general), specific));
}

TEST_CASE("available_actions: a Barracks, idle and producing") {
  // Smart, Train_Marine, Train_Reaper, Rally_Building, Lift_Barracks, Build_TechLab/Reactor_Barracks
  SC2APIProtocol::Observation observation = observation_with(
      {{1, true}, {560, false}, {561, false}, {195, true}, {452, false}, {421, false}, {422, false}});
  observation.mutable_ui_data()->mutable_single()->mutable_unit()->set_unit_type(21);
  const std::vector<int> general =
      ids_of({"Smart_screen", "Smart_minimap", "Train_Marine_quick", "Train_Reaper_quick", "Rally_Units_screen",
              "Rally_Units_minimap", "Lift_quick", "Build_TechLab_quick", "Build_Reactor_quick"});
  CHECK(available_actions(observation, true) == sorted_union(kUiAlways, general));
  const std::vector<int> specific =
      ids_of({"Rally_Building_screen", "Rally_Building_minimap", "Lift_Barracks_quick",
              "Build_TechLab_Barracks_quick", "Build_Reactor_Barracks_quick"});
  CHECK(available_actions(observation, false) == sorted_union(sorted_union(kUiAlways, general), specific));

  // Producing: the production panel offers build_queue; the game adds Cancel_Last (Queue5).
  observation.mutable_ui_data()->mutable_production()->add_build_queue()->set_unit_type(48);
  auto* cancel = observation.add_abilities();
  cancel->set_ability_id(306);  // Cancel_Queue5 -> general Cancel_Last
  cancel->set_requires_point(false);
  CHECK(available_actions(observation, true) ==
        sorted_union(sorted_union(kUiAlways, general), ids_of({"build_queue", "Cancel_Last_quick"})));
}

TEST_CASE("raw_function_for_ability: the lowest raw function id of pysc2-raw-actions.tsv") {
  CHECK(raw_function_for_ability(0) == 0);
  CHECK(raw_function_for_ability(123456) == 0);
  CHECK(raw_function_for_ability(3674) == 2);  // Attack_pt before Attack_unit
  if (!sc2::test::have_shared("spec/pysc2-raw-actions.tsv")) return;
  std::map<int, int> lowest;
  for (const auto& row : read_tsv("spec/pysc2-raw-actions.tsv")) {
    const int ability = std::stoi(row.at("ability_id"));
    if (ability != 0) lowest.emplace(ability, std::stoi(row.at("id")));  // rows come in id order
  }
  REQUIRE(lowest.size() > 400);
  for (const auto& [ability, id] : lowest) {
    CAPTURE(ability);
    CHECK(raw_function_for_ability(ability) == id);
  }
}

TEST_CASE("from_proto: a select_rect with several rectangles reads the first only, as PySC2") {
  Action action;
  auto* select = action.mutable_action_feature_layer()->mutable_unit_selection_rect();
  auto* first = select->add_selection_screen_coord();
  first->mutable_p0()->set_x(3);
  first->mutable_p0()->set_y(4);
  first->mutable_p1()->set_x(20);
  first->mutable_p1()->set_y(30);
  auto* second = select->add_selection_screen_coord();
  second->mutable_p0()->set_x(40);
  second->mutable_p1()->set_x(50);
  second->mutable_p1()->set_y(60);
  select->set_selection_add(true);
  CHECK(from_proto(action, true) == FunctionCall{fn::select_rect, {{1}, {3, 4}, {20, 30}}});
}

TEST_CASE("from_proto: actions echoed in action_render (RGB action space) map like action_feature_layer") {
  Action action;
  auto* command = action.mutable_action_render()->mutable_unit_command();
  command->set_ability_id(16);  // Move_Move, specific
  command->mutable_target_minimap_coord()->set_x(7);
  command->mutable_target_minimap_coord()->set_y(9);
  const int move_move_minimap = find_function("Move_Move_minimap")->id;
  CHECK(from_proto(action, false) == FunctionCall{move_move_minimap, {{0}, {7, 9}}});
  CHECK(from_proto(action, true) == FunctionCall{find_function("Move_minimap")->id, {{0}, {7, 9}}});
}
