#pragma once
// The world view drawn straight into the window from inside the ImGui frame (an ImDrawList
// callback), instead of into a texture that ImGui then copies into the window: under a
// software renderer each full-size pass costs CPU, and at full game speed every frame brings
// a new observation, so the texture would be redrawn and copied every frame (issue 5,
// bench/RESULTS.md). Shared by the app's World view and bench/frame_time_bench.cpp.
#include <cmath>

#include "client/pysc2/observation.h"
#include "imgui.h"
#include "render/render_context.h"
#include "render/world_renderer.h"
#include "render/world_scene.h"

namespace sc2::app::ui {

// What the callback draws; must live until the frame is rendered (ImGui keeps a pointer).
struct DirectWorld {
  render::WorldRenderer* renderer = nullptr;
  render::RenderContext* context = nullptr;
  const pysc2::Observation* observation = nullptr;
  render::WorldRect camera;
  render::WorldRect view;
  ImVec2 min;   // the picture's rectangle in ImGui coordinates
  ImVec2 size;
};

// ImGui's rectangle (y down, display coordinates) as GL framebuffer pixels (y up).
inline render::WorldRenderer::PixelRect to_framebuffer(const ImDrawData& data, ImVec2 min, ImVec2 max) {
  const ImVec2 scale = data.FramebufferScale;
  const float height = data.DisplaySize.y * scale.y;
  const float x0 = std::round((min.x - data.DisplayPos.x) * scale.x), x1 = std::round((max.x - data.DisplayPos.x) * scale.x);
  const float y0 = std::round((min.y - data.DisplayPos.y) * scale.y), y1 = std::round((max.y - data.DisplayPos.y) * scale.y);
  return {static_cast<int>(x0), static_cast<int>(height - y1), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)};
}

inline void draw_world_callback(const ImDrawList*, const ImDrawCmd* command) {
  const auto* world = static_cast<const DirectWorld*>(command->UserCallbackData);
  const ImDrawData* data = ImGui::GetDrawData();
  if (!world || !data || !world->renderer || !world->observation) return;
  const ImVec2 max(world->min.x + world->size.x, world->min.y + world->size.y);
  // The command's clip rectangle (the window's), cut to the picture.
  const ImVec4 clip = command->ClipRect;
  const ImVec2 clip_min(std::max(clip.x, world->min.x), std::max(clip.y, world->min.y));
  const ImVec2 clip_max(std::min(clip.z, max.x), std::min(clip.w, max.y));
  if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) return;
  world->renderer->draw_direct(*world->context, *world->observation, world->camera, world->view,
                               to_framebuffer(*data, world->min, max), to_framebuffer(*data, clip_min, clip_max));
}

// Adds the world picture to `draw` at world->min (opaque: drawn over what lies below).
inline void add_direct_world(ImDrawList* draw, const DirectWorld* world) {
  draw->AddCallback(draw_world_callback, const_cast<DirectWorld*>(world));
  draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);  // ImGui's program, blending, buffers again
}

}  // namespace sc2::app::ui
