#pragma once
// Words of the UI that depend on where the game comes from (play, observe, replay): who an
// episode was played by, and what to check when the session failed.
#include <cstdint>
#include <string>

#include "app/session/session_snapshot.h"

namespace sc2::app::ui {

enum class PlayedBy { human, agent, both, observed, replay };

// Who played an episode, as the episode list shows it. Observed and replayed episodes have
// no steps of ours: their player is someone else.
inline PlayedBy played_by(const EpisodeSummary& episode, SessionMode mode) {
  if (mode == SessionMode::observe) return PlayedBy::observed;
  if (mode == SessionMode::replay) return PlayedBy::replay;
  if (episode.agent_steps > 0 && episode.human_steps > 0) return PlayedBy::both;
  return episode.agent_steps > 0 ? PlayedBy::agent : PlayedBy::human;
}

inline std::string played_by_text(const EpisodeSummary& episode, SessionMode mode) {
  switch (played_by(episode, mode)) {
    case PlayedBy::observed: return "observed";
    case PlayedBy::replay: return "replay";
    case PlayedBy::both: return "both (" + std::to_string(episode.human_steps) + " by you)";
    case PlayedBy::agent: return "agent";
    case PlayedBy::human: break;
  }
  return "human";
}

// The Action log's "by" column: the person or the agent here; when observing or replaying, the
// calls are the other player's (the session logs them as seen, with no controller of ours).
inline const char* call_source_text(Controller source, SessionMode mode) {
  if (mode == SessionMode::observe) return "player";
  if (mode == SessionMode::replay) return "replay";
  return source == Controller::agent ? "agent" : "human";
}

// The error banner's hint: what the person can check in this mode. --sc2path only chooses
// the game that plays or replays here; an observer joins someone else's server.
inline std::string failure_hint(SessionMode mode) {
  switch (mode) {
    case SessionMode::observe:
      return "Check that a game server is listening at the --connect address (sc2lite --listen HOST --port PORT, "
             "or SC2 with -listen) and that it is reachable from here.";
    case SessionMode::replay:
      return "Check that the --replay file exists and was saved by the game replaying it (sc2lite, or the SC2 "
             "version found by --sc2path / $SC2PATH).";
    case SessionMode::play: break;
  }
  return "Check --sc2path / $SC2PATH, or that sc2lite is next to sc2studio.";
}

// The banner's restart button: what a restart does in this mode.
inline const char* restart_label(SessionMode mode) {
  switch (mode) {
    case SessionMode::observe: return "Connect again";
    case SessionMode::replay: return "Open the replay again";
    case SessionMode::play: break;
  }
  return "Restart the game";
}

}  // namespace sc2::app::ui
