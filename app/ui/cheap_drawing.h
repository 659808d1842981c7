#pragma once
// Drawing that costs less under a software renderer (Mesa llvmpipe) and looks the same, shared
// by the app's panels and bench/frame_time_bench.cpp (issue 5, bench/RESULTS.md):
// - Opaque images (world view, layers, minimap) are drawn with GL blending off: llvmpipe then
//   writes their pixels without reading the target and drops what was binned below them in the
//   tiles they cover (the window background; only without a depth buffer,
//   render/backends/gl_window.h).
// - A window that has no other window behind it leaves out its own background: the frame is
//   cleared to the same colour (kBackdropColour = the style's WindowBg), which llvmpipe does
//   almost for free, instead of ~1 M blended, textured background pixels per frame.
// Header-only so the benchmark draws exactly what the app draws.
#include "imgui.h"
#include "imgui_internal.h"
#include "render/backends/imgui_gl.h"

namespace sc2::app::ui {

// The window background colour of the app's style, which is also the clear colour.
inline constexpr float kBackdropColour[4] = {0.10f, 0.11f, 0.13f, 1.0f};

// Everything added to `draw` between these two is drawn without blending: opaque images only.
inline void begin_opaque(ImDrawList* draw) { draw->AddCallback(render::backends::blending_off, nullptr); }
inline void end_opaque(ImDrawList* draw) { draw->AddCallback(render::backends::blending_on, nullptr); }

// Gathers the opaque images drawn among other items of one draw list (the layer grid: titles,
// frames, markers) into one run with blending off, drawn first so everything else of that list
// lies on top. The images must not overlap each other's items in another order than that.
class OpaqueImageRun {
 public:
  explicit OpaqueImageRun(ImDrawList* draw) : draw_(draw) {
    splitter_.Split(draw_, 2);
    splitter_.SetCurrentChannel(draw_, 0);
    begin_opaque(draw_);
    splitter_.SetCurrentChannel(draw_, 1);
  }
  OpaqueImageRun(const OpaqueImageRun&) = delete;
  OpaqueImageRun& operator=(const OpaqueImageRun&) = delete;
  ~OpaqueImageRun() { merge(); }

  // Runs add_images (which adds images to the same draw list) into the opaque run.
  template <typename AddImages>
  void draw(AddImages&& add_images) {
    splitter_.SetCurrentChannel(draw_, 0);
    add_images();
    splitter_.SetCurrentChannel(draw_, 1);
  }
  // Ends the run; call before the draw list's window ends.
  void merge() {
    if (merged_) return;
    merged_ = true;
    splitter_.SetCurrentChannel(draw_, 0);
    end_opaque(draw_);
    splitter_.Merge(draw_);
  }

 private:
  ImDrawList* draw_;
  ImDrawListSplitter splitter_;
  bool merged_ = false;
};

// Call right before ImGui::Begin(name): when the window (as of the last frame) overlaps no
// window drawn below it, its opaque background is left out and the cleared frame shows
// through in the same colour. A window in front of another keeps its background, so moved or
// floating windows still hide what is behind them.
inline void skip_background_over_backdrop(const char* name) {
  ImGuiContext& context = *ImGui::GetCurrentContext();
  const ImGuiWindow* window = ImGui::FindWindowByName(name);
  if (!window || !window->WasActive || window->Collapsed) return;
  if (context.Style.Colors[ImGuiCol_WindowBg].w < 1.0f) return;  // see-through style: keep as is
  const ImRect rect = window->Rect();
  for (const ImGuiWindow* other : context.Windows) {
    if (other == window) break;  // display order, back to front: only windows below count
    if (!other->WasActive || (other->Flags & ImGuiWindowFlags_ChildWindow)) continue;
    if (other->Rect().Overlaps(rect)) return;
  }
  ImGui::SetNextWindowBgAlpha(0.0f);
}

}  // namespace sc2::app::ui
