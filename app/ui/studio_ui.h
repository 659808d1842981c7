#pragma once
// The ImGui panels of sc2studio: World view, Feature layers, Stats, Action log and the
// error banner. Reads the Session's snapshot each frame, turns mouse gestures into
// FunctionCalls (InputMapper) and submits them. Needs the GL context (UI thread only).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/cli_options.h"
#include "app/input_mapper.h"
#include "app/session.h"
#include "render/layer_texture.h"
#include "render/render_context.h"
#include "render/world_renderer.h"

struct ImVec2;

namespace sc2::app::ui {

class StudioUi {
 public:
  StudioUi(Session& session, const StudioOptions& options);

  // Builds this frame's windows. Returns true when a game TimeStep was drawn.
  bool draw();

 private:
  // A message from the UI itself (e.g. "not available"), shown in the action log after
  // the session record it followed.
  struct Note {
    std::uint64_t after_sequence;
    std::string text;
  };

  void refresh(const SessionSnapshot& snapshot);
  void draw_menu_bar(const SessionSnapshot& snapshot);
  void draw_world_view(const SessionSnapshot& snapshot);
  void draw_feature_layers(const SessionSnapshot& snapshot);
  void draw_layer_cell(const pysc2::Layer& layer, bool minimap, float cell_width);
  void draw_stats(const SessionSnapshot& snapshot);
  void draw_action_log(const SessionSnapshot& snapshot);
  void draw_error_banner(const SessionSnapshot& snapshot);
  void draw_drag_rect();

  // Input on a screen-type image at [min, min + size) (world view or screen layer).
  void handle_screen_input(const std::string& surface, const ImVec2& min, const ImVec2& size);
  void handle_minimap_input(const ImVec2& min, const ImVec2& size, int width, int height);
  void finish_gesture();
  void send(const MappedInput& input);
  void note(std::string text);
  const std::vector<int>& available_actions() const;
  // The screen layer resolution of the latest observation (the point argument space).
  const pysc2::Layer* screen_reference_layer() const;
  int mapper_screen_width() const;
  int mapper_screen_height() const;

  Session& session_;
  StudioOptions options_;
  render::RenderContext context_;
  render::WorldRenderer world_;
  std::map<std::string, render::LayerTexture> layers_;  // "screen/<name>", "minimap/<name>"
  InputMapper mapper_;
  std::string pressed_surface_;

  SessionSnapshot snapshot_;
  std::uint64_t drawn_version_ = 0;
  std::uint64_t log_version_ = 0;
  std::vector<ActionRecord> log_;
  std::vector<Note> notes_;
  bool follow_log_ = true;
  bool show_all_layers_ = true;
  float layer_cell_width_ = 150.0f;
  float speed_ = 1.0f;
};

}  // namespace sc2::app::ui
