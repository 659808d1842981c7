#pragma once
// The read-only modes' panel: the "observing HOST:PORT — read only" / "replay FILE — read only"
// label, and for replays the controls: a game-loop slider (seeks when released), restart,
// play/pause, single step, jump to the end, and the observed player.
#include "app/session/session_commands.h"
#include "app/session/session_snapshot.h"

namespace sc2::app::ui {

// Draws nothing in play mode.
void draw_read_only_panel(SessionCommands& session, const SessionSnapshot& snapshot);

}  // namespace sc2::app::ui
