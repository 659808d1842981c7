// sc2agent on a melee map against the built-in AI (--opponent bot:<level>): the scripted
// melee agent beats VeryEasy, each episode's JSON carries its result, and bad opponents or
// setups fail with one clear line. Skipped (with a message) when the binaries are not built.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "agents/runner.h"

namespace {

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool have_binaries() {
  for (const char* name : {"sc2agent", "sc2lite"}) {
    if (!std::filesystem::exists(std::filesystem::path(SC2_BIN_DIR) / name)) {
      MESSAGE("skipped: " << name << " is not built");
      return false;
    }
  }
  return true;
}

Outcome run_sc2agent(const std::string& arguments) {
  const auto dir = std::filesystem::temp_directory_path() / ("sc2agent_melee_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string command = "env -u SC2PATH timeout 120 '" + (std::filesystem::path(SC2_BIN_DIR) / "sc2agent").string() +
                              "' " + arguments + " >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  Outcome outcome;
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.out = read_file(dir / "out");
  outcome.err = read_file(dir / "err");
  std::filesystem::remove_all(dir);
  return outcome;
}

}  // namespace

TEST_CASE("--opponent takes bot:very_easy|easy|medium|hard, others are refused naming the choices") {
  using sc2::agents::parse_opponent;
  CHECK(parse_opponent("bot:very_easy").difficulty == SC2APIProtocol::VeryEasy);
  CHECK(parse_opponent("bot:hard").difficulty == SC2APIProtocol::Hard);
  CHECK_THROWS_WITH(parse_opponent("bot:insane"),
                    "unknown opponent 'bot:insane': use bot:very_easy, bot:easy, bot:medium or bot:hard");
  CHECK_THROWS_WITH(parse_opponent("agent:scripted"),
                    "opponent 'agent:scripted' is an agent, not a level of the built-in AI (bot:very_easy, bot:easy, "
                    "bot:medium or bot:hard); agents are played by run_versus()");
  sc2::agents::RunOptions options;
  options.opponent = "easy";
  CHECK_THROWS_AS(sc2::agents::validate(options), std::invalid_argument);
}

TEST_CASE("sc2agent: the scripted melee agent beats the VeryEasy AI on Flat64, the JSON has result 1") {
  if (!have_binaries()) return;
  const Outcome run = run_sc2agent("--map Flat64 --agent scripted --opponent bot:very_easy --seed 3 --json");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const auto report = nlohmann::json::parse(run.out);
  REQUIRE(report["episodes"].size() == 1);
  const auto& episode = report["episodes"][0];
  REQUIRE(episode.contains("result"));
  CHECK(episode["result"] == 1);
  CHECK(episode["score"] == 1.0);  // PySC2's Melee reward: the outcome
  CHECK(episode["game_loops"].get<int>() < 28800);
}

TEST_CASE("sc2agent: a melee map without an opponent, a mini-game with one, a bad level: one clear line, exit 1") {
  if (!have_binaries()) return;
  const Outcome alone = run_sc2agent("--map Flat64 --agent random --seed 1");
  CHECK(alone.exit_code == 1);
  CHECK(alone.err.find("Flat64 is a 2-player map") != std::string::npos);
  const Outcome mini = run_sc2agent("--map MoveToBeacon --agent random --opponent bot:easy --seed 1");
  CHECK(mini.exit_code == 1);
  CHECK(mini.err.find("MoveToBeacon is a single-player mini-game: --opponent needs a two-player melee map") !=
        std::string::npos);
  const Outcome level = run_sc2agent("--map Flat64 --agent scripted --opponent bot:insane");
  CHECK(level.exit_code == 1);
  CHECK(level.err.find("unknown opponent 'bot:insane'") != std::string::npos);
}
