// The keymap: the built-in default, the text format, broken files (file:line, defaults kept)
// and the user override from the config dir.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include "app/input/keymap.h"
#include "tests/app/app_test_support.h"

using sc2::app::KeyChord;
using sc2::app::parse_keymap;

namespace {

void write_file(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

}  // namespace

TEST_CASE("the built-in keymap parses and binds every binding of issue 5's Input section") {
  const auto parsed = parse_keymap(sc2::app::default_keymap_text(), "default");
  REQUIRE_MESSAGE(parsed.keymap, parsed.error);
  const sc2::app::Keymap& keymap = *parsed.keymap;
  for (int n = 0; n <= 9; ++n) {
    CHECK(keymap.action_for(KeyChord{std::to_string(n)}) == "control_group_" + std::to_string(n));
  }
  const std::pair<const char*, const char*> expected[] = {
      {"F1", "select_idle_worker"}, {"F2", "select_army"}, {"Left", "camera_left"}, {"Right", "camera_right"},
      {"Up", "camera_up"},          {"Down", "camera_down"}, {"Escape", "cancel"}, {"Space", "pause"},
      {"Plus", "speed_up"},         {"Minus", "speed_down"}, {"F5", "restart"},   {"F8", "save_replay"},
      {"F12", "screenshot"},        {"A", "ability:Attack"}, {"M", "ability:Move"}};
  for (const auto& [key, action] : expected) {
    INFO(key);
    const auto actions = keymap.actions_for(KeyChord{key});  // A is also Train_Marine
    CHECK(std::find(actions.begin(), actions.end(), action) != actions.end());
  }
  // The built-in modifiers still reach the plain binding.
  CHECK(keymap.action_for(KeyChord{"3", true, false, false}) == "control_group_3");
  CHECK(keymap.action_for(KeyChord{"F2", false, true, false}) == "select_army");
  CHECK(keymap.keys_for("select_idle_worker") == "F1");
  CHECK(keymap.action_for(KeyChord{"J"}).empty());
}

TEST_CASE("key chords parse in any case with modifiers, and print canonically") {
  std::string error;
  auto chord = sc2::app::parse_chord("ctrl+shift+f3", &error);
  REQUIRE(chord);
  CHECK(*chord == KeyChord{"F3", true, true, false});
  CHECK(to_string(*chord) == "Ctrl+Shift+F3");
  CHECK(sc2::app::parse_chord("Alt+esc")->key == "Escape");
  CHECK(sc2::app::parse_chord("Ctrl++")->key == "Plus");
  CHECK(sc2::app::parse_chord("none")->key.empty());
  CHECK_FALSE(sc2::app::parse_chord("Hyper+A", &error));
  CHECK(error.find("Hyper") != std::string::npos);
  CHECK_FALSE(sc2::app::parse_chord("Ctrl+Banana", &error));
  CHECK(error.find("Banana") != std::string::npos);
}

TEST_CASE("a binding with modifiers wins over the plain one on the same key") {
  const auto parsed = parse_keymap("pause = P\nstep = Ctrl+P\n", "test");
  REQUIRE(parsed.keymap);
  CHECK(parsed.keymap->action_for(KeyChord{"P"}) == "pause");
  CHECK(parsed.keymap->action_for(KeyChord{"P", true}) == "step");
  CHECK(parsed.keymap->action_for(KeyChord{"P", false, true}) == "pause");
}

TEST_CASE("broken keymap text names the file, the line and the problem") {
  struct Case {
    const char* text;
    int line;
    const char* mentions;
  };
  const Case cases[] = {
      {"pause = Space\nthis is not a binding\n", 2, "expected '<action> = <key>'"},
      {"# comment\n\nfly_to_moon = F3\n", 3, "unknown action 'fly_to_moon'"},
      {"pause = Spaec\n", 1, "unknown key 'Spaec'"},
      {"ability:Teleport = T\n", 1, "unknown action 'ability:Teleport'"},
      {"pause = Meta+P\n", 1, "unknown modifier 'Meta'"},
      {"pause =\n", 1, "no key given"},
      {" = F3\n", 1, "no action"},
      {"pause = F3\nstep = F3\n", 2, "already bound to pause"},
      {"ability:Attack = F3\nstep = F3\n", 2, "already bound to ability:Attack"},  // only abilities share
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const auto parsed = parse_keymap(c.text, "/home/me/keymap.txt");
    CHECK_FALSE(parsed.keymap);
    CHECK(parsed.error.find("/home/me/keymap.txt:" + std::to_string(c.line) + ":") == 0);
    CHECK(parsed.error.find(c.mentions) != std::string::npos);
  }
}

TEST_CASE("abilities may share a key, listed latest binding first") {
  const auto parsed = parse_keymap("ability:Stop = S\nability:Train_SCV = S\npause = Space\n", "keymap.txt");
  REQUIRE(parsed.keymap);
  CHECK(parsed.keymap->actions_for(KeyChord{"S"}) == std::vector<std::string>{"ability:Train_SCV", "ability:Stop"});
  CHECK(parsed.keymap->actions_for(KeyChord{"Space"}) == std::vector<std::string>{"pause"});
  CHECK(parsed.keymap->actions_for(KeyChord{"J"}).empty());
  CHECK(parsed.keymap->keys_for("ability:Train_SCV") == "S");
}

TEST_CASE("the user's keymap overrides the actions it names, the rest keep their defaults") {
  sc2::test::TempDir dir;
  write_file(dir.path() / "keymap.txt", "# mine\npause = P\nability:Attack = Ctrl+A  # attack\nselect_army = none\n");
  const auto loaded = sc2::app::load_keymap(dir.path());
  CHECK(loaded.user_file_used);
  CHECK(loaded.keymap.action_for(KeyChord{"P"}) == "pause");
  CHECK(loaded.keymap.action_for(KeyChord{"Space"}).empty());  // pause's default is replaced
  CHECK(loaded.keymap.action_for(KeyChord{"A", true}) == "ability:Attack");
  CHECK(loaded.keymap.action_for(KeyChord{"A"}) == "ability:Train_Marine");  // Attack's plain A is gone
  CHECK(loaded.keymap.actions_for(KeyChord{"A"}) == std::vector<std::string>{"ability:Train_Marine"});
  CHECK(loaded.keymap.action_for(KeyChord{"F2"}).empty());  // unbound
  CHECK(loaded.keymap.action_for(KeyChord{"F1"}) == "select_idle_worker");  // untouched default
}

TEST_CASE("a user binding on a default's key wins") {
  sc2::test::TempDir dir;
  write_file(dir.path() / "keymap.txt", "pause = A\n");
  const auto loaded = sc2::app::load_keymap(dir.path());
  CHECK(loaded.keymap.action_for(KeyChord{"A"}) == "pause");
}

TEST_CASE("a broken user keymap is ignored as a whole with a message naming file and line") {
  sc2::test::TempDir dir;
  write_file(dir.path() / "keymap.txt", "pause = P\nselect_army = F99\n");
  const auto loaded = sc2::app::load_keymap(dir.path());
  CHECK_FALSE(loaded.user_file_used);
  REQUIRE(loaded.messages.size() == 1);
  CHECK(loaded.messages[0].find((dir.path() / "keymap.txt").string() + ":2:") != std::string::npos);
  CHECK(loaded.messages[0].find("F99") != std::string::npos);
  CHECK(loaded.messages[0].find("default") != std::string::npos);
  // Defaults in force, including for the action the broken file did name correctly.
  CHECK(loaded.keymap.action_for(KeyChord{"Space"}) == "pause");
  CHECK(loaded.keymap.action_for(KeyChord{"P"}) == "ability:Patrol");
}

TEST_CASE("without a config dir or a user file the defaults load silently") {
  CHECK(sc2::app::load_keymap(std::nullopt).messages.empty());
  sc2::test::TempDir dir;
  const auto loaded = sc2::app::load_keymap(dir.path());
  CHECK(loaded.messages.empty());
  CHECK(loaded.keymap.action_for(KeyChord{"F5"}) == "restart");
}
