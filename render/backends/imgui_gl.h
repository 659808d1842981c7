#pragma once
// The GL calls ImGui drawing needs beyond ImGui's own backend, for the app's cheap drawing
// (app/ui/cheap_drawing.h) and its font (app/ui/app_style.h): blending switched by draw-list
// callbacks, the frame cleared to one colour, the font texture sampled NEAREST.
#include "imgui.h"

namespace sc2::render::backends {

// Draw-list callbacks (ImDrawList::AddCallback): what follows is drawn without / with blending.
void blending_off(const ImDrawList*, const ImDrawCmd*);
void blending_on(const ImDrawList*, const ImDrawCmd*);

// Clears the colour buffer of the bound framebuffer to `rgba`.
void clear_to(const float rgba[4]);

// Call after ImGui_ImplOpenGL3_Init: creates the backend's font texture now and samples it
// NEAREST (SoftImGuiRenderer samples this same texture). Every ImGui pixel (text, and fills,
// which read the atlas' white texels) fetches from it; one texel instead of four is ~1 ms per
// 1280x800 frame under llvmpipe (bench/RESULTS.md). With a font rasterised at 1x on whole
// pixels (app/ui/app_style.h) the glyphs look the same either way.
void sample_font_nearest();

}  // namespace sc2::render::backends
