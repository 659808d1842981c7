#pragma once
// Runs sc2studio's window: SDL2 + OpenGL 3.3 core (libepoxy) + Dear ImGui, the Session's
// game thread, and the frame loop (with --frames / --screenshot for automated runs).
#include "app/program/cli_options.h"

namespace sc2::app::ui {

// Returns the process exit code: 0 on a normal close or when --frames completed,
// 1 when the window cannot be created or --frames could not show the game.
int run_studio(const StudioOptions& options);

}  // namespace sc2::app::ui
