#pragma once
// An SDL2 window with an OpenGL 3.3 core context (libepoxy) and Dear ImGui on it (its SDL2
// and OpenGL 3 backends, and SoftImGuiRenderer to draw the frames): what sc2studio and
// bench/frame_time_bench open, set up the same way so that the benchmark measures the app's
// drawing. Torn down in the right order by the destructor (ImGui's GL objects while the
// context exists, the context before the window).
#include <SDL.h>

#include <functional>
#include <string>
#include <utility>

#include "render/backends/soft_imgui_renderer.h"

struct ImDrawData;

namespace sc2::render::backends {

struct GlWindowOptions {
  std::string title = "SC2 Studio";
  int width = 1280;
  int height = 800;
  bool resizable = true;
  bool vsync = true;
  // SDL asks for a 16-bit depth buffer by default; nothing here is depth-tested. Without one,
  // Mesa's llvmpipe can rasterise the 64x64 tiles that hold only clears and axis-aligned
  // rectangles with its linear rasteriser (lp_state_derived.c: permit_linear_rasterizer needs
  // no depth/stencil buffer), and an opaque image drops what was binned below it in the tiles
  // it covers (lp_setup_rect.c / lp_setup_tri.c), which app/ui/cheap_drawing.h relies on.
  bool depth_buffer = false;
  std::string imgui_ini;  // where ImGui keeps its window layout; empty: nowhere
  // Called once ImGui's context exists and before its backends start: fonts and style.
  std::function<void()> configure_imgui;
  // Called with the video driver SDL chose, before any window: a non-empty answer is the
  // error open() stops with (e.g. a driver that shows nothing when a window was wanted).
  std::function<std::string(const char* driver)> check_video_driver;
  // Draw ImGui's frames with SoftImGuiRenderer (else with ImGui's OpenGL 3 backend).
  bool soft_imgui_renderer = true;
};

class GlWindow {
 public:
  GlWindow() = default;
  ~GlWindow();
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  // Returns an error message, empty on success (then the context is current).
  std::string open(const GlWindowOptions& options);

  SDL_Window* sdl_window() const { return window_; }
  // True for the events of this window (motion without a focused window carries id 0).
  bool is_ours(Uint32 window_id) const { return window_id == 0 || window_id == SDL_GetWindowID(window_); }
  std::pair<int, int> drawable_size() const;
  // Starts the frame of ImGui's backends (call before ImGui::NewFrame).
  void begin_imgui_frame();
  // Draws ImGui's draw data into the whole window, cleared to `backdrop` first, and starts the
  // GPU (or the software renderer) on it now: swapping an offscreen (pbuffer) surface flushes
  // nothing, so a software renderer would otherwise rasterise the frame only when the next one
  // needs its buffers.
  void draw(const ImDrawData* data, const float backdrop[4]);
  void swap() { SDL_GL_SwapWindow(window_); }
  // Swaps wait for the display's refresh (when it has one) or not; changed only when it differs.
  void set_vsync(bool on);
  bool soft_renderer_in_use() const { return imgui_renderer_.ready(); }

 private:
  bool sdl_ = false;
  bool vsync_ = false;
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  bool imgui_context_ = false;
  bool imgui_sdl_ = false;
  bool imgui_gl_ = false;
  SoftImGuiRenderer imgui_renderer_;
  std::string ini_path_;  // ImGui keeps a pointer to it
};

}  // namespace sc2::render::backends
