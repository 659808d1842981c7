// [SECTION] Index
//   helpers        layout, colours, texture ids
//   StudioUi       refresh (new TimeStep -> textures), draw (all windows)
//   World view     camera area from raw units, input, overlays
//   Feature layers grid of screen and minimap layers, value under the cursor
//   Stats          episode, score, reward, time left, speed controls
//   Action log     every FunctionCall sent and its result
#include "app/ui/studio_ui.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>

#include "app/minigames.h"
#include "client/pysc2/actions.h"
#include "imgui.h"
#include "render/texture_view.h"

namespace sc2::app::ui {

// [SECTION] helpers
namespace {

constexpr const char* kWorldWindow = "World view";
constexpr const char* kLayersWindow = "Feature layers";
constexpr const char* kStatsWindow = "Stats";
constexpr const char* kLogWindow = "Action log";

const ImVec4 kGreen{0.35f, 0.85f, 0.35f, 1.0f};
const ImVec4 kRed{1.0f, 0.35f, 0.3f, 1.0f};
const ImVec4 kYellow{1.0f, 0.85f, 0.3f, 1.0f};
const ImVec4 kDim{0.6f, 0.6f, 0.6f, 1.0f};

// The layers PySC2 users look at first; every other layer follows them.
constexpr const char* kKeyScreenLayers[] = {"height_map", "visibility_map", "player_relative",
                                            "unit_type",  "selected",       "unit_density"};
constexpr const char* kKeyMinimapLayers[] = {"height_map", "visibility_map", "camera", "player_relative", "selected"};

// Default window placement as fractions of the area under the menu bar (first run only;
// afterwards imgui.ini remembers what the user did).
void place_window(float x, float y, float w, float h) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = ImGui::GetFrameHeight();
  const float height = display.y - top;
  ImGui::SetNextWindowPos(ImVec2(std::floor(x * display.x), top + std::floor(y * height)), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::floor(w * display.x), std::floor(h * height)), ImGuiCond_FirstUseEver);
}

ImTextureID texture_id(GLuint texture) { return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)); }

void add_framebuffer_image(ImDrawList* draw, GLuint texture, ImVec2 min, ImVec2 size) {
  const render::TextureUv uv = render::kFramebufferUv;
  draw->AddImage(texture_id(texture), min, ImVec2(min.x + size.x, min.y + size.y), ImVec2(uv.u0, uv.v0),
                 ImVec2(uv.u1, uv.v1));
}

Modifiers current_modifiers() {
  const ImGuiIO& io = ImGui::GetIO();
  return Modifiers{io.KeyShift, io.KeyCtrl};
}

ImageRect to_rect(ImVec2 min, ImVec2 size) { return ImageRect{min.x, min.y, size.x, size.y}; }

std::string format_time(double seconds) {
  if (seconds < 0) seconds = 0;
  const int total = static_cast<int>(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%d:%02d", total / 60, total % 60);
  return text;
}

std::string function_name(int id) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(id);
  return spec ? std::string(spec->name) : "fn#" + std::to_string(id);
}


}  // namespace

// [SECTION] StudioUi
StudioUi::StudioUi(Session& session, const StudioOptions& options)
    : session_(session),
      options_(options),
      mapper_(options.feature_screen_size, options.feature_screen_size),
      speed_(static_cast<float>(options.speed > 0 ? options.speed : 1.0)) {}

void StudioUi::refresh(const SessionSnapshot& snapshot) {
  snapshot_ = snapshot;
  if (snapshot.log_version != log_version_) {
    log_ = session_.action_log();
    log_version_ = snapshot.log_version;
  }
  if (!snapshot.timestep || snapshot.timestep_version == drawn_version_) return;
  const pysc2::Observation& obs = snapshot.timestep->observation;
  for (const pysc2::Layer& layer : obs.feature_screen) layers_["screen/" + layer.name].update(context_, layer, false);
  for (const pysc2::Layer& layer : obs.feature_minimap) layers_["minimap/" + layer.name].update(context_, layer, true);
  if (const pysc2::Layer* screen = obs.feature_screen.empty() ? nullptr : &obs.feature_screen.front()) {
    mapper_.set_screen_size(screen->width, screen->height);
  }
}

bool StudioUi::draw() {
  refresh(session_.snapshot());
  draw_menu_bar(snapshot_);
  draw_world_view(snapshot_);
  draw_feature_layers(snapshot_);
  draw_stats(snapshot_);
  draw_action_log(snapshot_);
  draw_error_banner(snapshot_);
  draw_drag_rect();
  finish_gesture();
  const bool drew_game = snapshot_.timestep != nullptr;
  if (drew_game) drawn_version_ = snapshot_.timestep_version;
  return drew_game;
}

void StudioUi::draw_menu_bar(const SessionSnapshot& snapshot) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("Game")) {
    if (ImGui::MenuItem("Pause", "Space", snapshot.paused)) session_.set_paused(!snapshot.paused);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("All feature layers", nullptr, &show_all_layers_);
    ImGui::MenuItem("Follow action log", nullptr, &follow_log_);
    ImGui::EndMenu();
  }
  const std::string status =
      snapshot.state == SessionState::failed ? "session failed" : std::string(to_string(snapshot.state)) + ": " + snapshot.status;
  const float width = ImGui::CalcTextSize(status.c_str()).x;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX() + 20.0f, ImGui::GetWindowWidth() - width - 12.0f));
  ImGui::TextColored(snapshot.state == SessionState::failed ? kRed : kDim, "%s", status.c_str());
  ImGui::EndMainMenuBar();

  if (!ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
    session_.set_paused(!snapshot.paused);
  }
}

// [SECTION] World view
void StudioUi::draw_world_view(const SessionSnapshot& snapshot) {
  place_window(0.0f, 0.0f, 0.44f, 0.70f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  const bool open = ImGui::Begin(kWorldWindow);
  ImGui::PopStyleVar();
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
  const auto& raw = obs.proto.observation().raw_data();
  render::WorldPoint camera{0.0f, 0.0f};
  if (raw.player().has_camera()) {
    camera = {raw.player().camera().x(), raw.player().camera().y()};
  } else if (snapshot.game_info && snapshot.game_info->start_raw().has_map_size()) {
    camera = {snapshot.game_info->start_raw().map_size().x() / 2.0f, snapshot.game_info->start_raw().map_size().y() / 2.0f};
  }
  const float camera_width = 24.0f;
  const render::WorldRect area = render::camera_area(camera, camera_width, screen_w, screen_h);
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  world_.render(context_, obs, area, static_cast<int>(size.x * scale.x), static_cast<int>(size.y * scale.y));

  ImGui::InvisibleButton("##world", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  add_framebuffer_image(draw, world_.color_texture(), min, size);
  draw->AddRect(min, max, IM_COL32(70, 70, 80, 255));
  handle_screen_input("world", min, size);

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

  if (hovered) {
    const LayerPixel pixel = image_to_pixel(to_rect(min, size), ScreenPoint{ImGui::GetMousePos().x, ImGui::GetMousePos().y},
                                            screen_w, screen_h);
    const render::WorldPoint world = render::screen_to_world(
        area, render::WorldPoint{pixel.x + 0.5f, pixel.y + 0.5f}, screen_w, screen_h);
    ImGui::BeginTooltip();
    ImGui::Text("screen [%d, %d]   world (%.1f, %.1f)", pixel.x, pixel.y, world.x, world.y);
    for (const char* name : {"player_relative", "unit_type", "selected", "unit_density"}) {
      const pysc2::Layer* layer = obs.screen(name);
      if (layer && !layer->empty() && pixel.x < layer->width && pixel.y < layer->height) {
        ImGui::TextColored(kDim, "%-16s %d", name, layer->at(pixel.x, pixel.y));
      }
    }
    ImGui::TextColored(kDim, "left: select  drag: box  right: move  (Shift/Ctrl modify)");
    ImGui::EndTooltip();
  }
  ImGui::End();
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

void StudioUi::handle_screen_input(const std::string& surface, const ImVec2& min, const ImVec2& size) {
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    mapper_.left_press(to_rect(min, size), ScreenPoint{mouse.x, mouse.y});
    pressed_surface_ = surface;
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    mapper_.cancel();
    send(mapper_.right_click(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, current_modifiers(),
                             available_actions()));
  }
}

void StudioUi::handle_minimap_input(const ImVec2& min, const ImVec2& size, int width, int height) {
  if (!ImGui::IsItemHovered() || !ImGui::IsMouseClicked(ImGuiMouseButton_Left)) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  send(mapper_.minimap_click(to_rect(min, size), ScreenPoint{mouse.x, mouse.y}, width, height, available_actions()));
}

void StudioUi::finish_gesture() {
  if (!mapper_.pressed() || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
  const ImVec2 mouse = ImGui::GetMousePos();
  send(mapper_.left_release(ScreenPoint{mouse.x, mouse.y}, current_modifiers(), available_actions()));
  pressed_surface_.clear();
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

void StudioUi::send(const MappedInput& input) {
  if (input.call) {
    session_.submit(*input.call);
  } else if (!input.message.empty()) {
    note(input.message);
  }
}

void StudioUi::note(std::string text) {
  const std::uint64_t last = log_.empty() ? 0 : log_.back().sequence;
  notes_.push_back(Note{last, std::move(text)});
  if (notes_.size() > Session::kMaxLog) notes_.erase(notes_.begin());
}

const std::vector<int>& StudioUi::available_actions() const {
  static const std::vector<int> none;
  return snapshot_.timestep ? snapshot_.timestep->observation.available_actions : none;
}

// [SECTION] Feature layers
void StudioUi::draw_feature_layers(const SessionSnapshot& snapshot) {
  place_window(0.44f, 0.0f, 0.56f, 0.70f);
  if (!ImGui::Begin(kLayersWindow)) {
    ImGui::End();
    return;
  }
  if (!snapshot.timestep) {
    ImGui::TextColored(kDim, "Waiting for the first observation...");
    ImGui::End();
    return;
  }
  ImGui::SetNextItemWidth(160);
  ImGui::SliderFloat("cell size", &layer_cell_width_, 64.0f, 512.0f, "%.0f px");
  ImGui::SameLine();
  ImGui::Checkbox("all layers", &show_all_layers_);
  ImGui::SameLine();
  ImGui::TextColored(kDim, "hover: value   click: act on the screen / move the camera");

  const pysc2::Observation& obs = snapshot.timestep->observation;
  std::vector<std::pair<const pysc2::Layer*, bool>> cells;  // layer, is minimap
  for (const char* name : kKeyScreenLayers) {
    if (const pysc2::Layer* layer = obs.screen(name)) cells.emplace_back(layer, false);
  }
  for (const char* name : kKeyMinimapLayers) {
    if (const pysc2::Layer* layer = obs.minimap(name)) cells.emplace_back(layer, true);
  }
  const std::size_t key_count = cells.size();
  if (show_all_layers_) {
    auto is_key = [](const std::string& name, auto& list) {
      return std::any_of(std::begin(list), std::end(list), [&](const char* key) { return name == key; });
    };
    for (const pysc2::Layer& layer : obs.feature_screen) {
      if (!is_key(layer.name, kKeyScreenLayers)) cells.emplace_back(&layer, false);
    }
    for (const pysc2::Layer& layer : obs.feature_minimap) {
      if (!is_key(layer.name, kKeyMinimapLayers)) cells.emplace_back(&layer, true);
    }
  }

  ImGui::BeginChild("##layer_grid");
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float avail = ImGui::GetContentRegionAvail().x;
  const int columns = std::max(1, static_cast<int>((avail + spacing) / (layer_cell_width_ + spacing)));
  const float cell_width = std::floor((avail - spacing * static_cast<float>(columns - 1)) / static_cast<float>(columns));
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i == key_count && i > 0) {
      ImGui::Spacing();
      ImGui::Separator();
      ImGui::TextColored(kDim, "Other layers");
    }
    const std::size_t index_in_group = i < key_count ? i : i - key_count;
    if (index_in_group % static_cast<std::size_t>(columns) != 0) ImGui::SameLine();
    draw_layer_cell(*cells[i].first, cells[i].second, cell_width);
  }
  ImGui::EndChild();
  ImGui::End();
}

void StudioUi::draw_layer_cell(const pysc2::Layer& layer, bool minimap, float cell_width) {
  const std::string key = (minimap ? "minimap/" : "screen/") + layer.name;
  const std::string title = (minimap ? "minimap " : "screen ") + layer.name;
  ImGui::BeginGroup();
  ImGui::PushID(key.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, minimap ? ImVec4(0.55f, 0.75f, 1.0f, 1.0f) : ImVec4(0.9f, 0.9f, 0.9f, 1.0f));
  const ImVec2 text_size = ImGui::CalcTextSize(title.c_str());
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (cell_width - text_size.x) / 2));
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopStyleColor();

  const float aspect = layer.height > 0 ? static_cast<float>(layer.width) / static_cast<float>(layer.height) : 1.0f;
  const ImVec2 size(cell_width, std::floor(cell_width / aspect));
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##layer", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  auto found = layers_.find(key);
  if (found != layers_.end() && found->second.ready()) {
    add_framebuffer_image(draw, found->second.color_texture(), min, size);
  } else {
    draw->AddRectFilled(min, ImVec2(min.x + size.x, min.y + size.y), IM_COL32(0, 0, 0, 255));
  }
  draw->AddRect(min, ImVec2(min.x + size.x, min.y + size.y), IM_COL32(70, 70, 80, 255));
  if (minimap) {
    handle_minimap_input(min, size, layer.width, layer.height);
  } else {
    handle_screen_input(key, min, size);
  }
  if (ImGui::IsItemHovered() && !layer.empty()) {
    const LayerPixel pixel = image_to_pixel(to_rect(min, size), ScreenPoint{ImGui::GetMousePos().x, ImGui::GetMousePos().y},
                                            layer.width, layer.height);
    ImGui::BeginTooltip();
    ImGui::Text("%s [%d, %d] = %d", title.c_str(), pixel.x, pixel.y, layer.at(pixel.x, pixel.y));
    ImGui::TextColored(kDim, "%s, scale %d, %dx%d", layer.kind == pysc2::LayerKind::scalar ? "scalar" : "categorical",
                       layer.scale, layer.width, layer.height);
    ImGui::EndTooltip();
  }
  ImGui::PopID();
  ImGui::EndGroup();
}

// [SECTION] Stats
void StudioUi::draw_stats(const SessionSnapshot& snapshot) {
  place_window(0.0f, 0.70f, 0.44f, 0.30f);
  if (!ImGui::Begin(kStatsWindow)) {
    ImGui::End();
    return;
  }
  if (ImGui::BeginTable("##stats", 4, ImGuiTableFlags_SizingStretchProp)) {
    const pysc2::Observation* obs = snapshot.timestep ? &snapshot.timestep->observation : nullptr;
    const std::uint32_t loop = obs ? obs->game_loop : 0;
    const auto limit = episode_loop_limit(options_.map);
    char buffer[96];
    auto cell = [](const char* key, const std::string& value, const ImVec4* color = nullptr) {
      ImGui::TableNextColumn();
      ImGui::TextColored(kDim, "%s", key);
      ImGui::TableNextColumn();
      if (color) {
        ImGui::TextColored(*color, "%s", value.c_str());
      } else {
        ImGui::TextUnformatted(value.c_str());
      }
    };
    cell("map", options_.map);
    cell("state", to_string(snapshot.state), snapshot.state == SessionState::failed ? &kRed : &kGreen);
    cell("score", obs ? std::to_string(obs->score) : "-", &kGreen);
    cell("episode", std::to_string(snapshot.episode));
    std::snprintf(buffer, sizeof buffer, "%+.0f", snapshot.last_reward);
    cell("last reward", buffer, snapshot.last_reward > 0 ? &kYellow : nullptr);
    cell("episode step", std::to_string(snapshot.episode_steps));
    std::snprintf(buffer, sizeof buffer, "%.0f", snapshot.episode_reward);
    cell("episode reward", buffer);
    cell("game loop", std::to_string(loop));
    cell("time", format_time(loop / kGameLoopsPerSecond));
    cell("time left", limit ? format_time((*limit - static_cast<double>(loop)) / kGameLoopsPerSecond) : "-");
    if (!snapshot.finished_episode_scores.empty()) {
      double sum = 0;
      for (double score : snapshot.finished_episode_scores) sum += score;
      std::snprintf(buffer, sizeof buffer, "%.2f (%zu episodes)", sum / snapshot.finished_episode_scores.size(),
                    snapshot.finished_episode_scores.size());
      cell("mean score", buffer);
    } else {
      cell("mean score", "-");
    }
    std::snprintf(buffer, sizeof buffer, "%.0f", ImGui::GetIO().Framerate);
    cell("fps", buffer);
    cell("step_mul", std::to_string(options_.step_mul));
    if (obs) {
      std::snprintf(buffer, sizeof buffer, "%lld / %lld", static_cast<long long>(obs->player[3]),
                    static_cast<long long>(obs->player[4]));
      cell("food", buffer);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  bool paused = snapshot.paused;
  if (ImGui::Checkbox("pause (Space)", &paused)) session_.set_paused(paused);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(140);
  if (ImGui::SliderFloat("speed x real time", &speed_, 0.25f, 8.0f, "%.2f", ImGuiSliderFlags_Logarithmic)) {
    session_.set_speed(speed_);
  }
  ImGui::End();
}

// [SECTION] Action log
void StudioUi::draw_action_log(const SessionSnapshot&) {
  place_window(0.44f, 0.70f, 0.56f, 0.30f);
  if (!ImGui::Begin(kLogWindow)) {
    ImGui::End();
    return;
  }
  ImGui::Checkbox("follow", &follow_log_);
  ImGui::SameLine();
  ImGui::TextColored(kDim, "%zu sent   available:", log_.size());
  ImGui::SameLine();
  std::string available;
  for (int id : available_actions()) available += (available.empty() ? "" : ", ") + function_name(id);
  ImGui::TextWrapped("%s", available.empty() ? "-" : available.c_str());
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("##log", 4, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 36.0f);
    ImGui::TableSetupColumn("loop", ImGuiTableColumnFlags_WidthFixed, 56.0f);
    ImGui::TableSetupColumn("FunctionCall", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn("result", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableHeadersRow();
    std::size_t next_note = 0;
    auto draw_notes_until = [&](std::uint64_t sequence) {
      while (next_note < notes_.size() && notes_[next_note].after_sequence <= sequence) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(2);
        ImGui::TextColored(kYellow, "%s", notes_[next_note].text.c_str());
        ++next_note;
      }
    };
    draw_notes_until(log_.empty() ? 0 : log_.front().sequence - 1);
    for (const ActionRecord& record : log_) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextColored(kDim, "%" PRIu64, record.sequence);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextColored(kDim, "%u", record.game_loop);
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(record.text.c_str());
      ImGui::TableSetColumnIndex(3);
      ImGui::TextColored(record.failed ? kRed : (record.result == "ok" ? kGreen : kDim), "%s", record.result.c_str());
      draw_notes_until(record.sequence);
    }
    draw_notes_until(UINT64_MAX);
    if (follow_log_ && ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f) ImGui::SetScrollHereY(1.0f);
    ImGui::EndTable();
  }
  ImGui::End();
}

void StudioUi::draw_error_banner(const SessionSnapshot& snapshot) {
  if (snapshot.state != SessionState::failed) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float width = std::min(display.x - 40.0f, 900.0f);
  ImGui::SetNextWindowPos(ImVec2((display.x - width) / 2, ImGui::GetFrameHeight() + 12.0f));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.45f, 0.06f, 0.06f, 0.96f));
  ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(1.0f, 0.3f, 0.3f, 1.0f));
  ImGui::Begin("##error_banner", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::TextColored(ImVec4(1, 0.85f, 0.85f, 1), "The game session failed");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(snapshot.error.c_str());
  ImGui::PopTextWrapPos();
  ImGui::TextColored(ImVec4(1, 0.7f, 0.7f, 1), "Check --sc2path / $SC2PATH, or that sc2lite is next to sc2studio.");
  ImGui::End();
  ImGui::PopStyleColor(2);
}

}  // namespace sc2::app::ui
