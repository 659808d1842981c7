// [SECTION] Index
//   StudioUi     refresh (new TimeStep -> textures), draw (all windows), keys, sending
//   World view   camera area from raw units, input, overlays
// The other panels live in panels_game.cpp, panels_units.cpp and layer_panels.cpp.
#include "app/ui/studio_ui.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>

#include "app/session/action_log.h"
#include "app/input/build_preview.h"
#include "app/program/config_paths.h"
#include "app/input/raw_actions.h"
#include "app/program/screenshot_name.h"
#include "app/views/unit_commands.h"
#include "app/views/unit_type_names.h"
#include "app/views/world_view_logic.h"
#include "app/ui/pace_text.h"
#include "app/ui/panels_replay.h"
#include "app/ui/resource_legend.h"
#include "app/ui/cheap_drawing.h"
#include "app/ui/ui_helpers.h"
#include "app/ui/world_direct_draw.h"
#include "client/map_paths.h"
#include "render/world_scene.h"

namespace sc2::app::ui {

namespace {
constexpr const char* kWorldWindow = "World view";
constexpr double kSpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0};
// The UI's own lines in the action log: as many as the session keeps calls (2000).
constexpr std::size_t kMaxNotes = 2000;
}  // namespace

// [SECTION] StudioUi
StudioUi::StudioUi(SessionCommands& commands, const StudioOptions& options)
    : commands_(&commands),
      options_(options),
      input_(options.feature_screen_size),
      speed_{.factor = static_cast<float>(options.speed > 0 ? options.speed : 1.0), .fastest = options.speed <= 0},
      settings_{.edited = options, .maps = {}, .map_file = {}, .map_file_error = {}} {
  set_record_folder(options);
  if (!options.training.empty()) training_ = std::make_unique<TrainingPanel>(options.training);
  const StudioOptions defaults;
  window_layout_.install(ImVec2(static_cast<float>(defaults.window_width), static_cast<float>(defaults.window_height)));
  LoadedKeymap loaded = load_keymap(config_dir_from_environment());
  input_.keymap = std::move(loaded.keymap);
  for (std::string& message : loaded.messages) {
    std::fprintf(stderr, "sc2studio: %s\n", message.c_str());
    note(std::move(message));
  }
}

void StudioUi::set_session(SessionCommands& commands, const StudioOptions& options) {
  commands_ = &commands;
  options_ = options;
  settings_.edited = options;
  shown_ = SessionOnScreen{};
  log_view_ = ActionLogView{};
  agent_steps_ = AgentStepsView{};  // sequences start again
  layers_.atlas.clear();
  input_.armed.reset();
  input_.mapper.cancel();
  rates_.sampled_version = 0;
  rates_.loop_rate = LoopRate{};
  rates_.seek_seen = false;
  set_record_folder(options);
  note("restarted: " + (options.map.empty() ? std::string("the game's first map") : options.map) + ", screen " + std::to_string(options.feature_screen_size) + ", minimap " +
       std::to_string(options.feature_minimap_size));
}

void StudioUi::set_record_folder(const StudioOptions& options) {
  record_folder_ = options.record;
  if (record_folder_.empty()) {
    const auto base = data_dir_from_environment().value_or(std::filesystem::current_path());
    // By the map's name: a map path ("Ladder/X.SC2Map", a file's absolute path) is no folder name.
    record_folder_ = (base / "demonstrations" / map_name_from_path(options.map)).string();
  }
}

std::optional<StudioOptions> StudioUi::take_restart_request() {
  auto request = std::move(requests_.restart);
  requests_.restart.reset();
  return request;
}

std::optional<std::string> StudioUi::take_screenshot_request() {
  auto request = std::move(requests_.screenshot);
  requests_.screenshot.reset();
  return request;
}

void StudioUi::refresh(SessionReader& session) {
  shown_.snapshot = session.snapshot();
  const SessionSnapshot& snapshot = shown_.snapshot;
  for (std::string& text : session.take_notices()) note(std::move(text));
  if (snapshot.log_version != shown_.log_version) {
    // Only what was added or changed since (the whole log was a copy of up to 2,000 records
    // at every step at full speed).
    ActionLogChanges changes = session.action_log_changes(shown_.log_version);
    shown_.log_version = changes.version;
    apply_log_changes(shown_.log, std::move(changes));
  }
  if (snapshot.episodes_version != shown_.episodes_version) {
    shown_.episodes = session.episodes();
    shown_.episodes_version = snapshot.episodes_version;
  }
  if (!snapshot.available_maps.empty()) settings_.maps = snapshot.available_maps;
  if (snapshot.unit_type_names) use_game_unit_type_names(snapshot.unit_type_names);
  // Played without --map: the session chose the game's first map.
  if (snapshot.mode == SessionMode::play && options_.map.empty() && !snapshot.map.empty()) {
    options_.map = snapshot.map;
    if (settings_.edited.map.empty()) settings_.edited.map = snapshot.map;
    set_record_folder(options_);
  }
  update_rates();
  if (!snapshot.timestep || snapshot.timestep_version == shown_.drawn_version) return;
  const pysc2::Observation& obs = snapshot.timestep->observation;
  // Observing or replaying: the map is the game's, whatever --map said.
  if (snapshot.mode != SessionMode::play && !obs.map_name.empty()) options_.map = settings_.edited.map = obs.map_name;
  layers_.atlas.update(obs, snapshot.timestep);  // coloured when shown, and only if they changed
  update_raw_layers(snapshot);
  if (const pysc2::Layer* screen = screen_reference_layer()) input_.mapper.set_screen_size(screen->width, screen->height);
}

void StudioUi::update_rates() {
  const auto now = std::chrono::steady_clock::now();
  while (!rates_.action_times.empty() && now - rates_.action_times.front() > std::chrono::seconds(60)) rates_.action_times.pop_front();
  rates_.seek_seen = rates_.seek_seen || shown_.snapshot.seeking;
  if (shown_.snapshot.timestep && shown_.snapshot.timestep_version != rates_.sampled_version) {
    rates_.sampled_version = shown_.snapshot.timestep_version;
    rates_.loop_rate.add(now, shown_.snapshot.episode, shown_.snapshot.timestep->observation.game_loop, rates_.seek_seen);
    rates_.seek_seen = shown_.snapshot.seeking;
  }
  rates_.loops_per_second = shown_.snapshot.paused ? 0.0 : rates_.loop_rate.per_second();
}

bool StudioUi::draw(SessionReader& session) {
  window_layout_.fit(ImGui::GetIO().DisplaySize);
  input_.controls.clear();
  refresh(session);
  update_marker();
  update_policy_overlay();
  draw_menu_bar(shown_.snapshot);
  draw_top_bar(shown_.snapshot);
  draw_world_view(shown_.snapshot);
  draw_minimap(shown_.snapshot);
  draw_feature_layers(shown_.snapshot);
  ImGui::BeginDisabled(!shown_.snapshot.read_only.empty());  // observing / replaying: nothing to command
  draw_command_card(shown_.snapshot);
  ImGui::EndDisabled();
  draw_selection(shown_.snapshot);
  draw_game_panel(shown_.snapshot);
  draw_action_log(shown_.snapshot);
  ImGui::BeginDisabled(!shown_.snapshot.read_only.empty());  // no agent to choose either
  draw_agent_panel(shown_.snapshot);
  ImGui::EndDisabled();
  draw_read_only_panel(*commands_, shown_.snapshot);
  draw_inspectors(shown_.snapshot);
  if (training_) training_->draw(false);
  draw_help();
  draw_error_banner(shown_.snapshot);
  draw_result_banner(shown_.snapshot);
  draw_drag_rect();
  draw_armed_cursor();
  finish_gesture();
  const bool drew_game = shown_.snapshot.timestep != nullptr;
  if (drew_game && shown_.snapshot.timestep_version != shown_.drawn_version) {
    shown_.drawn_version = shown_.snapshot.timestep_version;
    commands_->frame_drawn(shown_.drawn_version);  // synchronous rendering waits for this
  }
  return drew_game;
}

// [SECTION] keys and commands
void StudioUi::on_key(const KeyChord& chord) {
  const HotkeyResult result = map_hotkey(input_.keymap, chord, hotkey_state());
  if (result.action.empty()) return;
  if (result.call) submit(*result.call);
  if (!result.message.empty()) note(to_string(chord) + " (" + result.action + "): " + result.message);
  if (result.command == UiCommand::arm && result.armed) {
    input_.armed = result.armed;
  } else if (result.command != UiCommand::none) {
    run_command(result.command);
  }
}

HotkeyState StudioUi::hotkey_state() const {
  HotkeyState state;
  state.available = available_actions();
  state.minimap_width = state.minimap_height = options_.feature_minimap_size;
  if (shown_.snapshot.timestep) {
    if (const pysc2::Layer* camera = shown_.snapshot.timestep->observation.minimap("camera")) {
      state.camera = camera_center(*camera);
      state.minimap_width = camera->width;
      state.minimap_height = camera->height;
      if (shown_.snapshot.game_view) {
        state.camera_step = camera_step_pixels(camera->width, camera->height,
                                               static_cast<float>(shown_.snapshot.game_view->map_width),
                                               static_cast<float>(shown_.snapshot.game_view->map_height));
      }
    }
  }
  return state;
}

void StudioUi::run_command(UiCommand command) {
  switch (command) {
    case UiCommand::cancel:
      input_.mapper.cancel();
      if (input_.armed) {
        note("cancelled " + input_.armed->name);
        input_.armed.reset();
        break;
      }
      for (const pysc2::FunctionCall& call : cancel_calls(available_actions())) submit(call);  // as PySC2's viewer
      break;
    case UiCommand::pause: commands_->set_paused(!shown_.snapshot.paused); break;
    case UiCommand::step:
      if (!shown_.snapshot.paused) commands_->set_paused(true);
      commands_->request_step();
      break;
    case UiCommand::speed_up:
    case UiCommand::speed_down: {
      const double current = speed_.fastest ? 16.0 : speed_.factor;
      double next = current;
      if (command == UiCommand::speed_up) {
        for (double s : kSpeeds) {
          if (s > current + 1e-6) {
            next = s;
            break;
          }
        }
      } else {
        for (double s : kSpeeds) {
          if (s < current - 1e-6) next = s;
        }
      }
      speed_.fastest = false;
      set_speed(static_cast<float>(next));
      break;
    }
    case UiCommand::restart:
      commands_->request_restart_episode();
      note("restarting the episode (F5)");
      break;
    case UiCommand::save_replay:
      if (!options_.save_replay.empty()) {
        commands_->request_save_replay(options_.save_replay);
      } else if (auto dir = data_dir_from_environment()) {
        commands_->request_save_replay(*dir / "replays");
      } else {
        note("cannot save a replay: neither $XDG_DATA_HOME nor $HOME is set");
      }
      break;
    case UiCommand::help: view_.show_help = !view_.show_help; break;
    case UiCommand::screenshot: {
      std::filesystem::path dir = data_dir_from_environment().value_or(std::filesystem::current_path());
      dir /= "screenshots";
      std::error_code ignored;
      std::filesystem::create_directories(dir, ignored);
      requests_.screenshot = next_screenshot_path(dir, std::time(nullptr)).string();
      break;
    }
    case UiCommand::toggle_control: toggle_control(); break;
    case UiCommand::quit: requests_.quit = true; break;
    case UiCommand::step_mul_up: commands_->set_step_mul(shown_.snapshot.step_mul + 1); break;
    case UiCommand::step_mul_down: commands_->set_step_mul(std::max(1, shown_.snapshot.step_mul - 1)); break;
    case UiCommand::toggle_render_sync:
      commands_->set_render_sync(!shown_.snapshot.render_sync);
      note(!shown_.snapshot.render_sync ? "synchronous rendering: every observation is drawn before the next step"
                                  : "asynchronous rendering: the newest observation is drawn");
      break;
    case UiCommand::ui_zoom_in:
    case UiCommand::ui_zoom_out: {
      // As PySC2's viewer zooms by 1.1 a step; ImGui scales text and the widgets sized by it.
      float& scale = ImGui::GetIO().FontGlobalScale;
      scale = std::clamp(command == UiCommand::ui_zoom_in ? scale * 1.1f : scale / 1.1f, 0.5f, 3.0f);
      break;
    }
    case UiCommand::toggle_rgb:
      if (!shown_.snapshot.timestep || shown_.snapshot.timestep->observation.rgb_screen.empty()) {
        view_.rgb = true;  // shown as soon as RGB images come
        note("no RGB images from the game: start sc2studio with --rgb_screen_size W,H --rgb_minimap_size N");
        break;
      }
      view_.rgb = !view_.rgb;
      note(view_.rgb ? "world view and minimap: the game's RGB images" : "world view and minimap: drawn from raw data and feature layers");
      break;
    case UiCommand::toggle_raw_actions:
      input_.raw_actions = !input_.raw_actions;
      note(input_.raw_actions ? "raw actions: selections and commands go out as raw unit commands (tags, world points)"
                        : "feature-layer actions: gestures go out as PySC2 FunctionCalls");
      break;
    case UiCommand::toggle_player_relative:
      world_.renderer.set_player_relative_overlay(!world_.renderer.player_relative_overlay());
      note(world_.renderer.player_relative_overlay() ? "world view: player_relative painted over the terrain"
                                            : "world view: terrain only");
      break;
    case UiCommand::arm:
    case UiCommand::none: break;
  }
}

void StudioUi::set_speed(float speed) {
  speed_.factor = std::clamp(speed, 0.25f, 16.0f);
  commands_->set_speed(speed_.fastest ? 0.0 : speed_.factor);
}

void StudioUi::activate(const CommandEntry& entry) {
  if (entry.group == CommandGroup::targeted) {
    if (!entry.available) {
      note(entry.name + " is not available now");
      return;
    }
    input_.armed = arm(entry);
    return;
  }
  send(fire(entry, current_modifiers().shift, available_actions()));
}

// [SECTION] World view
// Steps: the window, the picture's rectangle (the screen layers' aspect, centred), a
// placeholder before the first observation; then zoom, the picture, input, overlays, the
// status lines and the tooltip.
void StudioUi::draw_world_view(const SessionSnapshot& snapshot) {
  if (!begin_world_window()) return;
  const int screen_w = mapper_screen_width();
  const int screen_h = mapper_screen_height();
  const PictureRect picture = fit_picture(static_cast<float>(screen_w) / static_cast<float>(std::max(1, screen_h)));
  if (!snapshot.timestep) {
    draw_world_placeholder(snapshot, picture);
    ImGui::End();
    return;
  }

  const pysc2::Observation& obs = snapshot.timestep->observation;
  const render::WorldRect area = camera_world_area();
  ImGui::InvisibleButton("##world", picture.size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const render::WorldRect view = zoom_world_view(area, picture, hovered);
  // Input maps through the rectangle the whole camera area would cover, so the FunctionCall
  // pixels stay those of the screen layers at any zoom.
  const ImageRect camera_image = camera_image_rect(to_rect(picture.min, picture.size), area, view);
  draw_world_picture(snapshot, area, view, picture);
  ImGui::GetWindowDrawList()->AddRect(picture.min, picture.max(),
                                      input_.armed ? IM_COL32(255, 200, 60, 255) : IM_COL32(70, 70, 80, 255));
  world_.surface = SurfaceRect{camera_image, screen_w, screen_h, true};
  handle_screen_input(camera_image);
  draw_world_overlays(obs, area, view, picture.min, picture.size, camera_image, hovered);
  draw_world_status(snapshot, picture);
  if (hovered && !input_.mapper.pressed()) draw_world_tooltip(obs, area, camera_image);
  ImGui::End();
}

bool StudioUi::begin_world_window() {
  place_window(0.0f, 0.0f, 0.37f, 0.64f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  skip_background_over_backdrop(kWorldWindow);
  const bool open = ImGui::Begin(kWorldWindow);
  ImGui::PopStyleVar();
  world_.surface.valid = false;
  if (!open) ImGui::End();
  return open;
}

void StudioUi::draw_world_placeholder(const SessionSnapshot& snapshot, const PictureRect& picture) {
  ImGui::InvisibleButton("##world", picture.size);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(picture.min, picture.max(), IM_COL32(12, 14, 18, 255));
  const std::string text = snapshot.state == SessionState::failed ? "The game session failed (see the banner)"
                                                                 : snapshot.status + " ...";
  const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
  draw->AddText(ImVec2(picture.min.x + (picture.size.x - text_size.x) / 2, picture.min.y + (picture.size.y - text_size.y) / 2),
                IM_COL32(200, 200, 200, 255), text.c_str());
}

// Zoom (wheel, around the mouse; middle click resets): the part of the camera area shown.
render::WorldRect StudioUi::zoom_world_view(const render::WorldRect& area, const PictureRect& picture, bool hovered) {
  const ImVec2 mouse = ImGui::GetMousePos();
  const render::WorldPoint camera_centre{area.left + area.width / 2, area.bottom + area.height / 2};
  render::WorldRect view = render::zoomed_view(
      area, world_.zoom, {camera_centre.x + world_.focus.x, camera_centre.y + world_.focus.y});
  if (hovered && ImGui::GetIO().MouseWheel != 0.0f) {
    const ImageRect before = camera_image_rect(to_rect(picture.min, picture.size), area, view);
    const render::WorldPoint anchor = image_to_world(before, area, ScreenPoint{mouse.x, mouse.y});
    world_.zoom = std::clamp(world_.zoom * (ImGui::GetIO().MouseWheel > 0 ? 1.25f : 0.8f), 1.0f, 8.0f);
    const float u = (mouse.x - picture.min.x) / picture.size.x, v = (mouse.y - picture.min.y) / picture.size.y;
    const float width = area.width / world_.zoom, height = area.height / world_.zoom;
    const render::WorldPoint centre{anchor.x - u * width + width / 2, anchor.y + v * height - height / 2};
    view = render::zoomed_view(area, world_.zoom, centre);
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Middle)) {
    world_.zoom = 1.0f;
    view = area;
  }
  world_.focus = {view.left + view.width / 2 - camera_centre.x, view.bottom + view.height / 2 - camera_centre.y};
  return view;
}

// The game's RGB image when shown; else the scene: while observations come every frame (full
// speed), drawn straight into the window; otherwise into a texture, redrawn only for a new
// observation, zoom or size, and copied into the window at every UI frame. A streak of two
// fresh frames chooses the first: drawing directly costs the whole scene every frame, the
// texture a copy more per redraw.
void StudioUi::draw_world_picture(const SessionSnapshot& snapshot, const render::WorldRect& area,
                                  const render::WorldRect& view, const PictureRect& picture) {
  const pysc2::Observation& obs = snapshot.timestep->observation;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const bool fresh = snapshot.timestep_version != world_.shown_version;
  world_.shown_version = snapshot.timestep_version;
  if (view_.rgb && world_.rgb_screen.update(obs.rgb_screen, snapshot.timestep_version)) {
    draw_rgb_world(area, view, picture.min, picture.size);
  } else if (fresh && world_.fresh_before) {
    world_.direct = DirectWorld{&world_.renderer, &world_.context, &obs, area, view, picture.min, picture.size};
    add_direct_world(draw, &world_.direct);
  } else {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    world_.renderer.render_if_changed(world_.context, snapshot.timestep, obs, area, view,
                                      static_cast<int>(picture.size.x * scale.x),
                                      static_cast<int>(picture.size.y * scale.y));
    begin_opaque(draw);
    add_framebuffer_image(draw, world_.renderer.color_texture(), picture.min, picture.size);
    end_opaque(draw);
  }
  world_.fresh_before = fresh;
}

// PySC2-style overlay: score, step and time in green at the top; paused, zoom and the armed
// command's hint.
void StudioUi::draw_world_status(const SessionSnapshot& snapshot, const PictureRect& picture) {
  const pysc2::Observation& obs = snapshot.timestep->observation;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 min = picture.min, max = picture.max();
  char line[160];
  std::snprintf(line, sizeof line, "Score: %" PRId64 "   Step: %u   Time: %s   Episode: %d", obs.score, obs.game_loop,
                format_time(obs.game_loop / kGameLoopsPerSecond).c_str(), snapshot.episode);
  draw->AddText(ImVec2(min.x + 6, min.y + 4), IM_COL32(0, 0, 0, 200), line);
  draw->AddText(ImVec2(min.x + 5, min.y + 3), IM_COL32(80, 255, 80, 255), line);
  // Right-aligned lines: beside the status line while they fit there, else under it.
  const float line_height = ImGui::GetTextLineHeight() + 3.0f;
  float right_y = min.y + 3;
  auto right_line = [&](const char* text, ImU32 colour) {
    const ImVec2 text_size = ImGui::CalcTextSize(text);
    if (right_y == min.y + 3 && min.x + 5 + ImGui::CalcTextSize(line).x + 12 + text_size.x + 6 > max.x) right_y += line_height;
    draw->AddText(ImVec2(max.x - text_size.x - 6, right_y + 1), IM_COL32(0, 0, 0, 200), text);
    draw->AddText(ImVec2(max.x - text_size.x - 6, right_y), colour, text);
    right_y += line_height;
  };
  if (snapshot.paused) right_line(paused_banner(snapshot.paces_game), IM_COL32(255, 220, 80, 255));
  if (world_.zoom > 1.0f) {
    char zoom[64];
    std::snprintf(zoom, sizeof zoom, "zoom x%.2f (middle click: fit)", world_.zoom);
    if (right_y == min.y + 3) right_y += line_height;  // under the status line, as before
    right_line(zoom, IM_COL32(200, 200, 255, 255));
  }
  if (input_.armed) {
    const std::string text = input_.armed->name + ": click a target (Shift queues, Esc cancels)";
    draw->AddRectFilled(ImVec2(min.x, max.y - 22), max, IM_COL32(0, 0, 0, 160));
    draw->AddText(ImVec2(min.x + 6, max.y - 19), IM_COL32(255, 210, 80, 255), text.c_str());
  }
}

// What is under the mouse: the screen pixel and world point, the units there, the values of
// the layers one plays on, and what the buttons do.
void StudioUi::draw_world_tooltip(const pysc2::Observation& obs, const render::WorldRect& area,
                                  const ImageRect& camera_image) {
  const ImVec2 mouse = ImGui::GetMousePos();
  const LayerPixel pixel =
      image_to_pixel(camera_image, ScreenPoint{mouse.x, mouse.y}, mapper_screen_width(), mapper_screen_height());
  const render::WorldPoint world = image_to_world(camera_image, area, ScreenPoint{mouse.x, mouse.y});
  ImGui::BeginTooltip();
  ImGui::Text("screen [%d, %d]   world (%.1f, %.1f)", pixel.x, pixel.y, world.x, world.y);
  for (const pysc2::RawUnit& unit : obs.raw_view.units) {
    if (std::hypot(unit.pos.x - world.x, unit.pos.y - world.y) > unit.radius) continue;
    ImGui::TextColored(kAccent, "%s", unit_type_label(static_cast<int>(unit.unit_type)).c_str());
    ImGui::SameLine();
    ImGui::TextColored(kDim, "owner %d  hp %.0f/%.0f", unit.owner, unit.health, unit.health_max);
    if (unit.shield_max > 0) ImGui::TextColored(kDim, "  shields %.0f/%.0f", unit.shield, unit.shield_max);
    if (unit.energy_max > 0) ImGui::TextColored(kDim, "  energy %.0f/%.0f", unit.energy, unit.energy_max);
    if (unit.build_progress < 1.0f) ImGui::TextColored(kDim, "  built %.0f%%", unit.build_progress * 100);
    if (unit.mineral_contents > 0) ImGui::TextColored(kDim, "  minerals left %d", unit.mineral_contents);
    if (unit.vespene_contents > 0) ImGui::TextColored(kDim, "  vespene left %d", unit.vespene_contents);
  }
  for (const char* name : {"player_relative", "unit_type", "selected", "unit_density"}) {
    const pysc2::Layer* layer = obs.screen(name);
    if (layer && !layer->empty() && pixel.x < layer->width && pixel.y < layer->height) {
      ImGui::TextColored(kDim, "%-16s %d", name, layer->at(pixel.x, pixel.y));
    }
  }
  ImGui::TextColored(kDim, input_.armed ? "left: %s here" : "left: select  drag: box  right: Smart  wheel: zoom",
                     input_.armed ? input_.armed->name.c_str() : "");
  ImGui::EndTooltip();
}

void StudioUi::draw_rgb_world(const render::WorldRect& area, const render::WorldRect& view, const ImVec2& min,
                              const ImVec2& size) {
  // The rendered image covers the camera width across and its own aspect down (it may show
  // more or less than the screen layers): placed by world coordinates, so input that maps
  // through the screen layers' camera area still lands on what is drawn under the mouse.
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 max(min.x + size.x, min.y + size.y);
  draw->AddRectFilled(min, max, IM_COL32(0, 0, 0, 255));
  const render::WorldPoint centre{area.left + area.width / 2, area.bottom + area.height / 2};
  // The game's RGB camera has its own width (render.width, 24 world units by default).
  float rgb_width = 24.0f;
  if (shown_.snapshot.game_view && shown_.snapshot.game_view->rgb_camera_width > 0) rgb_width = shown_.snapshot.game_view->rgb_camera_width;
  const render::WorldRect shown = render::camera_area(centre, rgb_width, world_.rgb_screen.width(), world_.rgb_screen.height());
  const float px_per_world = size.x / std::max(0.001f, view.width);
  const ImVec2 a(min.x + (shown.left - view.left) * px_per_world, min.y + (view.top() - shown.top()) * px_per_world);
  const ImVec2 b(min.x + (shown.right() - view.left) * px_per_world, min.y + (view.top() - shown.bottom) * px_per_world);
  draw->PushClipRect(min, max, true);
  draw->AddImage(texture_id(world_.rgb_screen.id()), a, b);
  draw->PopClipRect();
}

void StudioUi::draw_world_overlays(const pysc2::Observation& obs, const render::WorldRect& area,
                                   const render::WorldRect& view, const ImVec2& min, const ImVec2& size,
                                   const ImageRect& camera_image, bool hovered) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, ImVec2(min.x + size.x, min.y + size.y), true);
  const float px_per_world = size.x / std::max(0.001f, view.width);
  auto to_window = [&](render::WorldPoint p) {
    return ImVec2(min.x + (p.x - view.left) * px_per_world, min.y + (view.top() - p.y) * px_per_world);
  };
  // Effects on the ground, below the labels.
  for (const EffectCircle& effect : effect_circles(obs.raw_view, view)) {
    const ImU32 colour = effect.own ? IM_COL32(120, 200, 255, 200) : IM_COL32(255, 120, 80, 200);
    draw->AddCircle(to_window(effect.centre), effect.radius * px_per_world, colour, 0, 2.0f);
  }
  // Each unit's last raw command seen (watching a SMAC run): a line to its target, its name
  // above the unit; attacks red, moves green, the rest yellow.
  if (shown_.snapshot.unit_commands) {
    for (const CommandMark& mark : command_marks(obs.raw_view, *shown_.snapshot.unit_commands, view)) {
      const ImU32 colour = mark.kind == CommandKind::attack ? IM_COL32(255, 90, 70, 220)
                           : mark.kind == CommandKind::move ? IM_COL32(110, 230, 110, 220)
                                                            : IM_COL32(240, 210, 80, 220);
      const ImVec2 from = to_window(mark.from);
      if (mark.to) {
        const ImVec2 to = to_window(*mark.to);
        draw->AddLine(from, to, colour, 1.5f);
        draw->AddCircleFilled(to, 2.5f, colour);
      }
      const ImVec2 text_size = ImGui::CalcTextSize(mark.label.c_str());
      const ImVec2 anchor = to_window(mark.label_anchor);
      const ImVec2 at(std::floor(anchor.x - text_size.x / 2), std::floor(anchor.y - text_size.y - 1));
      draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 220), mark.label.c_str());
      draw->AddText(at, colour, mark.label.c_str());
    }
  }
  // Names once a unit is big enough on screen to carry one (about 25 px per world unit).
  const bool with_names = px_per_world >= 25.0f;
  for (const UnitLabel& label : unit_labels(obs.raw_view, view, with_names)) {
    const ImVec2 text_size = ImGui::CalcTextSize(label.text.c_str());
    ImVec2 at = to_window(label.anchor);
    at = ImVec2(std::floor(at.x - text_size.x / 2), std::floor(at.y + 2));
    draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 220), label.text.c_str());
    const ImU32 colour = !label.resource ? IM_COL32(235, 235, 235, 255)
                         : label.vespene ? IM_COL32(150, 240, 170, 255)
                                         : IM_COL32(140, 220, 255, 255);
    draw->AddText(at, colour, label.text.c_str());
  }
  // Which disc is which resource, for the kinds in view (not under an armed command's hint).
  if (!input_.armed) {
    const std::vector<render::ResourceKind> kinds = resource_kinds_in_view(obs.raw_view, view);
    if (!kinds.empty()) draw_resource_legend(draw, ImVec2(min.x + 4, min.y + size.y - 4), size.x - 8, kinds);
  }
  // The pending target: the screen pixel an armed click would send.
  if (input_.armed && hovered) {
    const ImVec2 mouse = ImGui::GetMousePos();
    const int w = mapper_screen_width(), h = mapper_screen_height();
    const LayerPixel pixel = image_to_pixel(camera_image, ScreenPoint{mouse.x, mouse.y}, w, h);
    const float cell_w = camera_image.width / w, cell_h = camera_image.height / h;
    const ImVec2 a(camera_image.x + pixel.x * cell_w, camera_image.y + pixel.y * cell_h);
    draw->AddRect(a, ImVec2(a.x + cell_w, a.y + cell_h), IM_COL32(255, 200, 60, 255), 0, 0, 1.5f);
    // A build command: the structure's footprint where the click would place it, green on
    // free buildable terrain, red where the terrain is not buildable or a structure or
    // resource is in the way.
    if (const auto footprint = build_footprint(input_.armed->name)) {
      BuildPreview preview = build_preview(*footprint, pixel, area, w, h, obs.screen("buildable"));
      if (footprint_blocked(preview.rect, obs.raw_view)) preview.buildable = false;
      const ImVec2 top_left = to_window({preview.rect.left, preview.rect.top()});
      const ImVec2 bottom_right = to_window({preview.rect.right(), preview.rect.bottom});
      const ImU32 edge = preview.buildable ? IM_COL32(80, 220, 100, 255) : IM_COL32(230, 70, 60, 255);
      const ImU32 fill = preview.buildable ? IM_COL32(80, 220, 100, 60) : IM_COL32(230, 70, 60, 60);
      draw->AddRectFilled(top_left, bottom_right, fill);
      draw->AddRect(top_left, bottom_right, edge, 0, 0, 2.0f);
    }
  }
  // The policy's screen argument over the camera area, at any zoom (clipped to the picture).
  draw_policy_heat(draw, camera_image, false);
  draw_call_marker(draw, camera_image, mapper_screen_width(), mapper_screen_height(), false, true);
  draw->PopClipRect();
}

render::WorldRect StudioUi::camera_world_area() const {
  render::WorldPoint camera{0.0f, 0.0f};
  float camera_width = 24.0f;
  if (shown_.snapshot.game_view && shown_.snapshot.game_view->camera_width > 0) camera_width = shown_.snapshot.game_view->camera_width;
  if (shown_.snapshot.timestep && shown_.snapshot.timestep->observation.raw_view.camera) {
    const pysc2::Point2D& position = *shown_.snapshot.timestep->observation.raw_view.camera;
    camera = {position.x, position.y};
  } else if (shown_.snapshot.game_view) {  // the map's centre (the origin when it has no size)
    camera = {shown_.snapshot.game_view->map_width / 2.0f, shown_.snapshot.game_view->map_height / 2.0f};
  }
  return render::camera_area(camera, camera_width, mapper_screen_width(), mapper_screen_height());
}

int StudioUi::mapper_screen_width() const {
  const pysc2::Layer* layer = screen_reference_layer();
  return layer ? layer->width : options_.feature_screen_size;
}

int StudioUi::mapper_screen_height() const {
  const pysc2::Layer* layer = screen_reference_layer();
  return layer ? layer->height : options_.feature_screen_size;
}

const pysc2::Layer* StudioUi::screen_reference_layer() const {
  if (!shown_.snapshot.timestep) return nullptr;
  for (const pysc2::Layer& layer : shown_.snapshot.timestep->observation.feature_screen) {
    if (layer.width > 0 && layer.height > 0) return &layer;
  }
  return nullptr;
}

void StudioUi::handle_screen_input(const ImageRect& camera_image) {
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  const Modifiers modifiers = current_modifiers();
  const int w = mapper_screen_width(), h = mapper_screen_height();
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (input_.armed) {
      const LayerPixel at = image_to_pixel(camera_image, ScreenPoint{mouse.x, mouse.y}, w, h);
      send(armed_click(*input_.armed, false, at, modifiers.shift, available_actions()));
      if (!modifiers.shift) input_.armed.reset();  // Shift keeps it armed for more queued targets
      return;
    }
    // A click selects the unit drawn under the mouse even near the edge of a small disc.
    std::optional<LayerPixel> click;
    if (shown_.snapshot.timestep) {
      const render::WorldRect area = camera_world_area();
      click = click_pixel(shown_.snapshot.timestep->observation.raw_view, area, w, h,
                          image_to_world(camera_image, area, ScreenPoint{mouse.x, mouse.y}));
    }
    input_.mapper.left_press(camera_image, ScreenPoint{mouse.x, mouse.y}, click);
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    input_.mapper.cancel();
    if (input_.armed) {  // right click cancels a pending target, as in the game
      run_command(UiCommand::cancel);
      return;
    }
    send(input_.mapper.right_click(camera_image, ScreenPoint{mouse.x, mouse.y}, modifiers, available_actions()));
  }
}

void StudioUi::handle_minimap_input(const ImVec2& min, const ImVec2& size, int width, int height) {
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  const Modifiers modifiers = current_modifiers();
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (input_.armed) {
      const LayerPixel at = image_to_pixel(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height);
      send(armed_click(*input_.armed, true, at, modifiers.shift, available_actions()));
      if (!modifiers.shift) input_.armed.reset();
      return;
    }
    send(input_.mapper.minimap_click(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height, available_actions()));
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    if (input_.armed) {
      run_command(UiCommand::cancel);
      return;
    }
    send(input_.mapper.minimap_right_click(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height, modifiers,
                                     available_actions()));
  }
}

void StudioUi::finish_gesture() {
  if (!input_.mapper.pressed() || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  send(input_.mapper.left_release(ScreenPoint{mouse.x, mouse.y}, current_modifiers(), available_actions()));
}

void StudioUi::draw_drag_rect() {
  if (!input_.mapper.pressed()) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  if (auto rect = input_.mapper.drag_rect(ScreenPoint{mouse.x, mouse.y})) {
    const ImVec2 a(std::min(rect->first.x, rect->second.x), std::min(rect->first.y, rect->second.y));
    const ImVec2 b(std::max(rect->first.x, rect->second.x), std::max(rect->first.y, rect->second.y));
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(a, b, IM_COL32(0, 255, 0, 30));
    draw->AddRect(a, b, IM_COL32(0, 255, 0, 255));
  }
}

void StudioUi::draw_armed_cursor() {
  if (!input_.armed) return;
  // A crosshair with the command's name next to the mouse.
  const ImVec2 mouse = ImGui::GetMousePos();
  if (mouse.x < -1e6f) return;
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const ImU32 color = IM_COL32(255, 200, 60, 255);
  draw->AddCircle(mouse, 9.0f, color, 20, 1.5f);
  draw->AddLine(ImVec2(mouse.x - 14, mouse.y), ImVec2(mouse.x - 4, mouse.y), color, 1.5f);
  draw->AddLine(ImVec2(mouse.x + 4, mouse.y), ImVec2(mouse.x + 14, mouse.y), color, 1.5f);
  draw->AddLine(ImVec2(mouse.x, mouse.y - 14), ImVec2(mouse.x, mouse.y - 4), color, 1.5f);
  draw->AddLine(ImVec2(mouse.x, mouse.y + 4), ImVec2(mouse.x, mouse.y + 14), color, 1.5f);
  draw->AddText(ImVec2(mouse.x + 14, mouse.y + 10), color, input_.armed->name.c_str());
}

void StudioUi::send(const MappedInput& input) {
  if (input.call) {
    submit(*input.call);
  } else if (!input.message.empty()) {
    note(input.message);
  }
}

void StudioUi::submit(const pysc2::FunctionCall& call) {
  if (!shown_.snapshot.read_only.empty()) {
    note("not sent (" + shown_.snapshot.read_only + "): " + pysc2::to_string(call));
    return;
  }
  if (input_.raw_actions && shown_.snapshot.timestep) {
    const RawMapping raw = to_raw_command(call, shown_.snapshot.timestep->observation.raw_view,
                                          camera_world_area(), mapper_screen_width(), mapper_screen_height());
    if (!raw.spatial) {
      if (raw.command) {
        commands_->submit(*raw.command);
        rates_.action_times.push_back(std::chrono::steady_clock::now());
      } else {
        note(raw.message);
      }
      return;
    }
  }
  commands_->submit(call);
  rates_.action_times.push_back(std::chrono::steady_clock::now());
}

void StudioUi::note(std::string text) {
  const std::uint64_t last = shown_.log.empty() ? 0 : shown_.log.back().sequence;
  shown_.notes.push_back(UiNote{last, std::move(text)});
  if (shown_.notes.size() > kMaxNotes) shown_.notes.erase(shown_.notes.begin());
}

const std::vector<int>& StudioUi::available_actions() const {
  static const std::vector<int> none;
  return shown_.snapshot.timestep ? shown_.snapshot.timestep->observation.available_actions : none;
}

}  // namespace sc2::app::ui
