#include "app/ui/studio_window.h"

#include <cstdlib>

#include "app/program/display_check.h"
#include "app/ui/app_style.h"
#include "app/ui/cheap_drawing.h"

namespace sc2::app::ui {

namespace {
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
}  // namespace

render::backends::GlWindowOptions studio_window_options(const StudioOptions& options) {
  render::backends::GlWindowOptions window;
  window.title = "SC2 Studio";
  window.width = options.window_width;
  window.height = options.window_height;
  window.check_video_driver = [options](const char* driver) {
    return display_problem(driver, std::getenv("SDL_VIDEODRIVER"), options).value_or("");
  };
  window.configure_imgui = [] {
    add_app_font(kFontPath);
    apply_app_style();
  };
  return window;
}

bool build_studio_frame(render::backends::GlWindow& window, StudioUi& ui, SessionReader& session,
                        std::optional<ImVec2> pointer) {
  window.begin_imgui_frame();
  // ImGui's SDL backend reads the pointer only while the window has keyboard or mouse
  // focus; windows that never get focus (the offscreen driver, some compositors) still
  // receive motion events: use the last one.
  if (!ImGui::IsMousePosValid() && pointer) ImGui::GetIO().MousePos = *pointer;
  ImGui::NewFrame();
  const bool drew_game = ui.draw(session);
  ImGui::Render();
  return drew_game;
}

void render_studio_frame(render::backends::GlWindow& window) {
  // The window colour: windows with nothing behind them leave out theirs (cheap_drawing.h).
  window.draw(ImGui::GetDrawData(), kBackdropColour);
}

}  // namespace sc2::app::ui
