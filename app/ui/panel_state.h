#pragma once
// What the panels of StudioUi keep between frames, grouped by what it serves: the session as
// last read, the World view, the Minimap, the layer grid with its inspectors, input, the rates
// of the top bar, the settings being edited, view toggles and the requests to the frame loop.
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/program/cli_options.h"
#include "app/input/command_card.h"
#include "app/input/input_mapper.h"
#include "app/input/keymap.h"
#include "app/views/policy_overlay.h"
#include "app/session/session_snapshot.h"
#include "app/ui/loop_rate.h"
#include "app/ui/world_direct_draw.h"
#include "render/layer_atlas.h"
#include "render/render_context.h"
#include "render/rgb_texture.h"
#include "render/rgba_texture.h"
#include "render/world_renderer.h"
#include "render/world_scene.h"

namespace sc2::app::ui {

// Where a surface was drawn last frame (window pixels), for scripted input.
struct SurfaceRect {
  ImageRect rect;
  int layer_width = 0;   // the point argument space of the surface
  int layer_height = 0;
  bool valid = false;
};

// A line the UI itself wrote into the action log, after the call with that sequence number.
struct UiNote {
  std::uint64_t after_sequence;
  std::string text;
};

// The session as the UI read it last: the snapshot every frame, the log and the episodes
// copied only when their versions changed.
struct SessionOnScreen {
  SessionSnapshot snapshot;
  std::uint64_t drawn_version = 0;  // the observation the last draw() showed (0 before the first)
  std::vector<ActionRecord> log;
  std::uint64_t log_version = 0;
  std::vector<UiNote> notes;
  std::vector<EpisodeSummary> episodes;
  std::uint64_t episodes_version = 0;
  int plotted_episode = 0;  // episode number whose reward curve is plotted; 0 = the running one
  // The call drawn as a marker: the newest one sent in the last few steps.
  std::optional<ActionRecord> marker;
};

struct WorldViewState {
  render::RenderContext context;
  render::WorldRenderer renderer;
  SurfaceRect surface;
  float zoom = 1.0f;            // 1 = the whole camera area
  render::WorldPoint focus;     // view centre relative to the camera centre (world units)
  std::uint64_t shown_version = 0;  // the observation the World view showed last frame
  bool fresh_before = false;        // last frame's observation was new too
  DirectWorld direct;               // what this frame's World view callback draws
  render::RgbTexture rgb_screen;
};

struct MinimapState {
  SurfaceRect surface;
  render::RgbTexture rgb;
};

// A floating window showing one layer, zoomed and panned.
struct Inspector {
  std::string key;  // "screen/<name>", "minimap/<name>" or "raw/<name>"
  bool open = true;
  float zoom = 1.0f;   // 1 = fit the window
  float pan_x = 0.0f;  // layer pixels at the view's top-left
  float pan_y = 0.0f;
};

// The Feature layers grid and the inspectors opened from it.
struct LayerPanelState {
  render::LayerAtlas atlas;  // every layer, keys "screen/<name>", "minimap/<name>", "raw/<name>"
  std::vector<Inspector> inspectors;
  std::string reveal;  // a layer cell to scroll into view next frame
  float cell_width = 118.0f;
  bool show_all = true;
  std::map<std::string, ImageRect> titles;    // visible layer titles, last frame
  std::map<std::string, SurfaceRect> images;  // visible layer images, last frame
};

// Mouse gestures, keys and what they turn into.
struct InputState {
  explicit InputState(int screen_size) : mapper(screen_size, screen_size) {}

  InputMapper mapper;
  Keymap keymap;
  std::optional<ArmedCommand> armed;  // a targeted command waiting for its click
  bool raw_actions = false;  // gestures go out as raw-interface commands (app/raw_actions.h)
  std::map<std::string, ImageRect> controls;  // visible named buttons, last frame (scripted clicks)
};

// The top bar's rates.
struct Rates {
  std::deque<std::chrono::steady_clock::time_point> action_times;  // last minute of submits
  LoopRate loop_rate;
  double loops_per_second = 0.0;
  std::uint64_t sampled_version = 0;
  bool seek_seen = false;  // a replay seek was under way since the last loop sample
};

// The game speed chosen in the UI.
struct SpeedChoice {
  float factor = 1.0f;   // of real time
  bool fastest = false;  // as fast as the game answers
};

// The Settings section: edited options, applied by a restart of the game.
struct SettingsEdit {
  StudioOptions edited;
  // The maps the game listed last (the map combo); kept across restarts, so that the error
  // banner can offer one after a failed launch.
  std::vector<std::string> maps;
  // The map-file field's text and why it was last refused (a map file here, client/local_map_file.h).
  std::string map_file;
  std::string map_file_error;
};

// The Action log: the row whose whole call the detail line shows (none: the newest), and the
// call the detail line showed wholly last frame (scripted runs and tests read it).
struct ActionLogView {
  std::optional<std::uint64_t> selected;  // an ActionRecord's sequence
  std::string detail_shown;
};

// The Agent panel's list of steps: the height each step took when last laid out (by sequence),
// at this wrap width and font scale, so that steps scrolled out of view only move the cursor.
struct AgentStepsView {
  std::map<std::uint64_t, float> heights;
  float wrap_width = 0.0f;
  float font_scale = 0.0f;
};

// The Agent panel's policy section (a learned agent's "what it thinks") and the heat-map it
// draws over the screen layers, the World view and the minimap (app/ui/panels_policy.cpp).
struct PolicyOverlayState {
  bool show = true;  // the heat-map over the surfaces
  HeatArgument argument = HeatArgument::automatic;
  // What the heat-maps and textures were made from: remade only for a new policy, another
  // argument, or (the minimap's projection of a screen argument) a new observation.
  std::shared_ptr<const AgentPolicy> made_for;
  HeatArgument made_argument = HeatArgument::automatic;
  std::uint64_t made_version = 0;
  HeatMap heat;        // the argument shown, over its own surface (screen layers or minimap)
  HeatMap on_minimap;  // a screen argument carried onto the minimap (the camera's part)
  render::RgbaTexture texture;
  render::RgbaTexture minimap_texture;
  std::vector<FunctionChoice> top;  // the most likely function ids
};

struct ViewToggles {
  bool follow_log = true;
  bool show_help = false;
  bool rgb = true;  // show the game's RGB images when it sends them (F9 toggles)
};

// What the frame loop is asked to do (each cleared when read).
struct AppRequests {
  std::optional<StudioOptions> restart;
  std::optional<std::string> screenshot;
  bool quit = false;
};

}  // namespace sc2::app::ui
