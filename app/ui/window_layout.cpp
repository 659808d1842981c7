#include "app/ui/window_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "imgui_internal.h"

namespace sc2::app::ui {

namespace {

constexpr const char* kIniType = "SC2Studio";  // [SC2Studio][Layout] in imgui.ini

// What the entry holds. It outlives every WindowLayout: ImGui writes imgui.ini when its
// context goes, after the UI (and its WindowLayout) is gone. One per process, as the context.
std::optional<ImVec2> g_ini_layout_size;

bool same_size(ImVec2 a, ImVec2 b) { return std::abs(a.x - b.x) < 0.5f && std::abs(a.y - b.y) < 0.5f; }

// Windows ImGui makes for itself or inside a panel keep their own places.
bool is_panel(const ImGuiWindow& window) {
  return (window.Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup)) == 0;
}

void* open_entry(ImGuiContext*, ImGuiSettingsHandler*, const char* name) {
  return std::string_view(name) == "Layout" ? &g_ini_layout_size : nullptr;  // null: the line reader is skipped
}

void read_line(ImGuiContext*, ImGuiSettingsHandler*, void*, const char* line) {
  float width = 0, height = 0;
  if (std::sscanf(line, "WindowSize=%f,%f", &width, &height) == 2 && width > 0 && height > 0) {
    g_ini_layout_size = ImVec2(width, height);
  }
}

void write_all(ImGuiContext*, ImGuiSettingsHandler*, ImGuiTextBuffer* out) {
  if (!g_ini_layout_size) return;
  out->appendf("[%s][Layout]\nWindowSize=%d,%d\n\n", kIniType, static_cast<int>(g_ini_layout_size->x),
               static_cast<int>(g_ini_layout_size->y));
}

}  // namespace

PanelRect scale_panel(PanelRect panel, ImVec2 from, ImVec2 to, float min_size) {
  const float sx = to.x / from.x, sy = to.y / from.y;
  return PanelRect{ImVec2(std::floor(panel.pos.x * sx), std::floor(panel.pos.y * sy)),
                   ImVec2(std::max(min_size, std::floor(panel.size.x * sx)),
                          std::max(min_size, std::floor(panel.size.y * sy)))};
}

void WindowLayout::install(ImVec2 older_files_size) {
  older_files_size_ = older_files_size;
  // A UI made again in the same window (a restart) goes on with the layout it had.
  if (ImGui::FindSettingsHandler(kIniType) != nullptr) {
    fitted_ = true;  // the file was read for the first UI
    return;
  }
  g_ini_layout_size.reset();  // a new context reads its own file
  ImGuiContext& context = *ImGui::GetCurrentContext();
  ImGuiSettingsHandler handler;
  handler.TypeName = kIniType;
  handler.TypeHash = ImHashStr(kIniType);
  handler.ReadOpenFn = open_entry;
  handler.ReadLineFn = read_line;
  handler.WriteAllFn = write_all;
  context.SettingsHandlers.push_back(handler);
}

void WindowLayout::fit(ImVec2 display) {
  if (display.x <= 0 || display.y <= 0) return;  // minimised
  ImGuiContext& context = *ImGui::GetCurrentContext();
  if (!fitted_) {
    fitted_ = true;
    // Panels remembered by a file without our entry: made for the older default window.
    if (!g_ini_layout_size && context.SettingsWindows.begin() != nullptr) g_ini_layout_size = older_files_size_;
  }
  if (!g_ini_layout_size) {  // a first layout: made now, by the panels' defaults for this window
    g_ini_layout_size = display;
    ImGui::MarkIniSettingsDirty();
    return;
  }
  const ImVec2 from = *g_ini_layout_size;
  if (same_size(from, display)) return;
  for (ImGuiWindow* window : context.Windows) {  // the panels open now
    if (!is_panel(*window)) continue;
    const PanelRect scaled = scale_panel({window->Pos, window->SizeFull}, from, display);
    ImGui::SetWindowPos(window, scaled.pos, ImGuiCond_Always);
    ImGui::SetWindowSize(window, scaled.size, ImGuiCond_Always);
  }
  // The panels imgui.ini remembers but not open yet take their places from these.
  for (ImGuiWindowSettings* settings = context.SettingsWindows.begin(); settings != nullptr;
       settings = context.SettingsWindows.next_chunk(settings)) {
    if (ImGui::FindWindowByID(settings->ID) != nullptr) continue;  // scaled above
    const PanelRect scaled = scale_panel({ImVec2(settings->Pos.x, settings->Pos.y), ImVec2(settings->Size.x, settings->Size.y)},
                                         from, display);
    settings->Pos = ImVec2ih(static_cast<short>(scaled.pos.x), static_cast<short>(scaled.pos.y));
    settings->Size = ImVec2ih(static_cast<short>(scaled.size.x), static_cast<short>(scaled.size.y));
  }
  g_ini_layout_size = display;
  ImGui::MarkIniSettingsDirty();
}

std::optional<ImVec2> WindowLayout::layout_size() const { return g_ini_layout_size; }

}  // namespace sc2::app::ui
