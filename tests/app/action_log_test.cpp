// ActionLog: records numbered in the order added, results set by sequence, at most kMaxLog
// kept (the oldest go), a version that moves with every change; notices taken once, bounded.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/session/action_log.h"
#include "client/pysc2/result_names.h"

using sc2::app::ActionLog;
using sc2::app::ActionRecord;

namespace {

ActionRecord record(std::string text) {
  ActionRecord result;
  result.text = std::move(text);
  result.result = "queued";
  result.sequence = 999;  // overwritten: the log numbers the records
  return result;
}

}  // namespace

TEST_CASE("the action log numbers records 1, 2, ... and sets results by sequence") {
  ActionLog log;
  CHECK(log.version() == 0);
  CHECK(log.add(record("a")) == 1);
  CHECK(log.add(record("b")) == 2);
  CHECK(log.add(record("c")) == 3);
  CHECK(log.version() == 3);

  log.set_result({1, 3}, "ok", false);
  log.set_result({2}, "rejected: bad point", true);
  const auto records = log.records();
  REQUIRE(records.size() == 3);
  CHECK(records[0].sequence == 1);
  CHECK(records[0].text == "a");
  CHECK(records[0].result == "ok");
  CHECK(records[1].result == "rejected: bad point");
  CHECK(records[1].failed);
  CHECK(records[2].result == "ok");
  CHECK_FALSE(records[2].failed);
  CHECK(log.version() == 5);

  log.set_result({}, "never", true);  // nothing to change: no new version
  CHECK(log.version() == 5);
  log.set_result({77}, "gone", true);  // a sequence no longer kept changes nothing
  for (const ActionRecord& kept : log.records()) CHECK(kept.result != "gone");
}

TEST_CASE("the action log keeps the newest kMaxLog records") {
  ActionLog log;
  for (std::size_t i = 0; i < ActionLog::kMaxLog + 5; ++i) log.add(record(std::to_string(i)));
  const auto records = log.records();
  REQUIRE(records.size() == ActionLog::kMaxLog);
  CHECK(records.front().sequence == 6);
  CHECK(records.front().text == "5");
  CHECK(records.back().sequence == ActionLog::kMaxLog + 5);
  log.set_result({1}, "dropped", true);  // a record dropped from the log is not found again
  CHECK(log.records().front().result == "queued");
}

// The UI keeps a copy of the log brought up to date with only what changed since it last looked.
TEST_CASE("a copy kept with changes_since and apply_log_changes equals the log") {
  ActionLog log;
  std::vector<ActionRecord> copy;
  std::uint64_t seen = 0;
  auto catch_up = [&] {
    sc2::app::ActionLogChanges changes = log.changes_since(seen);
    seen = changes.version;
    sc2::app::apply_log_changes(copy, std::move(changes));
  };
  auto same = [&] {
    const auto records = log.records();
    REQUIRE(copy.size() == records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      CHECK(copy[i].sequence == records[i].sequence);
      CHECK(copy[i].text == records[i].text);
      CHECK(copy[i].result == records[i].result);
      CHECK(copy[i].failed == records[i].failed);
    }
  };
  log.add(record("a"));
  log.add(record("b"));
  catch_up();
  same();
  CHECK(seen == log.version());

  // Only the new record and the one whose result changed come over, not the whole log.
  log.set_result({1}, "ok", false);
  log.add(record("c"));
  const auto changes = log.changes_since(seen);
  CHECK_FALSE(changes.full);
  REQUIRE(changes.records.size() == 2);
  CHECK(changes.records[0].sequence == 1);
  CHECK(changes.records[1].sequence == 3);
  catch_up();
  same();
  CHECK(log.changes_since(seen).records.empty());

  // The oldest records dropped by the log go from the copy too, while results keep changing.
  for (std::size_t i = 0; i < ActionLog::kMaxLog + 5; ++i) {
    const auto sequence = log.add(record("x" + std::to_string(i)));
    if (i % 7 == 0) log.set_result({sequence, sequence - 1}, "rejected", true);
    if (i % 100 == 0) catch_up();
  }
  catch_up();
  same();
  CHECK(copy.front().sequence == log.records().front().sequence);
}

TEST_CASE("changes_since a version the log never had (another session's) is the whole log") {
  ActionLog log;
  log.add(record("a"));
  log.add(record("b"));
  const auto changes = log.changes_since(40);
  CHECK(changes.full);
  CHECK(changes.records.size() == 2);
  std::vector<ActionRecord> copy(5, record("stale"));
  sc2::app::apply_log_changes(copy, changes);
  REQUIRE(copy.size() == 2);
  CHECK(copy[0].text == "a");
  CHECK(log.changes_since(0).full);
}

TEST_CASE("notices are taken once, oldest first, and at most kMaxNotices wait") {
  ActionLog log;
  CHECK(log.take_notices().empty());
  log.notice("first");
  log.notice("second");
  CHECK(log.take_notices() == std::vector<std::string>{"first", "second"});
  CHECK(log.take_notices().empty());
  for (std::size_t i = 0; i < ActionLog::kMaxNotices + 3; ++i) log.notice(std::to_string(i));
  const auto notices = log.take_notices();
  REQUIRE(notices.size() == ActionLog::kMaxNotices);
  CHECK(notices.front() == "3");
  CHECK(log.version() == 0);  // notices are not records
}

TEST_CASE("a step's result: ok when every call succeeded, else the failures' names") {
  CHECK(sc2::app::step_result({}).text == "ok");
  CHECK_FALSE(sc2::app::step_result({}).failed);
  CHECK(sc2::app::step_result({sc2::pysc2::kActionSuccess}).text == "ok");
  const auto result = sc2::app::step_result({sc2::pysc2::kActionSuccess, 2, 3});  // NotSupported, Error
  CHECK(result.failed);
  CHECK(result.text == sc2::pysc2::action_result_name(2) + ", " + sc2::pysc2::action_result_name(3));
  CHECK(result.text == "NotSupported, Error");
}
