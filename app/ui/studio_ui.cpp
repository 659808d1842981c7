// [SECTION] Index
//   StudioUi     refresh (new TimeStep -> textures), draw (all windows), keys, sending
//   World view   camera area from raw units, input, overlays
// The other panels live in panels_game.cpp, panels_units.cpp and layer_panels.cpp.
#include "app/ui/studio_ui.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>

#include "app/build_preview.h"
#include "app/config_paths.h"
#include "app/raw_actions.h"
#include "app/screenshot_name.h"
#include "app/unit_type_names.h"
#include "app/world_view_logic.h"
#include "app/ui/panels_replay.h"
#include "app/ui/cheap_drawing.h"
#include "app/ui/ui_helpers.h"
#include "app/ui/world_direct_draw.h"
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
      mapper_(options.feature_screen_size, options.feature_screen_size),
      speed_(static_cast<float>(options.speed > 0 ? options.speed : 1.0)),
      fastest_(options.speed <= 0),
      settings_(options) {
  set_record_folder(options);
  LoadedKeymap loaded = load_keymap(config_dir_from_environment());
  keymap_ = std::move(loaded.keymap);
  for (std::string& message : loaded.messages) {
    std::fprintf(stderr, "sc2studio: %s\n", message.c_str());
    note(std::move(message));
  }
}

void StudioUi::set_session(SessionCommands& commands, const StudioOptions& options) {
  commands_ = &commands;
  options_ = options;
  settings_ = options;
  snapshot_ = SessionSnapshot{};
  drawn_version_ = log_version_ = sampled_version_ = 0;
  log_.clear();
  notes_.clear();
  layers_.clear();
  armed_.reset();
  mapper_.cancel();
  loop_rate_ = LoopRate{};
  seek_seen_ = false;
  episodes_.clear();
  episodes_version_ = 0;
  plotted_episode_ = 0;
  marker_.reset();
  set_record_folder(options);
  note("restarted: " + (options.map.empty() ? std::string("the game's first map") : options.map) + ", screen " + std::to_string(options.feature_screen_size) + ", minimap " +
       std::to_string(options.feature_minimap_size));
}

void StudioUi::set_record_folder(const StudioOptions& options) {
  record_folder_ = options.record;
  if (record_folder_.empty()) {
    const auto base = data_dir_from_environment().value_or(std::filesystem::current_path());
    record_folder_ = (base / "demonstrations" / options.map).string();
  }
}

std::optional<StudioOptions> StudioUi::take_restart_request() {
  auto request = std::move(restart_request_);
  restart_request_.reset();
  return request;
}

std::optional<std::string> StudioUi::take_screenshot_request() {
  auto request = std::move(screenshot_request_);
  screenshot_request_.reset();
  return request;
}

void StudioUi::refresh(SessionReader& session) {
  snapshot_ = session.snapshot();
  const SessionSnapshot& snapshot = snapshot_;
  for (std::string& text : session.take_notices()) note(std::move(text));
  if (snapshot.log_version != log_version_) {
    log_ = session.action_log();
    log_version_ = snapshot.log_version;
  }
  if (snapshot.episodes_version != episodes_version_) {
    episodes_ = session.episodes();
    episodes_version_ = snapshot.episodes_version;
  }
  if (!snapshot.available_maps.empty()) maps_ = snapshot.available_maps;
  // Played without --map: the session chose the game's first map.
  if (snapshot.mode == SessionMode::play && options_.map.empty() && !snapshot.map.empty()) {
    options_.map = snapshot.map;
    if (settings_.map.empty()) settings_.map = snapshot.map;
    set_record_folder(options_);
  }
  update_rates();
  if (!snapshot.timestep || snapshot.timestep_version == drawn_version_) return;
  const pysc2::Observation& obs = snapshot.timestep->observation;
  // Observing or replaying: the map is the game's, whatever --map said.
  if (snapshot.mode != SessionMode::play && !obs.map_name.empty()) options_.map = settings_.map = obs.map_name;
  layers_.update(obs, snapshot.timestep);  // coloured when shown, and only if they changed
  update_raw_layers(snapshot);
  if (const pysc2::Layer* screen = screen_reference_layer()) mapper_.set_screen_size(screen->width, screen->height);
}

void StudioUi::update_rates() {
  const auto now = std::chrono::steady_clock::now();
  while (!action_times_.empty() && now - action_times_.front() > std::chrono::seconds(60)) action_times_.pop_front();
  seek_seen_ = seek_seen_ || snapshot_.seeking;
  if (snapshot_.timestep && snapshot_.timestep_version != sampled_version_) {
    sampled_version_ = snapshot_.timestep_version;
    loop_rate_.add(now, snapshot_.episode, snapshot_.timestep->observation.game_loop, seek_seen_);
    seek_seen_ = snapshot_.seeking;
  }
  loops_per_second_ = snapshot_.paused ? 0.0 : loop_rate_.per_second();
}

bool StudioUi::draw(SessionReader& session) {
  controls_.clear();
  refresh(session);
  update_marker();
  draw_menu_bar(snapshot_);
  draw_top_bar(snapshot_);
  draw_world_view(snapshot_);
  draw_minimap(snapshot_);
  draw_feature_layers(snapshot_);
  ImGui::BeginDisabled(!snapshot_.read_only.empty());  // observing / replaying: nothing to command
  draw_command_card(snapshot_);
  ImGui::EndDisabled();
  draw_selection(snapshot_);
  draw_game_panel(snapshot_);
  draw_action_log(snapshot_);
  ImGui::BeginDisabled(!snapshot_.read_only.empty());  // no agent to choose either
  draw_agent_panel(snapshot_);
  ImGui::EndDisabled();
  draw_read_only_panel(*commands_, snapshot_);
  draw_inspectors(snapshot_);
  draw_help();
  draw_error_banner(snapshot_);
  draw_drag_rect();
  draw_armed_cursor();
  finish_gesture();
  const bool drew_game = snapshot_.timestep != nullptr;
  if (drew_game && snapshot_.timestep_version != drawn_version_) {
    drawn_version_ = snapshot_.timestep_version;
    commands_->frame_drawn(drawn_version_);  // synchronous rendering waits for this
  }
  return drew_game;
}

// [SECTION] keys and commands
void StudioUi::on_key(const KeyChord& chord) {
  const HotkeyResult result = map_hotkey(keymap_, chord, hotkey_state());
  if (result.action.empty()) return;
  if (result.call) submit(*result.call);
  if (!result.message.empty()) note(to_string(chord) + " (" + result.action + "): " + result.message);
  if (result.command == UiCommand::arm && result.armed) {
    armed_ = result.armed;
  } else if (result.command != UiCommand::none) {
    run_command(result.command);
  }
}

HotkeyState StudioUi::hotkey_state() const {
  HotkeyState state;
  state.available = available_actions();
  state.minimap_width = state.minimap_height = options_.feature_minimap_size;
  if (snapshot_.timestep) {
    if (const pysc2::Layer* camera = snapshot_.timestep->observation.minimap("camera")) {
      state.camera = camera_center(*camera);
      state.minimap_width = camera->width;
      state.minimap_height = camera->height;
      if (snapshot_.game_view) {
        state.camera_step = camera_step_pixels(camera->width, camera->height,
                                               static_cast<float>(snapshot_.game_view->map_width),
                                               static_cast<float>(snapshot_.game_view->map_height));
      }
    }
  }
  return state;
}

void StudioUi::run_command(UiCommand command) {
  switch (command) {
    case UiCommand::cancel:
      mapper_.cancel();
      if (armed_) {
        note("cancelled " + armed_->name);
        armed_.reset();
        break;
      }
      for (const pysc2::FunctionCall& call : cancel_calls(available_actions())) submit(call);  // as PySC2's viewer
      break;
    case UiCommand::pause: commands_->set_paused(!snapshot_.paused); break;
    case UiCommand::step:
      if (!snapshot_.paused) commands_->set_paused(true);
      commands_->request_step();
      break;
    case UiCommand::speed_up:
    case UiCommand::speed_down: {
      const double current = fastest_ ? 16.0 : speed_;
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
      fastest_ = false;
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
    case UiCommand::help: show_help_ = !show_help_; break;
    case UiCommand::screenshot: {
      std::filesystem::path dir = data_dir_from_environment().value_or(std::filesystem::current_path());
      dir /= "screenshots";
      std::error_code ignored;
      std::filesystem::create_directories(dir, ignored);
      screenshot_request_ = next_screenshot_path(dir, std::time(nullptr)).string();
      break;
    }
    case UiCommand::toggle_control: toggle_control(); break;
    case UiCommand::quit: quit_requested_ = true; break;
    case UiCommand::step_mul_up: commands_->set_step_mul(snapshot_.step_mul + 1); break;
    case UiCommand::step_mul_down: commands_->set_step_mul(std::max(1, snapshot_.step_mul - 1)); break;
    case UiCommand::toggle_render_sync:
      commands_->set_render_sync(!snapshot_.render_sync);
      note(!snapshot_.render_sync ? "synchronous rendering: every observation is drawn before the next step"
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
      if (!snapshot_.timestep || snapshot_.timestep->observation.rgb_screen.empty()) {
        rgb_view_ = true;  // shown as soon as RGB images come
        note("no RGB images from the game: start sc2studio with --rgb_screen_size W,H --rgb_minimap_size N");
        break;
      }
      rgb_view_ = !rgb_view_;
      note(rgb_view_ ? "world view and minimap: the game's RGB images" : "world view and minimap: drawn from raw data and feature layers");
      break;
    case UiCommand::toggle_raw_actions:
      raw_actions_ = !raw_actions_;
      note(raw_actions_ ? "raw actions: selections and commands go out as raw unit commands (tags, world points)"
                        : "feature-layer actions: gestures go out as PySC2 FunctionCalls");
      break;
    case UiCommand::toggle_player_relative:
      world_.set_player_relative_overlay(!world_.player_relative_overlay());
      note(world_.player_relative_overlay() ? "world view: player_relative painted over the terrain"
                                            : "world view: terrain only");
      break;
    case UiCommand::arm:
    case UiCommand::none: break;
  }
}

void StudioUi::set_speed(float speed) {
  speed_ = std::clamp(speed, 0.25f, 16.0f);
  commands_->set_speed(fastest_ ? 0.0 : speed_);
}

void StudioUi::activate(const CommandEntry& entry) {
  if (entry.group == CommandGroup::targeted) {
    if (!entry.available) {
      note(entry.name + " is not available now");
      return;
    }
    armed_ = arm(entry);
    return;
  }
  send(fire(entry, current_modifiers().shift, available_actions()));
}

// [SECTION] World view
void StudioUi::draw_world_view(const SessionSnapshot& snapshot) {
  place_window(0.0f, 0.0f, 0.37f, 0.64f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  skip_background_over_backdrop(kWorldWindow);
  const bool open = ImGui::Begin(kWorldWindow);
  ImGui::PopStyleVar();
  world_surface_.valid = false;
  if (!open) {
    ImGui::End();
    return;
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const int screen_w = mapper_screen_width();
  const int screen_h = mapper_screen_height();
  const float aspect = static_cast<float>(screen_w) / static_cast<float>(std::max(1, screen_h));
  ImVec2 size(avail.x, avail.x / aspect);
  if (size.y > avail.y) size = ImVec2(avail.y * aspect, avail.y);
  size = ImVec2(std::max(16.0f, std::floor(size.x)), std::max(16.0f, std::floor(size.y)));
  ImVec2 min = ImGui::GetCursorScreenPos();
  min.x += std::floor((avail.x - size.x) / 2);
  ImGui::SetCursorScreenPos(min);
  const ImVec2 max(min.x + size.x, min.y + size.y);

  if (!snapshot.timestep) {
    ImGui::InvisibleButton("##world", size);
    draw->AddRectFilled(min, max, IM_COL32(12, 14, 18, 255));
    const std::string text = snapshot.state == SessionState::failed ? "The game session failed (see the banner)"
                                                                   : snapshot.status + " ...";
    const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
    draw->AddText(ImVec2(min.x + (size.x - text_size.x) / 2, min.y + (size.y - text_size.y) / 2),
                  IM_COL32(200, 200, 200, 255), text.c_str());
    ImGui::End();
    return;
  }

  const pysc2::Observation& obs = snapshot.timestep->observation;
  const render::WorldRect area = camera_world_area();
  ImGui::InvisibleButton("##world", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const ImageRect widget = to_rect(min, size);
  const ImVec2 mouse = ImGui::GetMousePos();

  // Zoom (wheel, around the mouse; middle click resets). The view is a part of the camera
  // area; input maps through the rectangle the whole camera area would cover, so the
  // FunctionCall pixels stay those of the screen layers at any zoom.
  const render::WorldPoint camera_centre{area.left + area.width / 2, area.bottom + area.height / 2};
  render::WorldRect view = render::zoomed_view(
      area, world_zoom_, {camera_centre.x + world_focus_.x, camera_centre.y + world_focus_.y});
  if (hovered && ImGui::GetIO().MouseWheel != 0.0f) {
    const ImageRect before = camera_image_rect(widget, area, view);
    const render::WorldPoint anchor = image_to_world(before, area, ScreenPoint{mouse.x, mouse.y});
    world_zoom_ = std::clamp(world_zoom_ * (ImGui::GetIO().MouseWheel > 0 ? 1.25f : 0.8f), 1.0f, 8.0f);
    const float u = (mouse.x - min.x) / size.x, v = (mouse.y - min.y) / size.y;
    const float width = area.width / world_zoom_, height = area.height / world_zoom_;
    const render::WorldPoint centre{anchor.x - u * width + width / 2, anchor.y + v * height - height / 2};
    view = render::zoomed_view(area, world_zoom_, centre);
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Middle)) {
    world_zoom_ = 1.0f;
    view = area;
  }
  world_focus_ = {view.left + view.width / 2 - camera_centre.x, view.bottom + view.height / 2 - camera_centre.y};
  const ImageRect camera_image = camera_image_rect(widget, area, view);

  // While observations come every frame (full speed), the picture is drawn straight into the
  // window; otherwise into a texture, redrawn only for a new observation, zoom or size, and
  // copied into the window at every UI frame. A streak of two fresh frames chooses the first:
  // drawing directly costs the whole scene every frame, the texture a copy more per redraw.
  const bool fresh = snapshot.timestep_version != world_shown_version_;
  world_shown_version_ = snapshot.timestep_version;
  if (rgb_view_ && rgb_screen_.update(obs.rgb_screen, snapshot.timestep_version)) {
    draw_rgb_world(area, view, min, size);
  } else if (fresh && world_fresh_before_) {
    direct_world_ = DirectWorld{&world_, &context_, &obs, area, view, min, size};
    add_direct_world(draw, &direct_world_);
  } else {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    world_.render_if_changed(context_, snapshot.timestep, obs, area, view, static_cast<int>(size.x * scale.x),
                             static_cast<int>(size.y * scale.y));
    begin_opaque(draw);
    add_framebuffer_image(draw, world_.color_texture(), min, size);
    end_opaque(draw);
  }
  world_fresh_before_ = fresh;
  draw->AddRect(min, max, armed_ ? IM_COL32(255, 200, 60, 255) : IM_COL32(70, 70, 80, 255));
  world_surface_ = SurfaceRect{camera_image, screen_w, screen_h, true};
  handle_screen_input(camera_image);
  draw_world_overlays(obs, area, view, min, size, camera_image, hovered);

  // PySC2-style overlay: score, step and time in green at the top.
  char line[160];
  std::snprintf(line, sizeof line, "Score: %" PRId64 "   Step: %u   Time: %s   Episode: %d", obs.score, obs.game_loop,
                format_time(obs.game_loop / kGameLoopsPerSecond).c_str(), snapshot.episode);
  draw->AddText(ImVec2(min.x + 6, min.y + 4), IM_COL32(0, 0, 0, 200), line);
  draw->AddText(ImVec2(min.x + 5, min.y + 3), IM_COL32(80, 255, 80, 255), line);
  if (snapshot.paused) {
    const char* paused = "PAUSED (Space)";
    const ImVec2 text_size = ImGui::CalcTextSize(paused);
    draw->AddText(ImVec2(max.x - text_size.x - 6, min.y + 3), IM_COL32(255, 220, 80, 255), paused);
  }
  if (world_zoom_ > 1.0f) {
    char zoom[64];
    std::snprintf(zoom, sizeof zoom, "zoom x%.2f (middle click: fit)", world_zoom_);
    const ImVec2 text_size = ImGui::CalcTextSize(zoom);
    draw->AddText(ImVec2(max.x - text_size.x - 6, min.y + 20), IM_COL32(200, 200, 255, 255), zoom);
  }
  if (armed_) {
    const std::string text = armed_->name + ": click a target (Shift queues, Esc cancels)";
    draw->AddRectFilled(ImVec2(min.x, max.y - 22), max, IM_COL32(0, 0, 0, 160));
    draw->AddText(ImVec2(min.x + 6, max.y - 19), IM_COL32(255, 210, 80, 255), text.c_str());
  }

  if (hovered && !mapper_.pressed()) {
    const LayerPixel pixel = image_to_pixel(camera_image, ScreenPoint{mouse.x, mouse.y}, screen_w, screen_h);
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
    ImGui::TextColored(kDim, armed_ ? "left: %s here" : "left: select  drag: box  right: Smart  wheel: zoom",
                       armed_ ? armed_->name.c_str() : "");
    ImGui::EndTooltip();
  }
  ImGui::End();
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
  if (snapshot_.game_view && snapshot_.game_view->rgb_camera_width > 0) rgb_width = snapshot_.game_view->rgb_camera_width;
  const render::WorldRect shown = render::camera_area(centre, rgb_width, rgb_screen_.width(), rgb_screen_.height());
  const float px_per_world = size.x / std::max(0.001f, view.width);
  const ImVec2 a(min.x + (shown.left - view.left) * px_per_world, min.y + (view.top() - shown.top()) * px_per_world);
  const ImVec2 b(min.x + (shown.right() - view.left) * px_per_world, min.y + (view.top() - shown.bottom) * px_per_world);
  draw->PushClipRect(min, max, true);
  draw->AddImage(texture_id(rgb_screen_.id()), a, b);
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
  // Names once a unit is big enough on screen to carry one (about 25 px per world unit).
  const bool with_names = px_per_world >= 25.0f;
  for (const UnitLabel& label : unit_labels(obs.raw_view, view, with_names)) {
    const ImVec2 text_size = ImGui::CalcTextSize(label.text.c_str());
    ImVec2 at = to_window(label.anchor);
    at = ImVec2(std::floor(at.x - text_size.x / 2), std::floor(at.y + 2));
    draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 220), label.text.c_str());
    draw->AddText(at, label.resource ? IM_COL32(140, 220, 255, 255) : IM_COL32(235, 235, 235, 255), label.text.c_str());
  }
  // The pending target: the screen pixel an armed click would send.
  if (armed_ && hovered) {
    const ImVec2 mouse = ImGui::GetMousePos();
    const int w = mapper_screen_width(), h = mapper_screen_height();
    const LayerPixel pixel = image_to_pixel(camera_image, ScreenPoint{mouse.x, mouse.y}, w, h);
    const float cell_w = camera_image.width / w, cell_h = camera_image.height / h;
    const ImVec2 a(camera_image.x + pixel.x * cell_w, camera_image.y + pixel.y * cell_h);
    draw->AddRect(a, ImVec2(a.x + cell_w, a.y + cell_h), IM_COL32(255, 200, 60, 255), 0, 0, 1.5f);
    // A build command: the structure's footprint where the click would place it, green on
    // free buildable terrain, red where the terrain is not buildable or a structure or
    // resource is in the way.
    if (const auto footprint = build_footprint(armed_->name)) {
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
  draw_call_marker(draw, camera_image, mapper_screen_width(), mapper_screen_height(), false, true);
  draw->PopClipRect();
}

render::WorldRect StudioUi::camera_world_area() const {
  render::WorldPoint camera{0.0f, 0.0f};
  float camera_width = 24.0f;
  if (snapshot_.game_view && snapshot_.game_view->camera_width > 0) camera_width = snapshot_.game_view->camera_width;
  if (snapshot_.timestep && snapshot_.timestep->observation.raw_view.camera) {
    const pysc2::Point2D& position = *snapshot_.timestep->observation.raw_view.camera;
    camera = {position.x, position.y};
  } else if (snapshot_.game_view) {  // the map's centre (the origin when it has no size)
    camera = {snapshot_.game_view->map_width / 2.0f, snapshot_.game_view->map_height / 2.0f};
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
  if (!snapshot_.timestep) return nullptr;
  for (const pysc2::Layer& layer : snapshot_.timestep->observation.feature_screen) {
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
    if (armed_) {
      const LayerPixel at = image_to_pixel(camera_image, ScreenPoint{mouse.x, mouse.y}, w, h);
      send(armed_click(*armed_, false, at, modifiers.shift, available_actions()));
      if (!modifiers.shift) armed_.reset();  // Shift keeps it armed for more queued targets
      return;
    }
    // A click selects the unit drawn under the mouse even near the edge of a small disc.
    std::optional<LayerPixel> click;
    if (snapshot_.timestep) {
      const render::WorldRect area = camera_world_area();
      click = click_pixel(snapshot_.timestep->observation.raw_view, area, w, h,
                          image_to_world(camera_image, area, ScreenPoint{mouse.x, mouse.y}));
    }
    mapper_.left_press(camera_image, ScreenPoint{mouse.x, mouse.y}, click);
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    mapper_.cancel();
    if (armed_) {  // right click cancels a pending target, as in the game
      run_command(UiCommand::cancel);
      return;
    }
    send(mapper_.right_click(camera_image, ScreenPoint{mouse.x, mouse.y}, modifiers, available_actions()));
  }
}

void StudioUi::handle_minimap_input(const ImVec2& min, const ImVec2& size, int width, int height) {
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  const Modifiers modifiers = current_modifiers();
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (armed_) {
      const LayerPixel at = image_to_pixel(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height);
      send(armed_click(*armed_, true, at, modifiers.shift, available_actions()));
      if (!modifiers.shift) armed_.reset();
      return;
    }
    send(mapper_.minimap_click(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height, available_actions()));
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    if (armed_) {
      run_command(UiCommand::cancel);
      return;
    }
    send(mapper_.minimap_right_click(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height, modifiers,
                                     available_actions()));
  }
}

void StudioUi::finish_gesture() {
  if (!mapper_.pressed() || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  send(mapper_.left_release(ScreenPoint{mouse.x, mouse.y}, current_modifiers(), available_actions()));
}

void StudioUi::draw_drag_rect() {
  if (!mapper_.pressed()) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  if (auto rect = mapper_.drag_rect(ScreenPoint{mouse.x, mouse.y})) {
    const ImVec2 a(std::min(rect->first.x, rect->second.x), std::min(rect->first.y, rect->second.y));
    const ImVec2 b(std::max(rect->first.x, rect->second.x), std::max(rect->first.y, rect->second.y));
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(a, b, IM_COL32(0, 255, 0, 30));
    draw->AddRect(a, b, IM_COL32(0, 255, 0, 255));
  }
}

void StudioUi::draw_armed_cursor() {
  if (!armed_) return;
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
  draw->AddText(ImVec2(mouse.x + 14, mouse.y + 10), color, armed_->name.c_str());
}

void StudioUi::send(const MappedInput& input) {
  if (input.call) {
    submit(*input.call);
  } else if (!input.message.empty()) {
    note(input.message);
  }
}

void StudioUi::submit(const pysc2::FunctionCall& call) {
  if (!snapshot_.read_only.empty()) {
    note("not sent (" + snapshot_.read_only + "): " + pysc2::to_string(call));
    return;
  }
  if (raw_actions_ && snapshot_.timestep) {
    const RawMapping raw = to_raw_command(call, snapshot_.timestep->observation.raw_view,
                                          camera_world_area(), mapper_screen_width(), mapper_screen_height());
    if (!raw.spatial) {
      if (raw.command) {
        commands_->submit(*raw.command);
        action_times_.push_back(std::chrono::steady_clock::now());
      } else {
        note(raw.message);
      }
      return;
    }
  }
  commands_->submit(call);
  action_times_.push_back(std::chrono::steady_clock::now());
}

void StudioUi::note(std::string text) {
  const std::uint64_t last = log_.empty() ? 0 : log_.back().sequence;
  notes_.push_back(Note{last, std::move(text)});
  if (notes_.size() > kMaxNotes) notes_.erase(notes_.begin());
}

const std::vector<int>& StudioUi::available_actions() const {
  static const std::vector<int> none;
  return snapshot_.timestep ? snapshot_.timestep->observation.available_actions : none;
}

}  // namespace sc2::app::ui
