#pragma once
// What the panels read of a game session each frame: the snapshot (cheap: the TimeStep is
// shared), and, only when the snapshot's log_version / episodes_version say they changed, the
// action log and the episodes (copies). Notices are messages for the log, handed over once.
// Implemented by Session and by RecordedSession (app/recorded_session.h).
#include <string>
#include <vector>

#include "app/session_snapshot.h"

namespace sc2::app {

class SessionReader {
 public:
  virtual ~SessionReader() = default;

  virtual SessionSnapshot snapshot() const = 0;
  virtual std::vector<ActionRecord> action_log() const = 0;    // oldest first
  virtual std::vector<EpisodeSummary> episodes() const = 0;    // oldest first, the running one last
  virtual std::vector<std::string> take_notices() = 0;         // oldest first; clears them
};

}  // namespace sc2::app
