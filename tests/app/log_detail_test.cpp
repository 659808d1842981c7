// app/ui/log_detail.h: the Action log's detail line shows the whole call of the chosen row, or of
// the newest call, with who sent it in the words of each mode.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/ui/log_detail.h"

namespace {

using namespace sc2::app;
using namespace sc2::app::ui;

ActionRecord record(std::uint64_t sequence, std::uint32_t loop, std::string text, Controller source = Controller::human) {
  ActionRecord out;
  out.sequence = sequence;
  out.game_loop = loop;
  out.text = std::move(text);
  out.source = source;
  out.result = "ok";
  return out;
}

}  // namespace

TEST_CASE("log detail: the chosen row while the log holds it, else the newest call") {
  CHECK(detailed_record({}, std::nullopt) == nullptr);
  CHECK(detailed_record({}, 3) == nullptr);
  // The log keeps its newest calls only: it starts at 5 here.
  const std::vector<ActionRecord> log = {record(5, 32, "no_op()"), record(6, 40, "select_army(\"select\")"),
                                         record(7, 48, "Attack_screen(\"now\", [32, 45])")};
  CHECK(detailed_record(log, std::nullopt) == &log[2]);
  CHECK(detailed_record(log, 6) == &log[1]);
  CHECK(detailed_record(log, 5) == &log[0]);
  // A row the log has dropped, or a number it never had: the newest again.
  CHECK(detailed_record(log, 4) == &log[2]);
  CHECK(detailed_record(log, 99) == &log[2]);
}

TEST_CASE("log detail: the whole call, never shortened, and which row it is") {
  const std::string call = "select_rect(\"select\", [10, 50], [40, 12]) Harvest_Gather_screen(\"queued\", [63, 63])";
  ActionRecord long_call = record(12, 340, call, Controller::agent);
  long_call.result = "NotEnoughMinerals";
  const LogDetail newest = log_detail(long_call, SessionMode::play, false);
  CHECK(newest.call == call);
  CHECK(newest.header == "newest  #12  loop 340  by agent  ");
  CHECK(newest.result == "NotEnoughMinerals");
  CHECK(log_detail(long_call, SessionMode::play, true).header == "selected  #12  loop 340  by agent  ");
}

TEST_CASE("log detail: who sent the call in play, watch, observe and replay modes") {
  const ActionRecord human = record(1, 8, "move_camera([10, 20])");
  const ActionRecord agent = record(2, 16, "Attack_screen(\"now\", [32, 45])", Controller::agent);
  CHECK(log_detail(human, SessionMode::play, false).header.find("by human") != std::string::npos);
  CHECK(log_detail(agent, SessionMode::play, false).header.find("by agent") != std::string::npos);  // watching an agent
  // Observed and replayed calls are the other player's, whatever the record's controller says.
  CHECK(log_detail(human, SessionMode::observe, false).header.find("by player") != std::string::npos);
  CHECK(log_detail(agent, SessionMode::replay, false).header.find("by replay") != std::string::npos);
  for (SessionMode mode : {SessionMode::play, SessionMode::observe, SessionMode::replay}) {
    CHECK(log_detail(agent, mode, false).call == "Attack_screen(\"now\", [32, 45])");
  }
}
