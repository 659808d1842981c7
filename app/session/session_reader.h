#pragma once
// What the panels read of a game session each frame: the snapshot (cheap: the TimeStep is
// shared), and, only when the snapshot's log_version / episodes_version say they changed, the
// action log and the episodes (copies). Notices are messages for the log, handed over once.
// Implemented by Session and by RecordedSession (app/recorded_session.h).
#include <string>
#include <vector>

#include "app/session/session_snapshot.h"

namespace sc2::app {

class SessionReader {
 public:
  virtual ~SessionReader() = default;

  virtual SessionSnapshot snapshot() const = 0;
  virtual std::vector<ActionRecord> action_log() const = 0;    // oldest first
  // What changed in the log since `version` (a version from an earlier call, or 0), for a
  // copy kept up to date with apply_log_changes (app/action_log.h). By default the whole log.
  virtual ActionLogChanges action_log_changes(std::uint64_t /*version*/) const {
    ActionLogChanges changes;
    changes.full = true;
    changes.version = snapshot().log_version;
    changes.records = action_log();
    return changes;
  }
  virtual std::vector<EpisodeSummary> episodes() const = 0;    // oldest first, the running one last
  virtual std::vector<std::string> take_notices() = 0;         // oldest first; clears them
};

}  // namespace sc2::app
