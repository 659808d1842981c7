// The --script commands that drive restarts: settings, named buttons, killing the game
// server or stopping and continuing it, waiting for the failure, checking layer sizes; and
// their bad inputs.
#include <doctest/doctest.h>

#include "app/program/script.h"

using sc2::app::ScriptOp;

TEST_CASE("restart commands parse") {
  const auto script = sc2::app::parse_script(
      "setting screen 32\n"
      "setting minimap 24\n"
      "setting map DefeatRoaches\n"
      "click_button settings/apply\n"
      "kill_game\n"
      "wait_failed\n"
      "expect_size screen 32 32\n"
      "expect_size minimap 24 20\n"
      "freeze_game\n"
      "thaw_game\n",
      "s.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 10);
  CHECK(script.commands[0].op == ScriptOp::setting);
  CHECK(script.commands[0].name == "screen");
  CHECK(script.commands[0].value == "32");
  CHECK(script.commands[1].name == "minimap");
  CHECK(script.commands[2].value == "DefeatRoaches");
  CHECK(script.commands[3].op == ScriptOp::click_button);
  CHECK(script.commands[3].name == "settings/apply");
  CHECK(script.commands[4].op == ScriptOp::kill_game);
  CHECK(script.commands[5].op == ScriptOp::wait_failed);
  CHECK(script.commands[6].op == ScriptOp::expect_size);
  CHECK_FALSE(script.commands[6].minimap);
  CHECK(script.commands[6].to == sc2::app::LayerPixel{32, 32});
  CHECK(script.commands[7].minimap);
  CHECK(script.commands[7].to == sc2::app::LayerPixel{24, 20});
  CHECK(script.commands[8].op == ScriptOp::freeze_game);
  CHECK(script.commands[9].op == ScriptOp::thaw_game);
}

TEST_CASE("bad restart commands name the line and the problem") {
  const std::pair<const char*, const char*> cases[] = {
      {"setting\n", "setting needs a name"},
      {"setting speed 3\n", "setting needs a name"},
      {"setting screen\n", "setting needs a name"},
      {"setting screen big\n", "needs a size"},
      {"setting map\n", "setting needs a name"},
      {"click_button\n", "click_button needs a button name"},
      {"kill_game now\n", "unexpected 'now'"},
      {"freeze_game 5\n", "unexpected '5'"},
      {"wait_failed 3\n", "unexpected '3'"},
      {"expect_size world 3 3\n", "expect_size needs a surface"},
      {"expect_size screen 3\n", "needs a width and a height"},
      {"expect_size screen 3 3 3\n", "unexpected '3'"},
  };
  for (const auto& [text, expected] : cases) {
    INFO(text);
    const auto script = sc2::app::parse_script(std::string("wait_game\n") + text, "bad.txt");
    CHECK(script.commands.empty());
    CHECK(script.error.find("bad.txt:2: ") == 0);
    CHECK(script.error.find(expected) != std::string::npos);
  }
}

TEST_CASE("melee commands parse: the opponent setting, waiting for the game's result, the result banner's button") {
  const auto script = sc2::app::parse_script(
      "setting opponent bot:hard\nwait_result\nclick_button result/restart\n", "s.txt");
  REQUIRE_MESSAGE(script.error.empty(), script.error);
  REQUIRE(script.commands.size() == 3);
  CHECK(script.commands[0].op == ScriptOp::setting);
  CHECK(script.commands[0].name == "opponent");
  CHECK(script.commands[0].value == "bot:hard");
  CHECK(script.commands[1].op == ScriptOp::wait_result);
  CHECK(script.commands[2].name == "result/restart");
  const auto bad = sc2::app::parse_script("wait_result soon\n", "bad.txt");
  CHECK(bad.error.find("unexpected 'soon'") != std::string::npos);
  CHECK(sc2::app::parse_script("setting opponent\n", "bad.txt").error.find("setting needs a name") != std::string::npos);
}
