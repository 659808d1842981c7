// Frame time of sc2studio's drawing path (issue 5): offscreen (SDL_VIDEODRIVER=offscreen),
// a 1280x800 window, all 38 feature layers (27 screen + 11 minimap) given to the layer atlas
// (render/layer_atlas.h: those in view coloured on the CPU, only changed ones re-uploaded), the
// world view with 200 units (terrain, discs, status bars, order lines; names only when units
// are big enough, as in the app) and an ImGui frame laid out as the app's first-run layout
// (menu and top bars, World view, Feature layers with 118 px cells, Command card, Game,
// Minimap, Selection, a full Action log table, Agent) with the app's style, font and cheap
// drawing (app/ui/cheap_drawing.h; --plain draws as before it). As the app at full game speed,
// the world view is drawn straight into the window from a draw callback
// (app/ui/world_direct_draw.h; --world-texture: into its texture, then copied in), and ImGui's
// draw data is drawn by the app's renderer (render/backends/soft_imgui_renderer.h; --imgui-renderer
// backend: by ImGui's OpenGL 3 backend, as before it).
//
// The game is replaced by a fixed synthetic observation: kVariants pre-built observations
// with 200 units each (units moved, layers re-rasterised) are shown in turn, one per frame,
// so every frame gets a new observation as a game at full speed would deliver, without the
// game's own CPU time on this 2-core machine. --layer-changes all (default) changes every
// layer every frame (the worst case); "units" keeps the terrain layers as they are, as in a
// game. Each stage ends with glFinish so the software renderer's work is inside the measured
// time; the process CPU time per stage (all threads) is reported too, because on a shared
// machine it moves much less with other programs' load than wall time does. The panels'
// contents are stand-ins of the same size (text rows, images), not the app's StudioUi, which
// needs a running game session.
#include <epoxy/gl.h>
#include <SDL.h>

#include "imgui.h"
#include "backends/imgui_impl_opengl3.h"
#include "backends/imgui_impl_sdl.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/ui/app_style.h"
#include "app/ui/cheap_drawing.h"
#include "app/ui/world_direct_draw.h"
#include "app/world_view_logic.h"
#include "client/pysc2/features.h"
#include "client/pysc2/observation_keys.h"
#include "render/backends/imgui_gl.h"
#include "render/backends/screenshot.h"
#include "render/backends/soft_imgui_renderer.h"
#include "render/layer_atlas.h"
#include "render/render_context.h"
#include "render/texture_view.h"
#include "render/world_renderer.h"
#include "render/world_scene.h"

namespace render = sc2::render;
namespace pysc2 = sc2::pysc2;
namespace app = sc2::app;
namespace app_ui = sc2::app::ui;

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kVariants = 8;
constexpr float kCameraWidth = 24.0f;
constexpr float kMapSize = 64.0f;
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

struct Options {
  int frames = 300;
  int warmup = 30;
  int units = 200;
  int width = 1280;
  int height = 800;
  std::vector<int> sizes = {64, 256};
  // "all": every layer's values change every frame (the worst case, as the first
  // measurement); "units": the terrain layers stay as they are (as in a game) and only the
  // layers that follow units change.
  std::string layer_changes = "all";
  bool unit_names = false;  // name every unit, as the world view does when zoomed in
  // Draw as before app/ui/cheap_drawing.h: every window background drawn, images blended.
  bool plain = false;
  std::string screenshot;  // PNG of the last frame of the last size
  // Draw the world view into its texture and copy that into the window, as the app does when
  // observations come less often than frames; by default it is drawn straight into the
  // window, as the app does at full game speed (app/ui/world_direct_draw.h).
  bool world_texture = false;
};

// Layers whose values follow the terrain, not the units: static during a mini-game.
bool terrain_layer(std::string_view name) {
  for (const char* terrain : {"height_map", "visibility_map", "creep", "power", "pathable", "buildable", "camera"}) {
    if (name == terrain) return true;
  }
  return false;
}

// A layer of `size` x `size` with values that depend on the units and the variant: the
// shape of a game's layers (mostly background, unit blobs) with every value changing.
pysc2::Layer make_layer(const pysc2::LayerSpec& spec, int size, const std::vector<std::pair<float, float>>& units,
                        int variant, bool minimap, bool static_terrain) {
  static const std::vector<std::pair<float, float>> no_units;
  if (static_terrain && terrain_layer(spec.name)) return make_layer(spec, size, no_units, 0, minimap, false);
  pysc2::Layer layer;
  layer.name = std::string(spec.name);
  layer.kind = spec.kind;
  layer.scale = spec.scale;
  layer.width = layer.height = size;
  layer.values.assign(static_cast<std::size_t>(size) * size, 0);
  const int scale = std::max(2, spec.scale);
  // Background: a smooth gradient (height_map-like) for scalar layers, zero otherwise.
  if (spec.kind == pysc2::LayerKind::scalar) {
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) layer.values[static_cast<std::size_t>(y) * size + x] = (x + y + variant) % scale;
    }
  }
  const float world_span = minimap ? kMapSize : kCameraWidth;
  const float left = minimap ? 0.0f : (kMapSize - kCameraWidth) / 2;
  const float top = minimap ? kMapSize : (kMapSize + kCameraWidth) / 2;
  int index = 0;
  for (const auto& [ux, uy] : units) {
    const int cx = static_cast<int>((ux - left) / world_span * size);
    const int cy = static_cast<int>((top - uy) / world_span * size);
    const int r = std::max(0, static_cast<int>(0.5f / world_span * size));
    const int value = 1 + (index++ + variant) % (scale - 1);
    for (int y = cy - r; y <= cy + r; ++y) {
      for (int x = cx - r; x <= cx + r; ++x) {
        if (x >= 0 && y >= 0 && x < size && y < size) layer.values[static_cast<std::size_t>(y) * size + x] = value;
      }
    }
  }
  return layer;
}

// One synthetic observation: 200 raw units on a 64x64 map around the camera, all 38 layers.
pysc2::Observation make_observation(int layer_size, int unit_count, int variant, bool static_terrain) {
  std::mt19937 random(static_cast<unsigned>(1234 + variant * 7919));
  std::uniform_real_distribution<float> around(kMapSize / 2 - kCameraWidth / 2 + 1, kMapSize / 2 + kCameraWidth / 2 - 1);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  pysc2::Observation obs;
  auto response = std::make_shared<SC2APIProtocol::ResponseObservation>();
  obs.shared_proto = response;
  auto* raw = response->mutable_observation()->mutable_raw_data();
  raw->mutable_player()->mutable_camera()->set_x(kMapSize / 2);
  raw->mutable_player()->mutable_camera()->set_y(kMapSize / 2);
  std::vector<std::pair<float, float>> positions;
  for (int i = 0; i < unit_count; ++i) {
    auto* u = raw->add_units();
    const float x = around(random), y = around(random);
    positions.emplace_back(x, y);
    u->set_tag(static_cast<std::uint64_t>(i + 1));
    const int kind = i % 10;
    u->set_owner(kind < 5 ? 1 : (kind < 9 ? 2 : 16));
    u->set_alliance(kind < 5 ? SC2APIProtocol::Self : (kind < 9 ? SC2APIProtocol::Enemy : SC2APIProtocol::Neutral));
    u->set_unit_type(kind == 9 ? 341 : (kind < 5 ? 48 : 105));  // MineralField, Marine, Zergling
    u->mutable_pos()->set_x(x);
    u->mutable_pos()->set_y(y);
    u->set_radius(kind == 9 ? 1.0f : (kind < 5 ? 0.375f : 0.375f + 0.5f * unit(random)));
    u->set_display_type(SC2APIProtocol::Visible);
    u->set_health_max(kind == 9 ? 0 : 45);
    u->set_health(kind == 9 ? 0 : 45 * unit(random));
    if (kind == 6) u->set_shield_max(40), u->set_shield(40 * unit(random));
    if (kind == 7) u->set_energy_max(200), u->set_energy(200 * unit(random));
    if (kind == 8) u->set_build_progress(unit(random));
    if (kind == 9) u->set_mineral_contents(1800);
    u->set_facing(6.28f * unit(random));
    u->set_is_selected(i % 7 == 0);
    if (i % 7 == 0) {
      auto* order = u->add_orders();
      order->set_ability_id(16);
      order->mutable_target_world_space_pos()->set_x(around(random));
      order->mutable_target_world_space_pos()->set_y(around(random));
    }
  }
  for (const pysc2::LayerSpec& spec : pysc2::screen_layers()) {
    obs.feature_screen.push_back(make_layer(spec, layer_size, positions, variant, false, static_terrain));
  }
  for (const pysc2::LayerSpec& spec : pysc2::minimap_layers()) {
    obs.feature_minimap.push_back(make_layer(spec, layer_size, positions, variant, true, static_terrain));
  }
  obs.raw_view = pysc2::raw_view(*raw);  // what the client decodes for the views
  return obs;
}

ImTextureID texture_id(GLuint texture) { return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)); }

// The app's default placement (app/ui/ui_helpers.h place_window): fractions of the area under
// the menu and top bars; the app remembers user changes, the benchmark always uses these.
void place_window(float x, float y, float w, float h) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = ImGui::GetFrameHeight() + std::floor(ImGui::GetFrameHeight() + 8.0f);
  const float height = display.y - top;
  ImGui::SetNextWindowPos(ImVec2(std::floor(x * display.x), top + std::floor(y * height)), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(std::floor(w * display.x), std::floor(h * height)), ImGuiCond_Always);
}

// --hide: parts left out to see what they cost ("world", "layers", "log", "command", "top",
// "menu", "all", or a window's name); a hidden window is moved out of the frame.
std::string hidden_parts;
// The Action log's rows: 40 as the earlier measurements; the app keeps up to 2000
// (Session::kMaxLog), which a game at full agent speed fills within seconds.
int log_rows = 40;
bool log_unclipped = false;  // build every row, as the app did before its list clipper
bool count_pixels = false;  // --count-pixels: print the area each window's triangles cover
// The ImGui renderer used (--imgui-renderer): the app's (render/backends/soft_imgui_renderer.h) unless
// "backend" (ImGui_ImplOpenGL3_RenderDrawData, as before it).
render::backends::SoftImGuiRenderer* soft_renderer = nullptr;
bool skip(const char* part) { return !hidden_parts.empty() && hidden_parts.find(part) != std::string::npos; }

// Begins a panel as the app does: without its own background when nothing is behind it.
bool begin_panel(const char* name, bool cheap) {
  if (cheap) app_ui::skip_background_over_backdrop(name);
  if (skip(name)) ImGui::SetNextWindowPos(ImVec2(5000, 5000));
  return ImGui::Begin(name);
}

// The world view's square image: the app's World view window (0.37 x 0.64 of the area) minus
// its 4 px padding and title bar, as laid out at 1280x800 (450 px).
float world_view_side() {
  if (!ImGui::GetCurrentContext()) return 450.0f;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = ImGui::GetFrameHeight() * 2 + 8.0f;
  const float w = std::floor(0.37f * display.x) - 8.0f;
  const float h = std::floor(0.64f * (display.y - top)) - 8.0f - ImGui::GetFrameHeight();
  return std::floor(std::max(16.0f, std::min(w, h)));
}

// `direct`: the world view is drawn straight into the window by a draw callback (its place is
// filled in here); null: the world texture is copied in as an image.
void draw_app_layout(render::WorldRenderer& world, render::LayerAtlas& layers, const pysc2::Observation& obs,
                     const render::WorldRect& area, bool unit_names, int frame_index, bool cheap,
                     app_ui::DirectWorld* direct) {
  if (!skip("menu") && ImGui::BeginMainMenuBar()) {
    for (const char* menu : {"Game", "View", "Help"}) {
      if (ImGui::BeginMenu(menu)) ImGui::EndMenu();
    }
    ImGui::TextDisabled("running: MoveToBeacon on sc2lite");
    ImGui::EndMainMenuBar();
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, ImGui::GetFrameHeight()));
  ImGui::SetNextWindowSize(ImVec2(display.x, std::floor(ImGui::GetFrameHeight() + 8.0f)));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.07f, 0.08f, 0.10f, 1.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 4));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(0, 0));  // as the app: exactly the bar's height
  if (skip("top")) ImGui::SetNextWindowPos(ImVec2(5000, 5000));
  ImGui::Begin("##top_bar", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
  ImGui::PopStyleVar(2);
  for (const char* item : {"minerals 0", "vespene 0", "supply 1", "time 0:01", "left 1:58", "score 0", "reward +0",
                           "APM 0", "fps 60", "loops/s 22.4", "speed 1.00x"}) {
    ImGui::TextUnformatted(item);
    ImGui::SameLine(0, 18);
  }
  ImGui::End();
  ImGui::PopStyleColor();

  place_window(0.0f, 0.0f, 0.37f, 0.64f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  begin_panel("World view", cheap);
  ImGui::PopStyleVar();
  {
    const float side = world_view_side();
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##world", ImVec2(side, side));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (direct) {
      direct->min = min;
      direct->size = ImVec2(side, side);
      if (!skip("world")) app_ui::add_direct_world(draw, direct);
    } else {
      if (cheap) app_ui::begin_opaque(draw);
      const render::TextureUv uv = render::kFramebufferUv;
      if (!skip("world")) {
        draw->AddImage(texture_id(world.color_texture()), min, ImVec2(min.x + side, min.y + side),
                       ImVec2(uv.u0, uv.v0), ImVec2(uv.u1, uv.v1));
      }
      if (cheap) app_ui::end_opaque(draw);
    }
    const float px_per_world = side / area.width;
    // Names only once a unit is big enough to carry one, as the app does (studio_ui.cpp).
    const bool with_names = px_per_world >= 25.0f || unit_names;
    for (const app::UnitLabel& label : app::unit_labels(obs.raw_view, area, with_names)) {
      const ImVec2 at(min.x + (label.anchor.x - area.left) * px_per_world,
                      min.y + (area.top() - label.anchor.y) * px_per_world);
      draw->AddText(ImVec2(at.x + 1, at.y + 3), IM_COL32(0, 0, 0, 220), label.text.c_str());
      draw->AddText(ImVec2(at.x, at.y + 2), IM_COL32(235, 235, 235, 255), label.text.c_str());
    }
    draw->AddText(ImVec2(min.x + 4, min.y + 4), IM_COL32(120, 255, 120, 255), "Score: 0   Step: 24   Time: 0:01");
  }
  ImGui::End();

  place_window(0.37f, 0.0f, 0.41f, 0.64f);
  begin_panel("Feature layers", cheap);
  {
    static float cell = 118.0f;
    static bool all = true;
    ImGui::SetNextItemWidth(120);
    ImGui::SliderFloat("##cell", &cell, 64.0f, 512.0f, "cell %.0f px");
    ImGui::SameLine();
    ImGui::Checkbox("all layers", &all);
    ImGui::SameLine();
    ImGui::TextDisabled("title: inspect   image: play");
    ImGui::BeginChild("##layer_grid");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    std::optional<app_ui::OpaqueImageRun> images;  // as the app's layer grid (layer_panels.cpp)
    if (cheap) images.emplace(draw);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float avail = ImGui::GetContentRegionAvail().x;
    const int columns = std::max(1, static_cast<int>((avail + spacing) / (cell + spacing)));
    const float width = std::floor((avail - spacing * static_cast<float>(columns - 1)) / static_cast<float>(columns));
    int index = 0;
    for (const auto& group : {&obs.feature_screen, &obs.feature_minimap}) {
      const bool minimap = group == &obs.feature_minimap;
      for (const pysc2::Layer& layer : *group) {
        if (index++ % columns != 0) ImGui::SameLine();
        ImGui::BeginGroup();
        const std::string key = (minimap ? "minimap/" : "screen/") + layer.name;
        const std::string title = (minimap ? "minimap " : "screen ") + layer.name;
        ImGui::Selectable(title.c_str(), false, 0, ImVec2(width, 0));
        const ImVec2 min = ImGui::GetCursorScreenPos();
        const ImVec2 max(min.x + width, min.y + width);
        ImGui::InvisibleButton(key.c_str(), ImVec2(width, width));
        if (ImGui::IsItemVisible()) {
          if (const auto image = layers.find(key); image && !skip("layers")) {
            auto add = [&] {
              draw->AddImage(texture_id(image->texture), min, max, ImVec2(image->u0, image->v0),
                             ImVec2(image->u1, image->v1));
            };
            if (images) images->draw(add); else add();
          }
          draw->AddRect(min, max, IM_COL32(70, 70, 80, 255));
        }
        ImGui::EndGroup();
      }
    }
    if (images) images->merge();
    ImGui::EndChild();
  }
  ImGui::End();

  place_window(0.78f, 0.0f, 0.22f, 0.52f);
  begin_panel("Command card", cheap);
  ImGui::TextDisabled("click or press a hotkey; Shift queues");
  for (int i = 0; i < (skip("command") ? 0 : 24); ++i) {
    ImGui::Selectable(i % 3 ? "select_point" : "Move_screen", false);
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - 60);
    ImGui::TextDisabled("F%d", i % 12 + 1);
  }
  ImGui::End();

  place_window(0.78f, 0.52f, 0.22f, 0.48f);
  begin_panel("Game", cheap);
  ImGui::Button("Pause");
  ImGui::SameLine();
  ImGui::Button("Step");
  ImGui::SameLine();
  ImGui::Button("Restart");
  for (const char* row : {"episode", "episode step", "episode reward", "mean score", "step_mul", "state"}) {
    ImGui::TextUnformatted(row);
    ImGui::SameLine(170);
    ImGui::Text("%d", frame_index);
  }
  ImGui::End();

  place_window(0.0f, 0.64f, 0.185f, 0.36f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  begin_panel("Minimap", cheap);
  ImGui::PopStyleVar();
  {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float side = std::floor(std::max(16.0f, std::min(avail.x, avail.y)));
    const ImVec2 min = ImGui::GetCursorScreenPos();
    const ImVec2 max(min.x + side, min.y + side);
    ImGui::InvisibleButton("##minimap", ImVec2(side, side));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (const auto terrain = layers.find("minimap/height_map")) {
      if (cheap) app_ui::begin_opaque(draw);
      draw->AddImage(texture_id(terrain->texture), min, max, ImVec2(terrain->u0, terrain->v0),
                     ImVec2(terrain->u1, terrain->v1), IM_COL32(153, 153, 153, 255));
      if (cheap) app_ui::end_opaque(draw);
    }
    draw->AddRect(ImVec2(min.x + side * 0.3f, min.y + side * 0.3f), ImVec2(min.x + side * 0.7f, min.y + side * 0.7f),
                  IM_COL32(255, 255, 255, 255));
  }
  ImGui::End();

  place_window(0.185f, 0.64f, 0.185f, 0.36f);
  begin_panel("Selection", cheap);
  for (int i = 0; i < 8; ++i) ImGui::Text("Marine  %d/45", 45 - i);
  ImGui::End();

  place_window(0.37f, 0.64f, 0.23f, 0.36f);
  begin_panel("Action log", cheap);
  ImGui::TextDisabled("%d sent", frame_index);
  // As the app: row backgrounds only in --plain.
  const ImGuiTableFlags flags = (cheap ? 0 : ImGuiTableFlags_RowBg) | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingStretchProp;
  if (!skip("log") && ImGui::BeginTable("##log", 5, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 30.0f);
    ImGui::TableSetupColumn("loop", ImGuiTableColumnFlags_WidthFixed, 44.0f);
    ImGui::TableSetupColumn("by", ImGuiTableColumnFlags_WidthFixed, 46.0f);
    ImGui::TableSetupColumn("FunctionCall", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn("result", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    auto add_log_row = [&](int i) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::Text("%d", frame_index + i);
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%d", 8 * (frame_index + i));
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted("human");
      ImGui::TableSetColumnIndex(3);
      ImGui::Text("select_point(\"select\", [%d, %d])", i, 2 * i);
      ImGui::TableSetColumnIndex(4);
      ImGui::TextUnformatted("ok");
    };
    ImGui::TableHeadersRow();
    // As the app: only the rows in view are built (ImGuiListClipper); --log-unclipped builds all.
    if (log_unclipped) {
      for (int i = 0; i < log_rows; ++i) add_log_row(i);
    } else {
      ImGuiListClipper clipper;
      clipper.Begin(log_rows);
      while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) add_log_row(i);
      }
    }
    ImGui::SetScrollHereY(1.0f);
    ImGui::EndTable();
  }
  ImGui::End();

  place_window(0.60f, 0.64f, 0.18f, 0.36f);
  begin_panel("Agent", cheap);
  ImGui::TextUnformatted("you play (no agent loaded)");
  ImGui::TextWrapped("The agent's calls appear here, one line per step, with the available actions it chose from.");
  ImGui::End();
}


// Pixels each draw list's triangles cover, clipped to their clip rectangles (bounding-box
// clipping of each triangle: close enough for the axis-aligned quads ImGui mostly draws);
// callbacks (the world view drawn straight into the window) count as their clip rectangle.
// A software renderer's cost follows this count, so it shows where the frame's work goes.
void print_pixel_counts(const ImDrawData& data) {
  std::map<std::string, double> by_window;
  double total = 0;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    const std::string owner = list._OwnerName ? list._OwnerName : "?";
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      const ImVec4 clip = cmd.ClipRect;
      double area = 0;
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState && cmd.UserCallbackData) {
          area = (clip.z - clip.x) * (clip.w - clip.y);
        }
      } else {
        for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
          const ImDrawVert* v[3];
          for (int k = 0; k < 3; ++k) v[k] = &list.VtxBuffer[static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + i + k)])];
          const float cross = (v[1]->pos.x - v[0]->pos.x) * (v[2]->pos.y - v[0]->pos.y) -
                              (v[2]->pos.x - v[0]->pos.x) * (v[1]->pos.y - v[0]->pos.y);
          if (cross == 0) continue;
          float x0 = std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}), x1 = std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x});
          float y0 = std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}), y1 = std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y});
          const float box = (x1 - x0) * (y1 - y0);
          const float cw = std::max(0.0f, std::min(x1, clip.z) - std::max(x0, clip.x));
          const float ch = std::max(0.0f, std::min(y1, clip.w) - std::max(y0, clip.y));
          if (box > 0) area += std::abs(cross) * 0.5 * (cw * ch) / box;
        }
      }
      by_window[owner] += area;
      total += area;
    }
  }
  std::printf("\nPixels filled per frame by ImGui draw lists (last frame, thousands):\n");
  for (const auto& [name, area] : by_window) std::printf("  %-28s %8.1f\n", name.c_str(), area / 1000.0);
  std::printf("  %-28s %8.1f\n", "total", total / 1000.0);
  int draws = 0, callbacks = 0;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    for (const ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer) (cmd.UserCallback ? callbacks : draws)++;
  }
  std::printf("%d draw lists, %d draw calls, %d callbacks, %d vertices, %d indices\n", data.CmdListsCount, draws,
              callbacks, data.TotalVtxCount, data.TotalIdxCount);
}

// Stages of one frame, in milliseconds.
struct FrameTimes {
  double layers = 0, world = 0, ui_build = 0, ui = 0, present = 0, total = 0;
  double ui_submit = 0;  // stage 3 until glFinish: building ImGui's frame and issuing its GL calls (main thread)
  double recoloured = 0;  // layers recoloured and uploaded (unchanged ones are skipped)
  // CPU time of the whole process (this thread and llvmpipe's rasteriser threads), ms: the
  // work done, which other programs' load on the machine changes much less than wall time.
  double layers_cpu = 0, world_cpu = 0, ui_cpu = 0, total_cpu = 0;
};

double process_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t index = std::min(values.size() - 1, static_cast<std::size_t>(std::ceil(p * values.size())) - 1);
  return values[index];
}

struct Result {
  int size = 0;
  std::vector<FrameTimes> frames;
};

// Draws one frame the way StudioUi does; returns the stage times.
FrameTimes draw_frame(SDL_Window* window, render::RenderContext& context, render::WorldRenderer& world,
                      render::LayerAtlas& layers, const pysc2::Observation& obs, bool unit_names,
                      int frame_index, bool cheap, bool world_texture) {
  FrameTimes times;
  const auto start = Clock::now();
  const double start_cpu = process_cpu_ms();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();

  // 1. All 38 layers of a new observation (every frame) taken by the atlas; as in the app, the
  // ones in view are coloured and uploaded when the grid asks for them, during stage 3.
  auto stage = Clock::now();
  double stage_cpu = process_cpu_ms();
  layers.update(obs);
  glFinish();
  times.layers = ms_since(stage);
  times.layers_cpu = process_cpu_ms() - stage_cpu;

  // 2. The world view texture: terrain, order lines, 200 discs, status bars (--world-texture;
  // by default they are drawn into the window during stage 3, as the app at full speed).
  stage = Clock::now();
  stage_cpu = process_cpu_ms();
  const render::WorldRect area = render::camera_area({kMapSize / 2, kMapSize / 2}, kCameraWidth, 64, 64);
  app_ui::DirectWorld direct{&world, &context, &obs, area, area, {}, {}};
  if (world_texture) {
    const int world_side = static_cast<int>(world_view_side());
    world.render(context, obs, area, area, world_side, world_side);
    glFinish();
  }
  times.world = ms_since(stage);
  times.world_cpu = process_cpu_ms() - stage_cpu;

  // 3. The ImGui frame, laid out as the app's first-run layout (app/ui place_window calls):
  // menu and top bars, World view with labels, Feature layers (118 px cells, as many as fit),
  // Command card, Game, Minimap, Selection, Action log (a full table), Agent; rendered.
  stage = Clock::now();
  stage_cpu = process_cpu_ms();
  if (!skip("all")) {
    draw_app_layout(world, layers, obs, area, unit_names, frame_index, cheap, world_texture ? nullptr : &direct);
  }
  ImGui::Render();
  times.ui_build = ms_since(stage);
  int width = 0, height = 0;
  SDL_GL_GetDrawableSize(window, &width, &height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  if (cheap) {
    render::backends::clear_to(app_ui::kBackdropColour);
  } else {
    glClearColor(0.06f, 0.06f, 0.07f, 1.0f);  // the clear colour before the backdrop
    glClear(GL_COLOR_BUFFER_BIT);
  }
  if (soft_renderer) {
    soft_renderer->render(ImGui::GetDrawData());
  } else {
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
  times.ui_submit = ms_since(stage);
  glFinish();
  times.ui = ms_since(stage);
  times.ui_cpu = process_cpu_ms() - stage_cpu;

  stage = Clock::now();
  SDL_GL_SwapWindow(window);
  times.present = ms_since(stage);
  times.total = ms_since(start);
  times.total_cpu = process_cpu_ms() - start_cpu;
  times.recoloured = layers.recoloured_last_update();
  return times;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  CLI::App cli{"sc2studio frame-time benchmark (offscreen, synthetic observation with N units)"};
  cli.add_option("--frames", options.frames, "measured frames per layer size")->check(CLI::PositiveNumber);
  cli.add_option("--warmup", options.warmup, "unmeasured frames first")->check(CLI::NonNegativeNumber);
  cli.add_option("--units", options.units, "raw units in the observation")->check(CLI::NonNegativeNumber);
  cli.add_option("--sizes", options.sizes, "layer sizes (screen and minimap), one run each")->delimiter(',');
  cli.add_option("--layer-changes", options.layer_changes,
                 "all: every layer changes every frame; units: terrain layers stay (as in a game)")
      ->check(CLI::IsMember({"all", "units"}));
  cli.add_flag("--unit-names", options.unit_names,
               "label every unit with its name (the app does so only when zoomed in; the first measurement did)");
  cli.add_flag("--plain", options.plain,
               "draw every window background and blend the images (the drawing before cheap_drawing.h)");
  cli.add_option("--hide", hidden_parts,
                 "parts to leave out, comma-separated: world, layers (images), log, command (rows), top, menu, all, "
                 "or a window name");
  cli.add_option("--log-rows", log_rows, "rows in the Action log table (the app keeps up to 2000)")
      ->check(CLI::NonNegativeNumber);
  cli.add_flag("--log-unclipped", log_unclipped, "build every Action log row (as before the list clipper)");
  cli.add_flag("--world-texture", options.world_texture,
               "draw the world view into its texture and copy it into the window (the app's path when "
               "observations come less often than frames); default: straight into the window");
  cli.add_flag("--count-pixels", count_pixels, "print the pixels each window's triangles fill in the last frame");
  std::string imgui_renderer = "soft";
  cli.add_option("--imgui-renderer", imgui_renderer,
                 "soft: the app's ImGui renderer (render/backends/soft_imgui_renderer.h); backend: ImGui's OpenGL 3 backend")
      ->check(CLI::IsMember({"soft", "backend"}));
  bool depth_buffer = false;
  cli.add_flag("--depth-buffer", depth_buffer, "keep SDL's default depth buffer (as before the app dropped it)");
  cli.add_option("--screenshot", options.screenshot, "write the last frame to this PNG file (to look at the pixels)");
  cli.add_option("--width", options.width, "window width")->check(CLI::PositiveNumber);
  cli.add_option("--height", options.height, "window height")->check(CLI::PositiveNumber);
  CLI11_PARSE(cli, argc, argv);

  setenv("SDL_VIDEODRIVER", "offscreen", 0);  // keep a driver the caller chose
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    std::fprintf(stderr, "frame_time_bench: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  if (!depth_buffer) {  // as the app (render/backends/gl_window.h)
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  }
  SDL_Window* window = SDL_CreateWindow("frame_time_bench", 0, 0, options.width, options.height, SDL_WINDOW_OPENGL);
  SDL_GLContext gl = window ? SDL_GL_CreateContext(window) : nullptr;
  if (!gl) {
    std::fprintf(stderr, "frame_time_bench: no OpenGL 3.3 context: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(window, gl);
  SDL_GL_SetSwapInterval(0);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  app_ui::apply_app_style();
  // The app's font (app/ui/studio_app.cpp), so text costs what it costs in the app.
  app_ui::add_app_font(kFontPath);
  ImGui_ImplSDL2_InitForOpenGL(window, gl);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  render::backends::sample_font_nearest();  // as the app
  render::backends::SoftImGuiRenderer soft;
  if (imgui_renderer == "soft") {
    if (const std::string error = soft.init(); !error.empty()) {
      std::fprintf(stderr, "frame_time_bench: %s\n", error.c_str());
      return 1;
    }
    soft_renderer = &soft;
  }

  std::printf("renderer: %s | %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  std::printf("window %dx%d, %d units, %d measured frames after %d warm-up frames per size, layer changes: %s%s\n",
              options.width, options.height, options.units, options.frames, options.warmup,
              options.layer_changes.c_str(), options.unit_names ? ", every unit named" : "");
  if (!hidden_parts.empty()) std::printf("left out: %s\n", hidden_parts.c_str());
  std::printf("drawing: %s\n", options.plain ? "plain (every window background, blended images)"
                                               : "cheap (backdrop for lone windows, opaque images)");
  std::printf("imgui renderer: %s, framebuffer: %s\n",
              imgui_renderer == "soft" ? "soft (noperspective varyings)" : "ImGui's OpenGL 3 backend",
              depth_buffer ? "with SDL's default depth buffer" : "no depth buffer (as the app)");
  std::printf("world view: %s\n", options.world_texture ? "texture copied into the window" : "drawn into the window");
  int exit_code = 0;
  {
    render::RenderContext context;
    render::WorldRenderer world;
    std::vector<Result> results;
    for (int size : options.sizes) {
      if (size < 1 || size > 1024) {
        std::fprintf(stderr, "frame_time_bench: layer size %d is outside 1..1024\n", size);
        exit_code = 1;
        break;
      }
      std::vector<pysc2::Observation> observations;
      for (int v = 0; v < kVariants; ++v) {
        observations.push_back(make_observation(size, options.units, v, options.layer_changes == "units"));
      }
      render::LayerAtlas layers;
      Result result{size, {}};
      for (int frame = 0; frame < options.warmup + options.frames; ++frame) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
        const FrameTimes times = draw_frame(window, context, world, layers, observations[frame % kVariants],
                                            options.unit_names, frame, !options.plain, options.world_texture);
        if (frame >= options.warmup) result.frames.push_back(times);
      }
      if (count_pixels && ImGui::GetDrawData()) print_pixel_counts(*ImGui::GetDrawData());
      if (!options.screenshot.empty()) {
        // The back buffer still holds the last frame (the offscreen swap copies nothing).
        int width = 0, height = 0;
        SDL_GL_GetDrawableSize(window, &width, &height);
        if (const std::string error = render::backends::write_framebuffer_png(options.screenshot, width, height); !error.empty()) {
          std::fprintf(stderr, "frame_time_bench: %s\n", error.c_str());
        }
      }
      results.push_back(std::move(result));
    }

    std::printf("\n| layers  | frames | median ms | p95 ms | layers (median) | world (median) | imgui (median) | of it CPU | swap (median) | recoloured |\n");
    std::printf("|---------|-------:|----------:|-------:|----------------:|---------------:|---------------:|----------:|--------------:|-----------:|\n");
    for (const Result& result : results) {
      auto column = [&](double FrameTimes::*field) {
        std::vector<double> values;
        for (const FrameTimes& t : result.frames) values.push_back(t.*field);
        return values;
      };
      std::printf("| %3dx%-3d | %6zu | %9.2f | %6.2f | %15.2f | %14.2f | %14.2f | %9.2f | %13.2f | %10.0f |\n", result.size,
                  result.size, result.frames.size(), percentile(column(&FrameTimes::total), 0.5),
                  percentile(column(&FrameTimes::total), 0.95), percentile(column(&FrameTimes::layers), 0.5),
                  percentile(column(&FrameTimes::world), 0.5), percentile(column(&FrameTimes::ui), 0.5),
                  percentile(column(&FrameTimes::ui_build), 0.5), percentile(column(&FrameTimes::present), 0.5),
                  percentile(column(&FrameTimes::recoloured), 0.5));
    }
    for (const Result& result : results) {
      std::vector<double> submit;
      for (const FrameTimes& t : result.frames) submit.push_back(t.ui_submit);
      std::printf("\n%dx%d: ImGui stage until glFinish (build + GL calls, main thread): median %.2f ms\n", result.size,
                  result.size, percentile(submit, 0.5));
    }
    std::printf("\nCPU time of the process per frame (all threads, ms; median):\n");
    std::printf("| layers  | total CPU | layers CPU | world CPU | imgui CPU |\n");
    std::printf("|---------|----------:|-----------:|----------:|----------:|\n");
    for (const Result& result : results) {
      auto median = [&](double FrameTimes::*field) {
        std::vector<double> values;
        for (const FrameTimes& t : result.frames) values.push_back(t.*field);
        return percentile(values, 0.5);
      };
      std::printf("| %3dx%-3d | %9.2f | %10.2f | %9.2f | %9.2f |\n", result.size, result.size,
                  median(&FrameTimes::total_cpu), median(&FrameTimes::layers_cpu), median(&FrameTimes::world_cpu),
                  median(&FrameTimes::ui_cpu));
    }
  }  // GL objects go before the context
  soft_renderer = nullptr;
  soft.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exit_code;
}
