// A new mini-game is a folder (issue 35 item 2): a map folder dropped into a StarCraft II layout's
// Maps folder (sc2lite --install-layout, SC2PATH) plays in the real sc2agent with no rebuild; a
// dropped folder whose script is broken stops sc2agent with one line naming the file and line.
// Skipped (with a message) when the programs have not been built.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/app/app_test_support.h"

namespace fs = std::filesystem;

namespace {

const fs::path kBin = SC2_BIN_DIR;
const fs::path kExample = fs::path(SC2_SOURCE_DIR) / "examples" / "maps" / "mini_games" / "TwoBeacons.SC2Map";

bool have_programs() {
  for (const char* name : {"sc2agent", "sc2lite"}) {
    if (!fs::exists(kBin / name)) {
      MESSAGE("skipped: " << (kBin / name).string() << " is not built");
      return false;
    }
  }
  return true;
}

// A StarCraft II layout whose game is sc2lite, with the worked example dropped into its maps
// folder as mini_games/TwoBeacons.SC2Map.
void install_with_example(const fs::path& root) {
  const auto installed = sc2::test::run_command("'" + (kBin / "sc2lite").string() + "' --install-layout '" + root.string() + "'");
  INFO(installed.output);
  REQUIRE(installed.exit_code == 0);
  fs::copy(kExample, root / "Maps" / "mini_games" / "TwoBeacons.SC2Map", fs::copy_options::recursive);
}

sc2::test::CommandResult sc2agent(const fs::path& root, const std::string& arguments, std::string* stdout_text) {
  const fs::path out = root / "stdout.json";
  // In a subshell: its stdout goes to the file, its stderr (the game's output too) to the result.
  auto result = sc2::test::run_command("(SC2PATH='" + root.string() + "' timeout 120 '" + (kBin / "sc2agent").string() +
                                       "' " + arguments + " >'" + out.string() + "')");
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  *stdout_text = text.str();
  return result;
}

}  // namespace

TEST_CASE("a map folder dropped into SC2PATH/Maps plays in sc2agent, no rebuild") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  install_with_example(dir.path());
  std::string out;
  const auto result =
      sc2agent(dir.path(), "--map mini_games/TwoBeacons.SC2Map --agent random --episodes 2 --seed 4 --json", &out);
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto json = nlohmann::json::parse(out);
  REQUIRE(json.at("episodes").size() == 2);
  for (const auto& episode : json.at("episodes")) {
    // The example's own rules: a 60-second episode (960 game loops) that its timer ends.
    CHECK(episode.at("game_loops").get<int>() == 960);
    CHECK(episode.at("score").get<double>() >= 0);
  }
}

TEST_CASE("a dropped map folder with a broken script stops sc2agent with one line naming the file and line") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  install_with_example(dir.path());
  const fs::path script = dir.path() / "Maps" / "mini_games" / "TwoBeacons.SC2Map" / "MapScript.galaxy";
  std::ofstream(script, std::ios::app) << "\nvoid gf_Broken() { int x = ; }\n";
  std::string out;
  const auto result =
      sc2agent(dir.path(), "--map mini_games/TwoBeacons.SC2Map --agent random --episodes 1 --seed 4", &out);
  INFO(result.output);
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("MapScript.galaxy:") != std::string::npos);
  CHECK(result.output.find("TwoBeacons") != std::string::npos);
}
