#pragma once
// ActionLog: the session's record of every call sent, refused or seen (ActionRecord), numbered
// 1, 2, ... in the order they were added, oldest first and at most kMaxLog of them; and the
// notices for the person (replay saved, an agent failed, an alert, ...) until the UI takes them.
//
// Thread-safe: one small mutex of its own, held only inside each call and never while calling
// out, so any thread may use it with or without other locks held (a leaf lock). The UI thread
// adds the person's calls and reads; the game thread adds the agent's and sets results.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "app/session/session_snapshot.h"

namespace sc2::app {

// What the game made of the calls of one step: "ok", or the names of the ActionResults that
// were not Success, comma-separated (then failed).
struct StepResult {
  std::string text = "ok";
  bool failed = false;
};
StepResult step_result(const std::vector<int>& action_results);

// Brings a copy of the log (oldest first, as records() gives it) up to date with `changes`.
void apply_log_changes(std::vector<ActionRecord>& log, ActionLogChanges changes);

class ActionLog {
 public:
  static constexpr std::size_t kMaxLog = 2000;
  static constexpr std::size_t kMaxNotices = 100;  // not taken by the UI: the oldest go

  // Gives `record` the next sequence number, keeps it (dropping the oldest beyond kMaxLog) and
  // returns its sequence.
  std::uint64_t add(ActionRecord record);
  // Sets result and failed of the kept records with these sequences (none: no change).
  void set_result(const std::vector<std::uint64_t>& sequences, const std::string& result, bool failed);
  std::vector<ActionRecord> records() const;  // oldest first
  std::uint64_t version() const;              // increments whenever the records change
  // The records added or changed after `version` (0, or a version this log never had, e.g. a
  // previous session's: the whole log).
  ActionLogChanges changes_since(std::uint64_t version) const;

  void notice(std::string text);
  std::vector<std::string> take_notices();  // oldest first; clears them

 private:
  mutable std::mutex mutex_;
  std::deque<ActionRecord> records_;
  std::deque<std::uint64_t> changed_;  // the version at which each record was added or last changed
  std::uint64_t next_sequence_ = 1;
  std::uint64_t version_ = 0;
  std::vector<std::string> notices_;
};

}  // namespace sc2::app
