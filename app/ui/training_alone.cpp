#include "app/ui/training_alone.h"

#include <SDL.h>

#include "imgui.h"
#include "backends/imgui_impl_sdl.h"

#include <cstdio>

#include "app/ui/studio_window.h"
#include "app/ui/training_panel.h"
#include "render/backends/screenshot.h"

namespace sc2::app::ui {

int run_training_alone(const StudioOptions& options, render::backends::GlWindow& window) {
  TrainingPanel panel(options.training);
  int exit_code = 0;
  int frames = 0;
  bool running = true;
  while (running) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_QUIT) running = false;
      if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
          event.window.windowID == SDL_GetWindowID(window.sdl_window())) {
        running = false;
      }
    }
    window.begin_imgui_frame();
    ImGui::NewFrame();
    panel.draw(true);
    ImGui::Render();
    render_studio_frame(window);
    const bool finish = options.frames > 0 && ++frames >= options.frames;
    if ((finish || !running) && !options.screenshot.empty()) {
      const auto [width, height] = window.drawable_size();
      if (const std::string error = render::backends::write_framebuffer_png(options.screenshot, width, height);
          !error.empty()) {
        std::fprintf(stderr, "sc2studio: %s\n", error.c_str());
        exit_code = 1;
      }
    }
    window.swap();
    if (finish) running = false;
    // The curves change a few times a second at most: ~30 frames/s is plenty.
    if (running) SDL_Delay(33);
  }
  return exit_code;
}

}  // namespace sc2::app::ui
