#pragma once
// The ImGui panels of sc2studio: top bar, World view, Minimap, Feature layers, layer
// inspectors, Command card, Selection, Game (control, stats, settings), Action log, Agent
// (watch / play, take over, recording, the agent's steps, episodes), help overlay and the
// error banner. Shows what a SessionReader gives each frame (the snapshot; the log and the
// episodes when they changed), turns mouse gestures and keys into FunctionCalls (InputMapper,
// hotkeys, command card) and sends them, and every other request, through SessionCommands: it
// knows no game session type, so a benchmark or a test can drive it from recorded steps. Needs the GL
// context (UI thread only).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/program/cli_options.h"
#include "app/input/command_card.h"
#include "app/input/hotkeys.h"
#include "app/input/input_mapper.h"
#include "app/input/keymap.h"
#include "app/session/session_commands.h"
#include "app/session/session_reader.h"
#include "app/ui/panel_state.h"
#include "app/ui/training_panel.h"
#include "app/ui/window_layout.h"
#include "render/world_scene.h"

struct ImVec2;
struct ImDrawList;

namespace sc2::app::ui {

class OpaqueImageRun;  // cheap_drawing.h
struct PictureRect;    // ui_helpers.h

class StudioUi {
 public:
  // Requests go to `commands` (until set_session).
  StudioUi(SessionCommands& commands, const StudioOptions& options);

  // Builds this frame's windows from what `session` shows now (and tells the commands which
  // observation was drawn). Returns true when a game TimeStep was drawn.
  bool draw(SessionReader& session);
  // A key went down (SDL, after ImGui said it does not want the keyboard).
  void on_key(const KeyChord& chord);

  // A new game session (after a restart from the settings or the error banner).
  void set_session(SessionCommands& commands, const StudioOptions& options);
  // Set when the user asked to restart the game with these options (cleared on read).
  std::optional<StudioOptions> take_restart_request();
  // Set when the user asked for a screenshot (F12): the file to write (cleared on read).
  std::optional<std::string> take_screenshot_request();
  bool quit_requested() const { return requests_.quit; }  // the quit key was pressed
  // The timestep_version of the observation the last draw() showed (0 before the first).
  std::uint64_t drawn_version() const { return shown_.drawn_version; }
  void note(std::string text);  // a line in the action log from the UI itself

  const SurfaceRect& world_surface() const { return world_.surface; }
  // Where the title of a feature layer ("screen/<name>", "minimap/<name>", "raw/<name>") was
  // drawn last frame, if it was wholly visible.
  std::optional<ImageRect> layer_title_rect(const std::string& key) const;
  // Where the image of a feature layer was drawn last frame, if it was wholly visible.
  std::optional<SurfaceRect> layer_image_surface(const std::string& key) const;
  // Scrolls the Feature layers grid to that layer's cell in the next frame (scripted clicks).
  void reveal_layer(const std::string& key) { layers_.reveal = key; }
  const SurfaceRect& minimap_surface() const { return minimap_.surface; }
  // Where a named button was drawn last frame (settings/apply, settings/restart,
  // banner/restart, log/row/<sequence>), if it was visible: scripted runs click it like a person would.
  std::optional<ImageRect> control_rect(const std::string& name) const;
  // Scripted runs: sets a control of the settings panel ("screen", "minimap" sizes in pixels,
  // "map": one the game listed) as the slider or combo would; applied by settings/apply.
  // Returns an error or "".
  std::string edit_setting(const std::string& name, const std::string& value);
  const SessionSnapshot& snapshot() const { return shown_.snapshot; }
  // The whole call the Action log's detail line showed last frame, when it was wholly inside
  // the window; empty otherwise.
  const std::string& log_detail_shown() const { return log_view_.detail_shown; }
  SessionCommands& commands() { return *commands_; }  // scripted replay seeks
  const Keymap& keymap() const { return input_.keymap; }

 private:
  void refresh(SessionReader& session);
  void update_rates();
  void draw_menu_bar(const SessionSnapshot& snapshot);
  void draw_top_bar(const SessionSnapshot& snapshot);
  // The World view, in steps (studio_ui.cpp).
  void draw_world_view(const SessionSnapshot& snapshot);
  bool begin_world_window();  // false: the window is collapsed (and ended)
  void draw_world_placeholder(const SessionSnapshot& snapshot, const PictureRect& picture);
  render::WorldRect zoom_world_view(const render::WorldRect& area, const PictureRect& picture, bool hovered);
  void draw_world_picture(const SessionSnapshot& snapshot, const render::WorldRect& area, const render::WorldRect& view,
                          const PictureRect& picture);
  void draw_world_status(const SessionSnapshot& snapshot, const PictureRect& picture);
  void draw_world_tooltip(const pysc2::Observation& obs, const render::WorldRect& area, const ImageRect& camera_image);
  // The rgb_screen image in the world view, where its camera area lies in `view`.
  void draw_rgb_world(const render::WorldRect& area, const render::WorldRect& view, const ImVec2& min,
                      const ImVec2& size);
  void draw_minimap(const SessionSnapshot& snapshot);
  void draw_feature_layers(const SessionSnapshot& snapshot);
  void draw_layer_cell(const pysc2::Layer& layer, render::LayerSet set, float cell_width, OpaqueImageRun& images);
  void update_raw_layers(const SessionSnapshot& snapshot);  // the atlas's raw group from a new TimeStep
  void draw_inspectors(const SessionSnapshot& snapshot);
  // An inspector, in steps (layer_panels.cpp).
  void draw_inspector(Inspector& inspector, const pysc2::Observation& obs);
  std::optional<LayerPixel> draw_inspector_view(Inspector& inspector, const pysc2::Layer& layer, const PictureRect& view);
  void draw_inspector_facts(const pysc2::Layer& layer, render::LayerSet set, const pysc2::Observation& obs,
                            std::optional<LayerPixel> under);
  void draw_command_card(const SessionSnapshot& snapshot);
  void draw_selection(const SessionSnapshot& snapshot);
  void draw_game_panel(const SessionSnapshot& snapshot);
  void draw_map_file_field();  // the Settings section's map-file path and its "use" button
  void draw_action_log(const SessionSnapshot& snapshot);
  void draw_agent_panel(const SessionSnapshot& snapshot);
  void draw_agent_steps();
  void draw_episodes();
  void draw_recording_controls(const SessionSnapshot& snapshot);
  // A learned agent's policy (panels_policy.cpp): the heat-maps made for a new policy, the
  // Agent panel's section (argument, top functions, value over the episode), and the heat-map
  // over a surface whose whole layer is drawn at `image` (a minimap one when `minimap`; the
  // Minimap panel also shows a screen argument carried onto the map: `with_screen_on_map`).
  void update_policy_overlay();
  void draw_policy_section(const SessionSnapshot& snapshot);
  void draw_policy_heat(ImDrawList* draw, const ImageRect& image, bool minimap, bool with_screen_on_map = false) const;
  // The shown argument's probability at a pixel of a surface, when the heat-map is over it.
  std::optional<float> policy_probability_at(bool minimap, LayerPixel pixel) const;
  void toggle_control();
  void set_record_folder(const StudioOptions& options);  // --record, else <data dir>/demonstrations/<map>
  void choose_agent(const std::string& name);  // empty: the person plays
  // The call drawn as a marker: the newest one sent in the last few steps (the agent's, or the
  // person's while an agent is loaded).
  void update_marker();
  // Draws the marker on a surface showing the screen (or minimap) layers of size w x h.
  void draw_call_marker(ImDrawList* draw, const ImageRect& image, int width, int height, bool minimap,
                        bool with_label) const;
  void draw_help();
  void draw_error_banner(const SessionSnapshot& snapshot);
  void draw_result_banner(const SessionSnapshot& snapshot);
  void draw_drag_rect();
  void remember_control(const std::string& name);  // the last item, if visible, as a named control
  void draw_armed_cursor();

  // Input on a screen-type surface (world view or screen layer) hovered as the last item;
  // `camera_image`: where the whole camera area is (or would be, when zoomed) in the window.
  void handle_screen_input(const ImageRect& camera_image);
  void handle_minimap_input(const ImVec2& min, const ImVec2& size, int width, int height);
  void finish_gesture();
  void send(const MappedInput& input);
  void submit(const pysc2::FunctionCall& call);
  void run_command(UiCommand command);
  void activate(const CommandEntry& entry);
  void open_inspector(const std::string& key);
  void set_speed(float speed);
  const std::vector<int>& available_actions() const;
  HotkeyState hotkey_state() const;
  const pysc2::Layer* screen_reference_layer() const;
  int mapper_screen_width() const;
  int mapper_screen_height() const;
  // The world area the screen layers cover (camera position and the game's camera width).
  render::WorldRect camera_world_area() const;
  void draw_world_overlays(const pysc2::Observation& obs, const render::WorldRect& area, const render::WorldRect& view,
                           const ImVec2& min, const ImVec2& size, const ImageRect& camera_image, bool hovered);

  SessionCommands* commands_;
  StudioOptions options_;
  std::string record_folder_;  // where the Record toggle records (a -N suffix when used)

  SessionOnScreen shown_;
  WorldViewState world_;
  MinimapState minimap_;
  LayerPanelState layers_;
  InputState input_;
  Rates rates_;
  SpeedChoice speed_;
  SettingsEdit settings_;
  ViewToggles view_;
  ActionLogView log_view_;
  AgentStepsView agent_steps_;
  PolicyOverlayState policy_;
  AppRequests requests_;
  std::unique_ptr<TrainingPanel> training_;  // --training DIR beside the game
  WindowLayout window_layout_;               // the panels' places follow the window's size
};

}  // namespace sc2::app::ui
