#pragma once
// The window's framebuffer as the app asks SDL for it, shared with bench/frame_time_bench.cpp.
#include <SDL.h>

namespace sc2::app::ui {

// Call before SDL_CreateWindow. Nothing is depth-tested or stencilled, and SDL's default asks
// for a 16-bit depth buffer. Without one, Mesa's llvmpipe can rasterise the frame's 64x64
// tiles that hold only clears and axis-aligned rectangles (ImGui's text and fills) with its
// linear rasteriser (Mesa lp_state_derived.c: permit_linear_rasterizer requires no depth/
// stencil buffer), and an opaque image drops what was binned below it in the tiles it covers
// (lp_setup_rect.c / lp_setup_tri.c whole-tile case), which cheap_drawing.h relies on.
inline void request_framebuffer_without_depth() {
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
}

}  // namespace sc2::app::ui
