#pragma once
// Small helpers shared by the panel files of the UI: colours, default placement, texture ids.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "app/input/input_mapper.h"
#include "client/pysc2/actions.h"
#include "imgui.h"
#include "render/gl_objects.h"
#include "render/layer_atlas.h"
#include "render/palette.h"
#include "render/texture_view.h"

namespace sc2::app::ui {

inline const ImVec4 kGreen{0.35f, 0.85f, 0.35f, 1.0f};
inline const ImVec4 kRed{1.0f, 0.35f, 0.3f, 1.0f};
inline const ImVec4 kYellow{1.0f, 0.85f, 0.3f, 1.0f};
inline const ImVec4 kDim{0.6f, 0.6f, 0.6f, 1.0f};
inline const ImVec4 kAccent{0.45f, 0.7f, 1.0f, 1.0f};
// Who sent a call: the agent's marker and log entries, and the person's.
inline const ImVec4 kMagenta{1.0f, 0.3f, 0.9f, 1.0f};
inline const ImVec4 kCyan{0.3f, 0.9f, 1.0f, 1.0f};
inline constexpr ImU32 kAgentMarker = IM_COL32(255, 70, 230, 255);
inline constexpr ImU32 kHumanMarker = IM_COL32(70, 230, 255, 255);

// Height of the resource bar under the menu bar.
inline float top_bar_height() { return std::floor(ImGui::GetFrameHeight() + 8.0f); }

// Default window placement as fractions of the area under the menu and top bars (first run
// only; afterwards imgui.ini remembers what the user did).
inline void place_window(float x, float y, float w, float h) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = ImGui::GetFrameHeight() + top_bar_height();
  const float height = display.y - top;
  ImGui::SetNextWindowPos(ImVec2(std::floor(x * display.x), top + std::floor(y * height)), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::floor(w * display.x), std::floor(h * height)), ImGuiCond_FirstUseEver);
}

// A picture's rectangle in the window (ImGui coordinates).
struct PictureRect {
  ImVec2 min;
  ImVec2 size;
  ImVec2 max() const { return ImVec2(min.x + size.x, min.y + size.y); }
};

// The largest whole-pixel rectangle of this aspect (width / height, at least 16 px a side)
// that fits the window's remaining content area, centred across; the cursor moves to it.
inline PictureRect fit_picture(float aspect) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 size(avail.x, avail.x / aspect);
  if (size.y > avail.y) size = ImVec2(avail.y * aspect, avail.y);
  size = ImVec2(std::max(16.0f, std::floor(size.x)), std::max(16.0f, std::floor(size.y)));
  ImVec2 min = ImGui::GetCursorScreenPos();
  min.x += std::floor((avail.x - size.x) / 2);
  ImGui::SetCursorScreenPos(min);
  return PictureRect{min, size};
}

inline ImTextureID texture_id(GLuint texture) {
  return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture));
}

inline void add_framebuffer_image(ImDrawList* draw, GLuint texture, ImVec2 min, ImVec2 size,
                                  ImU32 tint = IM_COL32_WHITE, ImVec2 uv_min = ImVec2(0, 0),
                                  ImVec2 uv_max = ImVec2(1, 1)) {
  // uv_min/uv_max in image space (0,0 top-left); the texture is in GL orientation.
  const render::TextureUv uv = render::kFramebufferUv;
  const ImVec2 a(uv.u0 + (uv.u1 - uv.u0) * uv_min.x, uv.v0 + (uv.v1 - uv.v0) * uv_min.y);
  const ImVec2 b(uv.u0 + (uv.u1 - uv.u0) * uv_max.x, uv.v0 + (uv.v1 - uv.v0) * uv_max.y);
  draw->AddImage(texture_id(texture), min, ImVec2(min.x + size.x, min.y + size.y), a, b, tint);
}

// A layer image from the atlas (cells are stored top row first, unlike framebuffers);
// uv_min/uv_max select a part of the layer in image space (0,0 top-left), as above.
inline void add_atlas_image(ImDrawList* draw, const render::AtlasImage& image, ImVec2 min, ImVec2 size,
                            ImU32 tint = IM_COL32_WHITE, ImVec2 uv_min = ImVec2(0, 0), ImVec2 uv_max = ImVec2(1, 1)) {
  const ImVec2 a(image.u0 + (image.u1 - image.u0) * uv_min.x, image.v0 + (image.v1 - image.v0) * uv_min.y);
  const ImVec2 b(image.u0 + (image.u1 - image.u0) * uv_max.x, image.v0 + (image.v1 - image.v0) * uv_max.y);
  draw->AddImage(texture_id(image.texture), min, ImVec2(min.x + size.x, min.y + size.y), a, b, tint);
}

inline Modifiers current_modifiers() {
  const ImGuiIO& io = ImGui::GetIO();
  return Modifiers{io.KeyShift, io.KeyCtrl, io.KeyAlt};
}

inline ImageRect to_rect(ImVec2 min, ImVec2 size) { return ImageRect{min.x, min.y, size.x, size.y}; }

inline ImU32 to_color(render::Rgb rgb, int alpha = 255) { return IM_COL32(rgb.r, rgb.g, rgb.b, alpha); }

inline std::string format_time(double seconds) {
  if (seconds < 0) seconds = 0;
  const int total = static_cast<int>(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%d:%02d", total / 60, total % 60);
  return text;
}

inline std::string function_name(int id) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(id);
  return spec ? std::string(spec->name) : "fn#" + std::to_string(id);
}

// A label with a dim caption: "minerals 50".
inline void stat(const char* caption, const char* value, const ImVec4* color = nullptr) {
  ImGui::TextColored(kDim, "%s", caption);
  ImGui::SameLine(0, 4);
  if (color) {
    ImGui::TextColored(*color, "%s", value);
  } else {
    ImGui::TextUnformatted(value);
  }
}

}  // namespace sc2::app::ui
