#pragma once
// The app's ImGui look (colours, rounding, spacing), shared with bench/frame_time_bench.cpp so
// the benchmark draws what the app draws.
#include <cstdint>
#include <filesystem>

#include "app/ui/cheap_drawing.h"
#include "imgui.h"

namespace sc2::app::ui {

inline void apply_app_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.ItemSpacing = ImVec2(8, 5);
  // Opaque, and the clear colour too: windows with nothing behind them leave theirs out.
  style.Colors[ImGuiCol_WindowBg] = ImVec4(kBackdropColour[0], kBackdropColour[1], kBackdropColour[2], 1.0f);
  style.Colors[ImGuiCol_TitleBg] = ImVec4(0.13f, 0.16f, 0.22f, 1.0f);
  style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.18f, 0.27f, 0.42f, 1.0f);
}

// The app's font, DejaVu Sans 15 px, rasterised at 1x and placed on whole pixels: every glyph
// texel then lands on one window pixel, so the font texture can be sampled NEAREST
// (render/backends/imgui_gl.h, sample_font_nearest). Returns false when the file is missing
// (ImGui's own font is used).
inline bool add_app_font(const char* path) {
  if (!std::filesystem::exists(path)) return false;
  // Latin-1 plus general punctuation (the dashes of the status labels).
  static const ImWchar kGlyphs[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0};
  ImFontConfig config;
  config.OversampleH = 1;  // ImGui's default 3x needs LINEAR filtering to blend the sub-pixel copies
  config.OversampleV = 1;
  config.PixelSnapH = true;
  return ImGui::GetIO().Fonts->AddFontFromFileTTF(path, 15.0f, &config, kGlyphs) != nullptr;
}

}  // namespace sc2::app::ui
