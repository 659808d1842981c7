#pragma once
// sc2studio's window and one frame drawn in it, shared by the app's frame loop (studio_app.cpp)
// and bench/frame_time_bench.cpp, so that the benchmark opens the same window (title, size,
// font, style, renderer) and draws each frame the way the app does.
#include <optional>

#include "app/program/cli_options.h"
#include "app/session/session_reader.h"
#include "app/ui/studio_ui.h"
#include "imgui.h"
#include "render/backends/gl_window.h"

namespace sc2::app::ui {

// The window sc2studio opens for these options: size, the app's font and style, the check of
// the video driver. Without an ImGui layout file: the app adds its own (in the config folder).
render::backends::GlWindowOptions studio_window_options(const StudioOptions& options);

// Builds one ImGui frame of the panels from what `session` shows now (ImGui's frame started,
// StudioUi::draw, ImGui::Render). `pointer`: where the last mouse motion in the window ended,
// used when ImGui's SDL backend has no pointer position (windows without focus, e.g. under the
// offscreen driver). Returns true when the frame showed the game.
bool build_studio_frame(render::backends::GlWindow& window, StudioUi& ui, SessionReader& session,
                        std::optional<ImVec2> pointer = std::nullopt);
// Draws the built frame into the window (cleared to the backdrop colour first).
void render_studio_frame(render::backends::GlWindow& window);

}  // namespace sc2::app::ui
