// Key presses and command-card gestures -> FunctionCalls / UI commands (pure logic),
// table-driven: chord + modifiers + state -> the expected call.
#include <doctest/doctest.h>

#include "app/input/command_card.h"
#include "app/input/hotkeys.h"
#include "client/pysc2/actions.h"

using sc2::app::KeyChord;
using sc2::app::UiCommand;
using sc2::pysc2::FunctionCall;

namespace {

int id(const char* name) {
  const auto* spec = sc2::pysc2::find_function(name);
  REQUIRE_MESSAGE(spec, name);
  return spec->id;
}

// What MoveToBeacon offers with the Marine selected.
std::vector<int> marine_available() {
  std::vector<int> ids = {0, 1, 2, 3, 4, 7};
  for (const char* name : {"Attack_screen", "Attack_minimap", "HoldPosition_quick", "Move_screen", "Move_minimap",
                           "Patrol_screen", "Patrol_minimap", "Smart_screen", "Smart_minimap", "Stop_quick"}) {
    ids.push_back(id(name));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

const sc2::app::Keymap& default_keymap() {
  static const sc2::app::Keymap keymap = *sc2::app::parse_keymap(sc2::app::default_keymap_text(), "default").keymap;
  return keymap;
}

sc2::app::HotkeyState state_with(std::vector<int> available) {
  sc2::app::HotkeyState state;
  state.available = std::move(available);
  state.camera = sc2::app::LayerPixel{32, 20};
  state.minimap_width = 64;
  state.minimap_height = 48;  // non-square, to catch swapped axes
  return state;
}

}  // namespace

TEST_CASE("hotkeys produce the FunctionCall of issue 5's Input section") {
  struct Case {
    KeyChord chord;
    FunctionCall expected;
  };
  const Case cases[] = {
      {{"0"}, {4, {{0}, {0}}}},                      // recall group 0
      {{"5"}, {4, {{0}, {5}}}},                      // recall group 5
      {{"5", true, false, false}, {4, {{1}, {5}}}},  // Ctrl: set
      {{"5", false, true, false}, {4, {{2}, {5}}}},  // Shift: append
      {{"9", false, false, true}, {4, {{3}, {9}}}},  // Alt: set and steal
      {{"9", false, true, true}, {4, {{4}, {9}}}},   // Alt+Shift: append and steal
      {{"F1"}, {6, {{0}}}},                          // idle worker: set
      {{"F1", true, false, false}, {6, {{2}}}},      // Ctrl: all
      {{"F1", false, true, false}, {6, {{1}}}},      // Shift: add
      {{"F1", true, true, false}, {6, {{3}}}},       // Ctrl+Shift: add all
      {{"F2"}, {7, {{0}}}},                          // select army
      {{"F2", false, true, false}, {7, {{1}}}},      // Shift: add
      {{"Left"}, {1, {{31, 20}}}},                   // camera: the minimap pixel next to it
      {{"Right"}, {1, {{33, 20}}}},
      {{"Up"}, {1, {{32, 19}}}},
      {{"Down"}, {1, {{32, 21}}}},
      {{"S"}, {id("Stop_quick"), {{0}}}},            // quick command fires at once
      {{"S", false, true, false}, {id("Stop_quick"), {{1}}}},  // Shift queues
      {{"H"}, {id("HoldPosition_quick"), {{0}}}},
  };
  std::vector<int> available = marine_available();
  available.push_back(6);  // an idle worker exists
  std::sort(available.begin(), available.end());
  for (const Case& c : cases) {
    INFO(to_string(c.chord));
    const auto result = sc2::app::map_hotkey(default_keymap(), c.chord, state_with(available));
    REQUIRE_MESSAGE(result.call, result.message);
    CHECK(*result.call == c.expected);
    CHECK(result.command == UiCommand::none);
  }
}

TEST_CASE("hotkeys for UI commands, and targeted abilities arm instead of sending") {
  const std::pair<KeyChord, UiCommand> cases[] = {
      {{"Escape"}, UiCommand::cancel},  {{"Space"}, UiCommand::pause},         {{"Period"}, UiCommand::step},
      {{"Plus"}, UiCommand::speed_up},  {{"Minus"}, UiCommand::speed_down},    {{"F5"}, UiCommand::restart},
      {{"F8"}, UiCommand::save_replay}, {{"F12"}, UiCommand::screenshot},      {{"Slash"}, UiCommand::help},
      {{"F6"}, UiCommand::toggle_control}, {{"F4"}, UiCommand::quit},
      {{"PageUp", true}, UiCommand::step_mul_up}, {{"PageDown", true}, UiCommand::step_mul_down},
      {{"F10"}, UiCommand::toggle_player_relative}, {{"F11"}, UiCommand::toggle_render_sync},
      {{"F7"}, UiCommand::toggle_raw_actions}, {{"F9"}, UiCommand::toggle_rgb}, {{"PageUp"}, UiCommand::speed_up},
      {{"PageDown"}, UiCommand::speed_down}, {{"Plus", true}, UiCommand::ui_zoom_in},
      {{"Minus", true}, UiCommand::ui_zoom_out},
  };
  for (const auto& [chord, command] : cases) {
    INFO(to_string(chord));
    const auto result = sc2::app::map_hotkey(default_keymap(), chord, state_with(marine_available()));
    CHECK(result.command == command);
    CHECK_FALSE(result.call);
  }
  const auto attack = sc2::app::map_hotkey(default_keymap(), KeyChord{"A"}, state_with(marine_available()));
  CHECK(attack.command == UiCommand::arm);
  REQUIRE(attack.armed);
  CHECK(attack.armed->name == "Attack");
  CHECK(attack.armed->screen_fn == id("Attack_screen"));
  CHECK(attack.armed->minimap_fn == id("Attack_minimap"));
  CHECK_FALSE(attack.call);
}

TEST_CASE("hotkeys never send a function that is not available, and say so") {
  const std::vector<int> nothing_selected = {0, 1, 2, 3, 4};
  struct Case {
    KeyChord chord;
    const char* message;
  };
  const Case cases[] = {
      {{"F1"}, "select_idle_worker is not available now"},
      {{"F2"}, "select_army is not available now"},
      {{"S"}, "Stop / Train_SCV is not available now"},
      {{"A"}, "Attack / Train_Marine is not available now"},
  };
  for (const Case& c : cases) {
    INFO(to_string(c.chord));
    const auto result = sc2::app::map_hotkey(default_keymap(), c.chord, state_with(nothing_selected));
    CHECK_FALSE(result.call);
    CHECK_FALSE(result.armed);
    CHECK(result.message == c.message);
  }
  auto no_camera = state_with(nothing_selected);
  no_camera.camera.reset();
  CHECK(sc2::app::map_hotkey(default_keymap(), KeyChord{"Left"}, no_camera).message.find("camera") != std::string::npos);
  CHECK(sc2::app::map_hotkey(default_keymap(), KeyChord{"J"}, no_camera).action.empty());
}

TEST_CASE("the camera keys stop at the minimap's edges") {
  auto state = state_with(marine_available());
  state.camera = sc2::app::LayerPixel{0, 47};
  CHECK(sc2::app::map_hotkey(default_keymap(), KeyChord{"Left"}, state).call->arguments[0] == std::vector<int>{0, 47});
  CHECK(sc2::app::map_hotkey(default_keymap(), KeyChord{"Down"}, state).call->arguments[0] == std::vector<int>{0, 47});
}

TEST_CASE("arrow keys move the camera 3 world units: the minimap pixels that make them") {
  CHECK(sc2::app::camera_step_pixels(64, 64, 64.0f, 64.0f) == 3);
  CHECK(sc2::app::camera_step_pixels(256, 256, 64.0f, 64.0f) == 12);
  CHECK(sc2::app::camera_step_pixels(64, 64, 200.0f, 176.0f) == 1);  // 0.96 pixels: at least one
  CHECK(sc2::app::camera_step_pixels(64, 48, 88.0f, 96.0f) == 2);    // the longer sides: 64 px over 96 units
  CHECK(sc2::app::camera_step_pixels(64, 64, 0.0f, 0.0f) == 1);      // no map size known
  auto state = state_with(marine_available());
  state.camera_step = 3;
  CHECK(sc2::app::map_hotkey(default_keymap(), KeyChord{"Right"}, state).call->arguments[0] == std::vector<int>{35, 20});
  CHECK(sc2::app::map_hotkey(default_keymap(), KeyChord{"Up"}, state).call->arguments[0] == std::vector<int>{32, 17});
}

TEST_CASE("camera_center is the middle of the camera rectangle on the minimap layer") {
  sc2::pysc2::Layer camera;
  camera.name = "camera";
  camera.width = 8;
  camera.height = 6;
  camera.values.assign(48, 0);
  CHECK_FALSE(sc2::app::camera_center(camera));
  for (int y = 1; y <= 3; ++y) {
    for (int x = 2; x <= 6; ++x) camera.values[y * 8 + x] = 1;
  }
  CHECK(sc2::app::camera_center(camera) == sc2::app::LayerPixel{4, 2});
  CHECK_FALSE(sc2::app::camera_center(sc2::pysc2::Layer{}));
}

TEST_CASE("the command card groups UI, quick and targeted commands with hotkeys, greyed when unavailable") {
  const auto card = sc2::app::command_card(marine_available(), default_keymap());
  auto find = [&](const std::string& name, sc2::app::CommandGroup group) -> const sc2::app::CommandEntry* {
    for (const auto& entry : card) {
      if (entry.name == name && entry.group == group) return &entry;
    }
    return nullptr;
  };
  using sc2::app::CommandGroup;
  const auto* army = find("select_army", CommandGroup::ui);
  REQUIRE(army);
  CHECK(army->available);
  CHECK(army->hotkey == "F2");
  const auto* idle = find("select_idle_worker", CommandGroup::ui);
  REQUIRE(idle);
  CHECK_FALSE(idle->available);
  const auto* stop = find("Stop", CommandGroup::quick);
  REQUIRE(stop);
  CHECK(stop->available);
  CHECK(stop->hotkey == "S");
  const auto* attack = find("Attack", CommandGroup::targeted);
  REQUIRE(attack);
  CHECK(attack->available);
  CHECK(attack->hotkey == "A");
  const auto* stim = find("Effect_Stim", CommandGroup::quick);  // bound in the keymap, not available
  REQUIRE(stim);
  CHECK_FALSE(stim->available);
  // Groups in order: UI, then quick, then targeted.
  for (std::size_t i = 1; i < card.size(); ++i) CHECK(card[i - 1].group <= card[i].group);
}

TEST_CASE("armed commands and fired entries give the FunctionCalls with queued = Shift") {
  const auto available = marine_available();
  const sc2::app::ArmedCommand move{"Move", id("Move_screen"), id("Move_minimap")};
  struct Case {
    bool minimap;
    sc2::app::LayerPixel at;
    bool shift;
    FunctionCall expected;
  };
  const Case cases[] = {
      {false, {10, 20}, false, {id("Move_screen"), {{0}, {10, 20}}}},
      {false, {63, 0}, true, {id("Move_screen"), {{1}, {63, 0}}}},
      {true, {5, 40}, false, {id("Move_minimap"), {{0}, {5, 40}}}},
      {true, {5, 40}, true, {id("Move_minimap"), {{1}, {5, 40}}}},
  };
  for (const Case& c : cases) {
    const auto mapped = sc2::app::armed_click(move, c.minimap, c.at, c.shift, available);
    REQUIRE_MESSAGE(mapped.call, mapped.message);
    CHECK(*mapped.call == c.expected);
  }
  const sc2::app::ArmedCommand gather{"Harvest_Gather", id("Harvest_Gather_screen"), -1};
  CHECK(sc2::app::armed_click(gather, true, {1, 1}, false, available).message.find("does not exist") != std::string::npos);
  CHECK(sc2::app::armed_click(gather, false, {1, 1}, false, available).message ==
        "Harvest_Gather_screen is not available now");

  const auto card = sc2::app::command_card(available, default_keymap());
  for (const auto& entry : card) {
    if (entry.name == "Stop") CHECK(*sc2::app::fire(entry, true, available).call == FunctionCall{id("Stop_quick"), {{1}}});
    if (entry.name == "select_army") CHECK(*sc2::app::fire(entry, true, available).call == FunctionCall{7, {{1}}});
    if (entry.name == "select_point") CHECK_FALSE(sc2::app::fire(entry, false, available).call);
    if (entry.name == "select_idle_worker") {
      CHECK(sc2::app::fire(entry, false, available).message == "select_idle_worker is not available now");
    }
  }
}

TEST_CASE("a key shared by abilities gives the one the selection can do: S stops a unit and trains an SCV") {
  // A Command Center selected (CollectMineralsAndGas): Train_SCV_quick, Rally_Workers_screen.
  std::vector<int> command_center = {0, 1, 2, 3, 4, id("Train_SCV_quick"), id("Rally_Workers_screen")};
  std::sort(command_center.begin(), command_center.end());
  const auto train = sc2::app::map_hotkey(default_keymap(), KeyChord{"S"}, state_with(command_center));
  REQUIRE(train.call);
  CHECK(train.call->function == id("Train_SCV_quick"));
  CHECK(train.action == "ability:Train_SCV");
  const auto queued = sc2::app::map_hotkey(default_keymap(), KeyChord{"S", false, true}, state_with(command_center));
  REQUIRE(queued.call);
  CHECK(queued.call->arguments == std::vector<std::vector<int>>{{1}});  // Shift queues
  const auto stop = sc2::app::map_hotkey(default_keymap(), KeyChord{"S"}, state_with(marine_available()));
  REQUIRE(stop.call);
  CHECK(stop.call->function == id("Stop_quick"));
  // A Barracks: A trains a Marine; a Marine: A arms Attack.
  std::vector<int> barracks = {0, 1, 2, 3, 4, id("Train_Marine_quick")};
  std::sort(barracks.begin(), barracks.end());
  const auto marine = sc2::app::map_hotkey(default_keymap(), KeyChord{"A"}, state_with(barracks));
  REQUIRE(marine.call);
  CHECK(marine.call->function == id("Train_Marine_quick"));
  // An SCV: D arms Build_SupplyDepot (targeted), B Build_Barracks.
  std::vector<int> scv = {0, 1, 2, 3, 4, id("Build_SupplyDepot_screen"), id("Build_Barracks_screen"), id("Stop_quick")};
  std::sort(scv.begin(), scv.end());
  const auto depot = sc2::app::map_hotkey(default_keymap(), KeyChord{"D"}, state_with(scv));
  CHECK(depot.command == UiCommand::arm);
  REQUIRE(depot.armed);
  CHECK(depot.armed->name == "Build_SupplyDepot");
  const auto barracks_site = sc2::app::map_hotkey(default_keymap(), KeyChord{"B"}, state_with(scv));
  REQUIRE(barracks_site.armed);
  CHECK(barracks_site.armed->screen_fn == id("Build_Barracks_screen"));
}

TEST_CASE("the cancel key with nothing armed sends the cancel commands the selection can do") {
  CHECK(sc2::app::cancel_calls(marine_available()).empty());
  std::vector<int> producing = {0, 1, 2, 3, 4, id("Cancel_Last_quick"), id("Train_SCV_quick")};
  std::sort(producing.begin(), producing.end());
  const auto calls = sc2::app::cancel_calls(producing);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0] == FunctionCall{id("Cancel_Last_quick"), {{0}}});
  std::vector<int> both = {0, id("Cancel_quick"), id("Cancel_Last_quick")};
  std::sort(both.begin(), both.end());
  CHECK(sc2::app::cancel_calls(both).size() == 2);
}

TEST_CASE("F3 selects warp gates (Shift adds) when there are any, else larva, else says why") {
  const KeyChord f3{"F3"}, shift_f3{"F3", false, true};
  std::vector<int> both = {0, 1, 2, 3, 4, 8, 9};
  const auto gates = sc2::app::map_hotkey(default_keymap(), f3, state_with(both));
  REQUIRE(gates.call);
  CHECK(*gates.call == FunctionCall{8, {{0}}});
  const auto add_gates = sc2::app::map_hotkey(default_keymap(), shift_f3, state_with(both));
  REQUIRE(add_gates.call);
  CHECK(*add_gates.call == FunctionCall{8, {{1}}});
  const auto larva = sc2::app::map_hotkey(default_keymap(), f3, state_with({0, 1, 2, 3, 4, 9}));
  REQUIRE(larva.call);
  CHECK(*larva.call == FunctionCall{9, {}});
  const auto neither = sc2::app::map_hotkey(default_keymap(), f3, state_with(marine_available()));
  CHECK_FALSE(neither.call);
  CHECK(neither.action == "select_larva_or_warp_gates");
  CHECK(neither.message.find("warp gates") != std::string::npos);
}
