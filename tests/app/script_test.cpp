// The --script format for scripted GUI input: commands, targets, modifiers and errors.
#include <doctest/doctest.h>

#include "app/program/script.h"
#include "client/pysc2/actions.h"

using sc2::app::ScriptOp;

TEST_CASE("scripts parse every command with targets and modifiers") {
  const auto script = sc2::app::parse_script(
      "# select the marine and move it\n"
      "wait_game\n"
      "wait_frames 3\n"
      "click world self\n"
      "click world 10 20 shift ctrl\n"
      "right_click minimap 5 6 shift\n"
      "drag world 1 2 30 40 shift\n"
      "key Ctrl+1   # set group 1\n"
      "wait_loops 16\n"
      "quit\n",
      "s.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 9);
  CHECK(script.commands[0].op == ScriptOp::wait_game);
  CHECK(script.commands[1].count == 3);
  CHECK(script.commands[2].op == ScriptOp::click);
  CHECK(script.commands[2].relative == 1);
  CHECK(script.commands[3].from == sc2::app::LayerPixel{10, 20});
  CHECK(script.commands[3].modifiers.shift);
  CHECK(script.commands[3].modifiers.ctrl);
  CHECK(script.commands[4].op == ScriptOp::right_click);
  CHECK(script.commands[4].minimap);
  CHECK(script.commands[5].to == sc2::app::LayerPixel{30, 40});
  CHECK(script.commands[6].chord == sc2::app::KeyChord{"1", true, false, false});
  CHECK(script.commands[7].op == ScriptOp::wait_loops);
  CHECK(script.commands[8].op == ScriptOp::quit);
  CHECK(script.commands[8].line == 10);
}

TEST_CASE("hover and leave_window parse: the pointer over a target without a button, then out of the window") {
  const auto script = sc2::app::parse_script("hover world self\nhover screen/player_relative 3 4\nleave_window\n", "h.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 3);
  CHECK(script.commands[0].op == ScriptOp::hover);
  CHECK(script.commands[0].relative == 1);
  CHECK(script.commands[1].op == ScriptOp::hover);
  CHECK(script.commands[1].layer == "screen/player_relative");
  CHECK(script.commands[1].from == sc2::app::LayerPixel{3, 4});
  CHECK(script.commands[2].op == ScriptOp::leave_window);
  CHECK(sc2::app::parse_script("hover world\n", "h.txt").error.find("h.txt:1: hover needs a target") == 0);
}

TEST_CASE("clicks and drags on a layer image name the layer and its surface") {
  const auto script = sc2::app::parse_script(
      "click screen/unit_type self\nright_click minimap/player_relative 3 4\ndrag screen/selected 1 2 3 4 shift\n"
      "click world self\n",
      "s.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 4);
  CHECK(script.commands[0].layer == "screen/unit_type");
  CHECK_FALSE(script.commands[0].minimap);
  CHECK(script.commands[0].relative == 1);
  CHECK(script.commands[1].layer == "minimap/player_relative");
  CHECK(script.commands[1].minimap);
  CHECK(script.commands[1].from == sc2::app::LayerPixel{3, 4});
  CHECK(script.commands[2].layer == "screen/selected");
  CHECK(script.commands[2].modifiers.shift);
  CHECK(script.commands[3].layer.empty());
  for (const char* text : {"click screen/ self\n", "click layers/unit_type self\n"}) {
    INFO(text);
    const auto bad = sc2::app::parse_script(text, "b.txt");
    CHECK(bad.commands.empty());
    CHECK(bad.error.find("needs a surface") != std::string::npos);
  }
}

TEST_CASE("click_layer and wheel parse") {
  const auto script = sc2::app::parse_script("click_layer minimap/camera\nwheel world 3 4 -2\nwheel minimap 1 1 3\n", "s.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 3);
  CHECK(script.commands[0].op == ScriptOp::click_layer);
  CHECK(script.commands[0].layer == "minimap/camera");
  CHECK(script.commands[1].op == ScriptOp::wheel);
  CHECK(script.commands[1].from == sc2::app::LayerPixel{3, 4});
  CHECK(script.commands[1].count == -2);
  CHECK(script.commands[2].minimap);
  CHECK(script.commands[2].count == 3);
}

TEST_CASE("bad click_layer and wheel lines are reported") {
  for (const char* text : {"click_layer\n", "click_layer unit_type\n", "click_layer screen/\n", "wheel world 1 2\n",
                           "wheel world 1 2 0\n", "wheel space 1 2 1\n", "wheel world 1 2 x\n",
                           "click_layer screen/a extra\n"}) {
    INFO(text);
    const auto script = sc2::app::parse_script(text, "w.txt");
    CHECK(script.commands.empty());
    CHECK(script.error.starts_with("w.txt:1: "));
  }
}

TEST_CASE("wait_available names a PySC2 function and keeps its id") {
  const auto script = sc2::app::parse_script("wait_available Attack_screen\nwait_available select_army\n", "w.txt");
  REQUIRE(script.error.empty());
  REQUIRE(script.commands.size() == 2);
  CHECK(script.commands[0].op == sc2::app::ScriptOp::wait_available);
  CHECK(script.commands[0].name == "Attack_screen");
  CHECK(script.commands[0].count == sc2::pysc2::find_function("Attack_screen")->id);
  CHECK(script.commands[1].count == sc2::pysc2::fn::select_army);
}

TEST_CASE("bad script lines are reported with file and line") {
  const std::pair<const char*, const char*> cases[] = {
      {"wait_frames\n", "needs a count"},
      {"wait_frames -3\n", "needs a count"},
      {"click sky 1 2\n", "needs a surface"},
      {"click world\n", "needs a target"},
      {"click world 1 2 hyper\n", "unknown modifier 'hyper'"},
      {"drag world 1 2 3\n", "four pixel coordinates"},
      {"key Banana\n", "unknown key 'Banana'"},
      {"jump\n", "unknown command 'jump'"},
      {"quit now\n", "unexpected 'now'"},
      {"wait_available\n", "needs a PySC2 function's name"},
      {"wait_available Attack_sky\n", "no PySC2 function is named 'Attack_sky'"},
      {"wait_available Attack_screen now\n", "unexpected 'now'"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    const auto script = sc2::app::parse_script(std::string("wait_game\n") + text, "s.txt");
    CHECK(script.commands.empty());
    CHECK(script.error.find("s.txt:2: ") == 0);
    CHECK(script.error.find(message) != std::string::npos);
  }
}
