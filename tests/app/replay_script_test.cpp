// The --script command for replays: "seek LOOP".
#include <doctest/doctest.h>

#include "app/program/script.h"

TEST_CASE("script: seek LOOP parses, a missing or bad loop names the line") {
  auto parsed = sc2::app::parse_script("wait_game\nseek 120  # forward\nseek 0\n", "s.txt");
  REQUIRE(parsed.error.empty());
  REQUIRE(parsed.commands.size() == 3);
  CHECK(parsed.commands[1].op == sc2::app::ScriptOp::seek);
  CHECK(parsed.commands[1].count == 120);
  CHECK(parsed.commands[2].count == 0);
  parsed = sc2::app::parse_script("seek\n", "s.txt");
  CHECK(parsed.commands.empty());
  CHECK(parsed.error.find("s.txt:1: seek needs") == 0);
  parsed = sc2::app::parse_script("wait_game\nseek -5\n", "s.txt");
  CHECK(parsed.error.find("s.txt:2:") == 0);
}
