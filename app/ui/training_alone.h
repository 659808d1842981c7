#pragma once
// sc2studio --training DIR with no game (app/cli_options.h training_only): a frame loop that
// draws only the training panel over the whole window. No Session, no game server.
#include "app/program/cli_options.h"
#include "render/backends/gl_window.h"

namespace sc2::app::ui {

// Runs until the window closes (or --frames); writes --screenshot. Returns the exit code.
int run_training_alone(const StudioOptions& options, render::backends::GlWindow& window);

}  // namespace sc2::app::ui
