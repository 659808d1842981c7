#pragma once
// The Action log's detail line: the whole of one call, which the table's FunctionCall column
// cuts short at the default window size. It shows the row the person clicked while that row
// is still in the log, else the newest call, so the latest call is readable with no click.
#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/session/session_snapshot.h"
#include "app/ui/mode_text.h"

namespace sc2::app::ui {

// The record the detail line shows: the one numbered `selected` if the log still holds it (the
// log drops its oldest calls), else the newest; nullptr for an empty log.
inline const ActionRecord* detailed_record(const std::vector<ActionRecord>& log, std::optional<std::uint64_t> selected) {
  if (log.empty()) return nullptr;
  if (selected) {
    // The log is in sequence order.
    const auto found = std::lower_bound(log.begin(), log.end(), *selected,
                                        [](const ActionRecord& record, std::uint64_t sequence) { return record.sequence < sequence; });
    if (found != log.end() && found->sequence == *selected) return &*found;
  }
  return &log.back();
}

struct LogDetail {
  std::string header;  // which call, when and by whom
  std::string result;  // what became of it
  std::string call;    // the whole call, as the table's FunctionCall column has it
};

// "newest  #12  loop 340  by agent  " and "ok" over "Attack_screen("now", [32, 45])";
// `selected`: the person chose this row (else it is shown as the newest). The "by" word is
// the mode's (human / agent here, player when observing, replay when replaying).
inline LogDetail log_detail(const ActionRecord& record, SessionMode mode, bool selected) {
  char header[96];
  std::snprintf(header, sizeof header, "%s  #%" PRIu64 "  loop %u  by %s  ", selected ? "selected" : "newest",
                record.sequence, record.game_loop, call_source_text(record.source, mode));
  return LogDetail{header, record.result, record.text};
}

}  // namespace sc2::app::ui
