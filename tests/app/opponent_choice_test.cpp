// sc2studio --opponent: the built-in AI on a melee map (VeryEasy when not given), refused
// clearly on a mini-game, without a map, with an unknown level, for an agent, and beside
// --connect or --replay; the parsing is the one sc2agent uses (client/pysc2/opponent.h).
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "app/program/cli_options.h"
#include "app/session/opponent_choice.h"
#include "client/pysc2/opponent.h"

using sc2::app::computer_for;
using sc2::app::opponent_refusal;

namespace {

sc2::app::ParsedCommandLine parse(std::vector<const char*> args) {
  args.insert(args.begin(), "sc2studio");
  return sc2::app::parse_command_line(static_cast<int>(args.size()), args.data());
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("--opponent bot:LEVEL on a melee map gives the Computer player at that level") {
  for (const char* map : {"Simple64", "Flat32", "Flat64", "Melee/Simple64.SC2Map"}) {
    const auto parsed = parse({"--map", map, "--opponent", "bot:easy"});
    REQUIRE(parsed.options.has_value());
    CHECK(parsed.options->opponent == "bot:easy");
    const auto computer = computer_for(parsed.options->map, parsed.options->opponent);
    REQUIRE(computer.has_value());
    CHECK(computer->difficulty == SC2APIProtocol::Easy);
  }
  CHECK(computer_for("Simple64", "bot:very_easy")->difficulty == SC2APIProtocol::VeryEasy);
  CHECK(computer_for("Simple64", "bot:medium")->difficulty == SC2APIProtocol::Medium);
  CHECK(computer_for("Flat64", "bot:hard")->difficulty == SC2APIProtocol::Hard);
  CHECK(sc2::app::opponent_label(*computer_for("Flat64", "bot:hard")) == "the built-in AI (Hard)");
}

TEST_CASE("a melee map without --opponent plays VeryEasy (as PySC2's play), a mini-game has no opponent") {
  const auto melee = computer_for("Simple64", "");
  REQUIRE(melee.has_value());
  CHECK(melee->difficulty == SC2APIProtocol::VeryEasy);
  CHECK_FALSE(computer_for("MoveToBeacon", "").has_value());
  CHECK_FALSE(computer_for("", "").has_value());  // the game's first map: a mini-game
  // An opponent kept from a melee game is not sent to a mini-game chosen in the settings.
  CHECK_FALSE(computer_for("MoveToBeacon", "bot:easy").has_value());
  // A map the catalogue does not know (a real game's) takes the opponent as given.
  CHECK(computer_for("Ladder/Somewhere.SC2Map", "bot:medium")->difficulty == SC2APIProtocol::Medium);
  CHECK_FALSE(computer_for("Ladder/Somewhere.SC2Map", "").has_value());
}

TEST_CASE("bad --opponent: exit code 1 and one message naming what is supported") {
  struct Case {
    std::vector<const char*> args;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {{"--map", "Simple64", "--opponent", "bot:insane"},
       "unknown opponent 'bot:insane': use bot:very_easy, bot:easy, bot:medium or bot:hard"},
      {{"--map", "Simple64", "--opponent", "easy"}, "unknown opponent 'easy'"},
      {{"--map", "Simple64", "--opponent", ""}, ""},  // empty: the default (checked below)
      {{"--map", "Simple64", "--opponent", "agent:scripted"}, ""},  // a built-in agent: played
      {{"--map", "Simple64", "--opponent", "agent:nosuch"},
       "--opponent agent:nosuch: no agent is called 'nosuch'; the agents: noop, random"},  // then others
      {{"--map", "Simple64", "--opponent", "agent:learned"},
       "--opponent agent:learned: a learned opponent would need a checkpoint of its own (--checkpoint is the "
       "watched agent's); play against agent:noop, agent:random"},  // (other tests register more agents)
      {{"--map", "MoveToBeacon", "--opponent", "bot:easy"},
       "MoveToBeacon is a single-player mini-game: --opponent needs a two-player melee map (Flat32, Flat64 or "
       "Simple64)"},
      {{"--opponent", "bot:easy"}, "--opponent needs a two-player melee map: add --map Flat32, Flat64 or Simple64"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expected);
    const auto parsed = parse(c.args);
    if (c.expected.empty()) {
      CHECK(parsed.options.has_value());
      continue;
    }
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.exit_code == 1);
    CHECK(contains(parsed.message, "sc2studio: " + c.expected));
    CHECK(parsed.message.find('\n') == std::string::npos);  // one line
  }
}

TEST_CASE("--opponent does not go with --connect or --replay (those games have their own players)") {
  auto parsed = parse({"--map", "Simple64", "--opponent", "bot:easy", "--connect", "127.0.0.1:5000"});
  CHECK_FALSE(parsed.options.has_value());
  CHECK(parsed.exit_code == 1);
  CHECK(contains(parsed.message, "--opponent"));
  CHECK(contains(parsed.message, "--connect"));
}

TEST_CASE("--opponent with --agent: the watched agent plays the melee map against the built-in AI") {
  const auto parsed = parse({"--map", "Flat64", "--opponent", "bot:very_easy", "--agent", "scripted"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->agent == "scripted");
}

TEST_CASE("--help names --opponent and its levels") {
  const auto parsed = parse({"--help"});
  CHECK(parsed.exit_code == 0);
  CHECK(contains(parsed.message, "--opponent"));
  CHECK(contains(parsed.message, "bot:very_easy|easy|medium|hard"));
  CHECK(contains(parsed.message, "agent:noop|random|scripted"));
}

TEST_CASE("the shared parsing: bot levels, agent names, anything else refused") {
  using sc2::pysc2::parse_opponent;
  CHECK(parse_opponent("bot:hard").computer->difficulty == SC2APIProtocol::Hard);
  CHECK(parse_opponent("agent:scripted").agent == "scripted");
  CHECK_FALSE(parse_opponent("agent:scripted").computer.has_value());
  CHECK_THROWS_AS(parse_opponent("agent:"), std::invalid_argument);
  CHECK_THROWS_AS(parse_opponent("bot:"), std::invalid_argument);
  CHECK_THROWS_AS(parse_opponent(""), std::invalid_argument);
  CHECK(sc2::pysc2::difficulty_name(SC2APIProtocol::VeryEasy) == "VeryEasy");
}
