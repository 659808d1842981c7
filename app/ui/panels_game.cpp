// [SECTION] Index
//   Menu bar     Game / View menus, session status
//   Top bar      minerals, vespene, supply, time, time left, score, reward, APM, fps, loops/s
//   Game panel   pause, step, speed, episode stats, episode list + reward plot, settings
//   Action log   every FunctionCall sent, who sent it (human / agent) and its result, UI notes
//   Help         every binding of the keymap
//   Error banner a failed session: the error and a restart button
//   Result banner a melee game's end: Victory / Defeat / Tie, until the next game
#include <algorithm>
#include <cinttypes>

#include "app/ui/cheap_drawing.h"
#include "app/ui/log_detail.h"
#include "app/ui/mode_text.h"
#include "app/ui/pace_text.h"
#include "app/ui/resource_legend.h"
#include "app/ui/result_text.h"
#include "app/ui/studio_ui.h"
#include "app/ui/ui_helpers.h"
#include "app/session/opponent_choice.h"
#include "client/map_catalog.h"
#include "client/local_map_file.h"
#include "client/map_paths.h"
#include "client/pysc2/opponent.h"

namespace sc2::app::ui {

namespace {
constexpr const char* kGameWindow = "Game";
constexpr const char* kLogWindow = "Action log";

// A map's time limit and description as a tooltip over the last item (nothing for a map the
// catalogue does not know, e.g. a real game's ladder map).
void map_facts_tooltip(const std::string& map) {
  const MapFacts* facts = find_map_facts(map);
  if (facts == nullptr || !ImGui::IsItemHovered()) return;
  // The clock runs at Faster (22.4 loops a second), as the game's own; the maps count their
  // limits in game seconds of 16 loops.
  ImGui::SetTooltip("%.*s\nends after %s (%u game seconds)", static_cast<int>(facts->description.size()),
                    facts->description.data(), format_time(facts->time_limit_loops / kGameLoopsPerSecond).c_str(),
                    facts->time_limit_loops / 16u);
}
}  // namespace

// [SECTION] Menu bar
void StudioUi::draw_menu_bar(const SessionSnapshot& snapshot) {
  // The bar's own colour (MenuBarBg) covers the whole window: its window background under it
  // was a second fill of ~28 K pixels per frame for nothing (app/ui/cheap_drawing.h).
  ImGui::SetNextWindowBgAlpha(0.0f);
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("Game")) {
    if (ImGui::MenuItem(snapshot.paces_game ? "Pause" : "Pause the view", input_.keymap.keys_for("pause").c_str(), snapshot.paused)) {
      run_command(UiCommand::pause);
    }
    if (ImGui::MenuItem("Single step", input_.keymap.keys_for("step").c_str())) run_command(UiCommand::step);
    if (ImGui::MenuItem("Restart episode", input_.keymap.keys_for("restart").c_str())) run_command(UiCommand::restart);
    if (ImGui::MenuItem("Save replay", input_.keymap.keys_for("save_replay").c_str())) run_command(UiCommand::save_replay);
    if (ImGui::MenuItem("Screenshot", input_.keymap.keys_for("screenshot").c_str())) run_command(UiCommand::screenshot);
    if (ImGui::MenuItem(snapshot.controller == Controller::agent ? "Take over from the agent" : "Hand back to the agent",
                        input_.keymap.keys_for("toggle_control").c_str(), false, !snapshot.agent.empty())) {
      run_command(UiCommand::toggle_control);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Restart the game")) requests_.restart = options_;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("All feature layers", nullptr, &layers_.show_all);
    ImGui::MenuItem("Follow action log", nullptr, &view_.follow_log);
    ImGui::MenuItem("Key bindings", input_.keymap.keys_for("help").c_str(), &view_.show_help);
    if (ImGui::MenuItem("player_relative over the world view", input_.keymap.keys_for("toggle_player_relative").c_str(),
                        world_.renderer.player_relative_overlay())) {
      run_command(UiCommand::toggle_player_relative);
    }
    if (ImGui::MenuItem("Synchronous rendering", input_.keymap.keys_for("toggle_render_sync").c_str(),
                        snapshot.render_sync)) {
      run_command(UiCommand::toggle_render_sync);
    }
    if (ImGui::MenuItem("Raw-interface actions", input_.keymap.keys_for("toggle_raw_actions").c_str(), input_.raw_actions)) {
      run_command(UiCommand::toggle_raw_actions);
    }
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Help")) view_.show_help = !view_.show_help;
  const std::string status = snapshot.state == SessionState::failed
                                 ? "session failed"
                                 : std::string(to_string(snapshot.state)) + ": " + snapshot.status;
  const float width = ImGui::CalcTextSize(status.c_str()).x;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX() + 20.0f, ImGui::GetWindowWidth() - width - 12.0f));
  ImGui::TextColored(snapshot.state == SessionState::failed ? kRed : kDim, "%s", status.c_str());
  ImGui::EndMainMenuBar();
}

// [SECTION] Top bar
void StudioUi::draw_top_bar(const SessionSnapshot& snapshot) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, ImGui::GetFrameHeight()));
  ImGui::SetNextWindowSize(ImVec2(display.x, top_bar_height()));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.07f, 0.08f, 0.10f, 1.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 4));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  // Exactly the bar's height (the default minimum, 32 px, reached under the panels below, which
  // then had to draw their own backgrounds: app/ui/cheap_drawing.h).
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(0, 0));
  ImGui::Begin("##top_bar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::PopStyleVar(3);
  const pysc2::Observation* obs = snapshot.timestep ? &snapshot.timestep->observation : nullptr;
  char value[64];
  auto item = [&](const char* caption, const ImVec4* color = nullptr) {
    stat(caption, value, color);
    ImGui::SameLine(0, 18);
  };
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(kAccent, "%s", map_name_from_path(options_.map).c_str());
  map_facts_tooltip(options_.map);
  ImGui::SameLine(0, 18);
  // The world view's colours for the two resources (render/resource_kind.h).
  const ImVec4 mineral = ImGui::ColorConvertU32ToFloat4(to_color(render::kMineralColor));
  const ImVec4 gas = ImGui::ColorConvertU32ToFloat4(to_color(render::kVespeneColor));
  std::snprintf(value, sizeof value, "%" PRId64, obs ? obs->player[1] : 0);
  item("minerals", &mineral);
  std::snprintf(value, sizeof value, "%" PRId64, obs ? obs->player[2] : 0);
  item("vespene", &gas);
  // Combat maps give no supply cap (food_cap 0): show what is used, not "9/0".
  const std::int64_t food_used = obs ? obs->player[3] : 0, food_cap = obs ? obs->player[4] : 0;
  if (food_cap > 0) {
    std::snprintf(value, sizeof value, "%" PRId64 "/%" PRId64, food_used, food_cap);
  } else {
    std::snprintf(value, sizeof value, "%" PRId64, food_used);
  }
  item("supply");
  const std::uint32_t loop = obs ? obs->game_loop : 0;
  std::snprintf(value, sizeof value, "%s", format_time(loop / kGameLoopsPerSecond).c_str());
  item("time");
  const MapFacts* facts = find_map_facts(options_.map);
  std::snprintf(value, sizeof value, "%s",
                facts ? format_time((facts->time_limit_loops - static_cast<double>(loop)) / kGameLoopsPerSecond).c_str()
                      : "-");
  item("left");
  std::snprintf(value, sizeof value, "%" PRId64, obs ? obs->score : 0);
  item("score", &kGreen);
  std::snprintf(value, sizeof value, "%+.0f", snapshot.last_reward);
  item("reward", snapshot.last_reward > 0 ? &kYellow : nullptr);
  std::snprintf(value, sizeof value, "%zu", rates_.action_times.size());
  item("APM");
  std::snprintf(value, sizeof value, "%.0f", ImGui::GetIO().Framerate);
  item("fps");
  // The game's measured rate, and the speed control's setting (the view's own while the
  // player's client paces an observed game: app/ui/pace_text.h).
  auto bar_item = [&](const BarItem& shown, const ImVec4* color) {
    ImGui::BeginGroup();
    if (shown.caption.empty()) {
      ImGui::TextColored(color ? *color : kDim, "%s", shown.value.c_str());
    } else {
      stat(shown.caption.c_str(), shown.value.c_str(), color);
    }
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shown.tooltip.c_str());
  };
  if (snapshot.mode == SessionMode::observe && snapshot.observed_pace.known) {
    // The server tells the game's own rate and pace (sc2lite): better than what the view sees.
    bar_item(observed_rate_item(snapshot.observed_pace), nullptr);
    ImGui::SameLine(0, 18);
    bar_item(observed_pace_item(snapshot.observed_pace), snapshot.observed_pace.paused ? &kYellow : nullptr);
  } else {
    bar_item(game_rate_item(rates_.loops_per_second, snapshot.paces_game, snapshot.paused), nullptr);
  }
  ImGui::SameLine(0, 18);
  bar_item(speed_item(snapshot.paces_game, snapshot.paused, speed_.fastest, speed_.factor), snapshot.paused ? &kYellow : nullptr);
  if (input_.raw_actions) {
    ImGui::SameLine();
    ImGui::TextColored(kYellow, "RAW ACTIONS");
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

// [SECTION] Game panel
void StudioUi::draw_game_panel(const SessionSnapshot& snapshot) {
  place_window(0.78f, 0.52f, 0.22f, 0.48f);
  skip_background_over_backdrop(kGameWindow);
  if (!ImGui::Begin(kGameWindow)) {
    ImGui::End();
    return;
  }
  // Control row: they pace the game, or (observing) only this view: app/ui/pace_text.h.
  const bool paces_game = snapshot.paces_game;
  if (ImGui::Button(pause_label(paces_game, snapshot.paused), ImVec2(paces_game ? 64.0f : 0.0f, 0))) run_command(UiCommand::pause);
  ImGui::SameLine();
  ImGui::BeginDisabled(!snapshot.paused);
  if (ImGui::Button("Step")) run_command(UiCommand::step);
  ImGui::EndDisabled();
  if (!paces_game && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("while the view is paused: show the next observation");
  }
  ImGui::SameLine();
  if (ImGui::Button("Restart")) run_command(UiCommand::restart);
  if (paces_game) {
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - 70.0f));
    ImGui::BeginDisabled(speed_.fastest);
    float speed = speed_.factor;
    if (ImGui::SliderFloat("##speed", &speed, 0.25f, 16.0f, "%.2fx real time", ImGuiSliderFlags_Logarithmic)) {
      set_speed(speed);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Checkbox("max", &speed_.fastest)) set_speed(speed_.factor);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("as fast as the game answers");
  }
  // Observing: whether the controls pace the player's game, and why not (the server's reason).
  const std::string note = snapshot.mode == SessionMode::observe ? observed_pace_note(snapshot) : pace_note(paces_game);
  if (!note.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(snapshot.observed_pace.you_control ? kGreen : kDim, "%s", note.c_str());
    ImGui::PopTextWrapPos();
  }

  // Episode stats.
  ImGui::Separator();
  if (ImGui::BeginTable("##stats", 2, ImGuiTableFlags_SizingStretchProp)) {
    auto row = [](const char* key, const std::string& value) {
      ImGui::TableNextColumn();
      ImGui::TextColored(kDim, "%s", key);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(value.c_str());
    };
    char buffer[96];
    row("episode", std::to_string(snapshot.episode));
    if (!snapshot.opponent.empty()) {
      row("opponent", snapshot.opponent);
      if (snapshot.game_result) row("result", result_title(*snapshot.game_result));
    }
    row("episode step", std::to_string(snapshot.episode_steps));
    std::snprintf(buffer, sizeof buffer, "%.0f", snapshot.episode_reward);
    row("episode reward", buffer);
    if (!snapshot.finished_episode_scores.empty()) {
      double sum = 0;
      for (double score : snapshot.finished_episode_scores) sum += score;
      std::snprintf(buffer, sizeof buffer, "%.2f over %zu", sum / snapshot.finished_episode_scores.size(),
                    snapshot.finished_episode_scores.size());
      row("mean score", buffer);
    } else {
      row("mean score", "-");
    }
    row("step_mul", std::to_string(snapshot.step_mul) + "  (Ctrl+PgUp / PgDn)");
    row("state", std::string(to_string(snapshot.state)) + (snapshot.render_sync ? ", every observation drawn (F11)" : ""));
    ImGui::EndTable();
  }
  // The chosen episode's reward curve and the list of episodes (panels_agent.cpp).
  draw_episodes();

  // Settings: apply restarts the game.
  ImGui::Separator();
  if (ImGui::CollapsingHeader("Settings (restart the game)", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::SetNextItemWidth(-70);
    // The maps the game listed (a real game's ladder maps included).
    if (ImGui::BeginCombo("map", map_name_from_path(settings_.edited.map).c_str())) {
      for (std::size_t i = 0; i < settings_.maps.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Selectable(map_name_from_path(settings_.maps[i]).c_str(), settings_.edited.map == settings_.maps[i])) settings_.edited.map = settings_.maps[i];
        map_facts_tooltip(settings_.maps[i]);
        ImGui::PopID();
      }
      ImGui::EndCombo();
    }
    map_facts_tooltip(settings_.edited.map);
    draw_map_file_field();
    // A melee map: the built-in AI's level (VeryEasy unless chosen, app/opponent_choice.h).
    if (const auto computer = computer_for(settings_.edited.map, settings_.edited.opponent)) {
      ImGui::SetNextItemWidth(-70);
      const std::string shown = settings_.edited.opponent.empty() ? pysc2::bot_opponents().front() : settings_.edited.opponent;
      if (ImGui::BeginCombo("opponent", shown.c_str())) {
        for (const std::string& level : pysc2::bot_opponents()) {
          if (ImGui::Selectable(level.c_str(), level == shown)) settings_.edited.opponent = level;
        }
        ImGui::EndCombo();
      }
    }
    ImGui::SetNextItemWidth(-70);
    ImGui::SliderInt("screen", &settings_.edited.feature_screen_size, 16, 256, "%d px");
    ImGui::SetNextItemWidth(-70);
    ImGui::SliderInt("minimap", &settings_.edited.feature_minimap_size, 16, 256, "%d px");
    const bool changed = settings_.edited.map != options_.map || settings_.edited.feature_screen_size != options_.feature_screen_size ||
                         settings_.edited.feature_minimap_size != options_.feature_minimap_size ||
                         settings_.edited.opponent != options_.opponent;
    ImGui::BeginDisabled(!changed);
    if (ImGui::Button("Apply and restart")) requests_.restart = settings_.edited;
    remember_control("settings/apply");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Restart game")) requests_.restart = options_;
    remember_control("settings/restart");
  }
  ImGui::End();
}

// A map file on this computer (PATH.SC2Map): "use" makes it the edited map, sent to the game as
// its bytes on the next restart; a path that cannot be played says why under the field.
void StudioUi::draw_map_file_field() {
  char buffer[1024];
  std::snprintf(buffer, sizeof buffer, "%s", settings_.map_file.c_str());
  ImGui::SetNextItemWidth(-70);
  if (ImGui::InputTextWithHint("##map_file", "a map file here: PATH.SC2Map", buffer, sizeof buffer)) {
    settings_.map_file = buffer;
    settings_.map_file_error.clear();
  }
  remember_control("settings/map_file");
  ImGui::SameLine();
  if (ImGui::Button("use")) {
    settings_.map_file_error = local_map_file_refusal(settings_.map_file);
    if (settings_.map_file_error.empty()) settings_.edited.map = settings_.map_file;
  }
  remember_control("settings/map_file_use");
  if (!settings_.map_file_error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kRed, "%s", settings_.map_file_error.c_str());
    ImGui::PopTextWrapPos();
  }
}

// [SECTION] Action log
// The table shows a line per call (only the rows in view are built); its FunctionCall column is
// too narrow for a whole call at the default window size, so a detail line under it shows the
// whole of the clicked row, or of the newest call, and hovering a row shows it too.
void StudioUi::draw_action_log(const SessionSnapshot& snapshot) {
  place_window(0.37f, 0.64f, 0.23f, 0.36f);
  skip_background_over_backdrop(kLogWindow);
  log_view_.detail_shown.clear();
  if (!ImGui::Begin(kLogWindow)) {
    ImGui::End();
    return;
  }
  ImGui::Checkbox("follow", &view_.follow_log);
  ImGui::SameLine();
  ImGui::TextColored(kDim, "%zu sent; click a row", shown_.log.size());

  // The detail line is measured first: the table takes the height it leaves.
  const ActionRecord* detailed = detailed_record(shown_.log, log_view_.selected);
  const bool chosen = detailed != nullptr && log_view_.selected == detailed->sequence;
  const LogDetail detail = detailed ? log_detail(*detailed, snapshot.mode, chosen) : LogDetail{"no call yet", "", ""};
  const std::string about = detail.header + detail.result;  // results can be long: wrapped too
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap_width = ImGui::GetContentRegionAvail().x;
  const float call_height = detail.call.empty() ? 0.0f : ImGui::CalcTextSize(detail.call.c_str(), nullptr, false, wrap_width).y;
  const float footer = 2.0f * style.ItemSpacing.y + 1.0f + ImGui::CalcTextSize(about.c_str(), nullptr, false, wrap_width).y + call_height;

  // No row backgrounds: every other row was a blended fill (~26 K of the table's 51 K pixels in
  // the first-run layout, each shaded by a software renderer); column borders keep rows apart.
  // "#" starts hidden (right click the header to show it): the call needs the room more.
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                ImGuiTableFlags_Hideable | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("##log", 5, flags, ImVec2(0.0f, -footer))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_DefaultHide, 30.0f);
    ImGui::TableSetupColumn("loop", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoHide, 44.0f);
    ImGui::TableSetupColumn("by", ImGuiTableColumnFlags_WidthFixed, 46.0f);
    ImGui::TableSetupColumn("FunctionCall", ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_NoHide, 3.0f);
    ImGui::TableSetupColumn("result", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    std::size_t next_note = 0;
    auto draw_notes_until = [&](std::uint64_t sequence) {
      while (next_note < shown_.notes.size() && shown_.notes[next_note].after_sequence <= sequence) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(3);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(kYellow, "%s", shown_.notes[next_note].text.c_str());
        ImGui::PopTextWrapPos();
        ++next_note;
      }
    };
    auto draw_record = [&](const ActionRecord& record) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextColored(kDim, "%" PRIu64, record.sequence);
      // The row's handle: the loop column, which cannot be hidden, selects across the row.
      ImGui::TableSetColumnIndex(1);
      char label[48];
      std::snprintf(label, sizeof label, "%u##%" PRIu64, record.game_loop, record.sequence);
      const bool selected = log_view_.selected == record.sequence;
      ImGui::PushStyleColor(ImGuiCol_Text, kDim);
      if (ImGui::Selectable(label, selected, ImGuiSelectableFlags_SpanAllColumns)) {
        log_view_.selected = selected ? std::nullopt : std::optional<std::uint64_t>(record.sequence);
      }
      ImGui::PopStyleColor();
      remember_control("log/row/" + std::to_string(record.sequence));
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
        ImGui::TextUnformatted(record.text.c_str());
        ImGui::TextColored(record.failed ? kRed : kDim, "%s", record.result.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::TableSetColumnIndex(2);
      const ImVec4& colour = shown_.snapshot.mode != SessionMode::play ? kDim : (record.source == Controller::agent ? kMagenta : kCyan);
      ImGui::TextColored(colour, "%s", call_source_text(record.source, shown_.snapshot.mode));
      ImGui::TableSetColumnIndex(3);
      ImGui::TextUnformatted(record.text.c_str());
      ImGui::TableSetColumnIndex(4);
      ImGui::TextColored(record.failed ? kRed : (record.result == "ok" ? kGreen : kDim), "%s", record.result.c_str());
    };
    // The log holds up to 2,000 calls (the session's limit) (full agent speed fills it in seconds): only
    // the rows in view are built, through one list clipper per run of calls between two notes
    // (notes wrap, so their rows have their own heights and are drawn as they are).
    draw_notes_until(shown_.log.empty() ? 0 : shown_.log.front().sequence - 1);
    for (std::size_t begin = 0; begin < shown_.log.size();) {
      std::size_t end = begin;  // the first call a note follows, or the end
      while (end < shown_.log.size() &&
             !(next_note < shown_.notes.size() && shown_.notes[next_note].after_sequence <= shown_.log[end].sequence)) {
        ++end;
      }
      const std::size_t last = std::min(end + 1, shown_.log.size());
      ImGuiListClipper clipper;
      clipper.Begin(static_cast<int>(last - begin));
      while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) draw_record(shown_.log[begin + static_cast<std::size_t>(i)]);
      }
      if (end < shown_.log.size()) draw_notes_until(shown_.log[end].sequence);
      begin = last;
    }
    draw_notes_until(UINT64_MAX);
    if (view_.follow_log && ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f) ImGui::SetScrollHereY(1.0f);
    ImGui::EndTable();
  }

  // The detail line: which call and what became of it, then the whole call, wrapped.
  ImGui::Separator();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(detailed && detailed->failed ? kRed : kDim, "%s", about.c_str());
  ImGui::PopTextWrapPos();
  if (detailed) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(detail.call.c_str());
    ImGui::PopTextWrapPos();
    const ImVec2 window_min = ImGui::GetWindowPos();
    const ImVec2 window_max(window_min.x + ImGui::GetWindowWidth(), window_min.y + ImGui::GetWindowHeight());
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    if (min.x >= window_min.x && min.y >= window_min.y && max.x <= window_max.x && max.y <= window_max.y) {
      log_view_.detail_shown = detail.call;
    }
  }
  ImGui::End();
}

// [SECTION] Help
void StudioUi::draw_help() {
  if (!view_.show_help) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(720.0f, display.x - 40), std::min(560.0f, display.y - 60)), ImGuiCond_Appearing);
  ImGui::SetNextWindowBgAlpha(0.97f);
  if (!ImGui::Begin("Key bindings and mouse", &view_.show_help, ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  ImGui::TextColored(kDim, "Edit the keys in <config dir>/keymap.txt (a copy of assets/keymap.txt).");
  if (ImGui::BeginTable("##mouse", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    const std::pair<const char*, const char*> mouse[] = {
        {"left click (world / screen layer)", "select_point: select, Shift toggle, Ctrl all of type, Ctrl+Shift add all"},
        {"left drag", "select_rect: select, Shift add"},
        {"right click", "Smart_screen / Smart_minimap (Shift queues)"},
        {"minimap left click", "move_camera"},
        {"armed command + click", "<Ability>_screen / _minimap, Shift queues; right click cancels"},
        {"world view wheel / middle click", "zoom around the mouse / fit the camera area"},
        {"layer title click", "open the layer in an inspector"},
        {"inspector wheel / left drag", "zoom around the mouse (pixel grid from 8x) / pan"},
        {"Selection panel click", "select_unit: select, Shift deselect, Ctrl all of type (multi-selection)"},
        {"production queue click", "build_queue: cancel that item"}};
    for (const auto& [gesture, meaning] : mouse) {
      ImGui::TableNextColumn();
      ImGui::TextColored(kAccent, "%s", gesture);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(meaning);
    }
    ImGui::EndTable();
  }
  // What the World view's discs mean: the resources drawn apart, then everything else.
  ImGui::Separator();
  ImGui::TextColored(kAccent, "World view");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (render::ResourceKind kind :
       {render::ResourceKind::minerals, render::ResourceKind::vespene_geyser, render::ResourceKind::gas_building}) {
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    draw_resource_swatch(draw, ImVec2(at.x + line / 2, at.y + line / 2), std::floor(line * 0.45f), kind);
    ImGui::Dummy(ImVec2(line, line));
    ImGui::SameLine();
    const char* meaning = kind == render::ResourceKind::minerals     ? "blue disc: minerals left written under it"
                          : kind == render::ResourceKind::vespene_geyser ? "green disc, dark vent: vespene left written under it"
                                                                          : "owner's disc, green core: a Refinery (Assimilator, Extractor) over its geyser";
    ImGui::Text("%s  ", render::resource_kind_name(kind));
    ImGui::SameLine();
    ImGui::TextColored(kDim, "%s", meaning);
  }
  ImGui::TextColored(kDim, "Other units: a disc in the owner's colour (player_absolute), a tick where it faces, green ring when selected.");
  ImGui::Separator();
  if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 140.0f);
    ImGui::TableSetupColumn("action");
    ImGui::TableHeadersRow();
    for (const KeyBinding& binding : input_.keymap.bindings()) {
      if (binding.chord.key.empty()) continue;
      ImGui::TableNextColumn();
      ImGui::TextColored(kYellow, "%s", to_string(binding.chord).c_str());
      ImGui::TableNextColumn();
      std::string meaning = binding.action;
      if (binding.action.starts_with("control_group_")) meaning += "  (Ctrl set, Shift append, Alt steal)";
      if (binding.action == "select_idle_worker") meaning += "  (Ctrl all, Shift add)";
      if (binding.action == "select_army") meaning += "  (Shift add)";
      if (binding.action == "select_larva_or_warp_gates") meaning += "  (Shift adds warp gates)";
      if (binding.action.starts_with("ability:")) meaning += "  (Shift queues)";
      if (binding.action == "toggle_control") meaning += "  (watch mode: take over from the agent / hand back)";
      if (binding.action == "toggle_raw_actions") meaning += "  (clicks and commands go out as raw unit commands)";
      ImGui::TextUnformatted(meaning.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

// [SECTION] Error banner
void StudioUi::draw_error_banner(const SessionSnapshot& snapshot) {
  if (snapshot.state != SessionState::failed) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float width = std::min(display.x - 40.0f, 900.0f);
  ImGui::SetNextWindowPos(ImVec2((display.x - width) / 2, ImGui::GetFrameHeight() + top_bar_height() + 12.0f));
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
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(1, 0.7f, 0.7f, 1), "%s", failure_hint(snapshot.mode).c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button(restart_label(snapshot.mode))) requests_.restart = options_;
  remember_control("banner/restart");
  // The game's first map (the default) when another one failed.
  if (snapshot.mode == SessionMode::play && !settings_.maps.empty() && options_.map != settings_.maps.front()) {
    ImGui::SameLine();
    if (ImGui::Button(("Play " + map_name_from_path(settings_.maps.front()) + " instead").c_str())) {
      StudioOptions fallback = options_;
      fallback.map = settings_.maps.front();
      requests_.restart = fallback;
    }
  }
  ImGui::End();
  ImGui::PopStyleColor(2);
}

// [SECTION] Result banner
// Over the top of the window while a melee game that ended waits for a restart: the result in
// large letters on its colour, the game loop it ended at and whom it was played against, and
// the buttons for the next game and for a replay of this one.
void StudioUi::draw_result_banner(const SessionSnapshot& snapshot) {
  if (!snapshot.game_result || snapshot.state == SessionState::failed || !snapshot.timestep) return;
  const int result = *snapshot.game_result;
  const BannerColour colour = result_banner_colour(result);
  const ImVec4 background(colour.r / 255.0f, colour.g / 255.0f, colour.b / 255.0f, 1.0f);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float width = std::min(display.x - 40.0f, 520.0f);
  ImGui::SetNextWindowPos(ImVec2((display.x - width) / 2, ImGui::GetFrameHeight() + top_bar_height() + 12.0f));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, background);
  ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(1.0f, 1.0f, 1.0f, 0.8f));
  ImGui::Begin("##result_banner", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::SetWindowFontScale(3.0f);
  const char* title = result_title(result);
  ImGui::SetCursorPosX((width - ImGui::CalcTextSize(title).x) / 2);
  ImGui::TextColored(ImVec4(1, 1, 1, 1), "%s", title);
  ImGui::SetWindowFontScale(1.0f);
  const std::uint32_t loop = snapshot.timestep->observation.game_loop;
  const std::string line = map_name_from_path(snapshot.map) + " against " + snapshot.opponent + ", game over at " +
                           format_time(loop / kGameLoopsPerSecond) + " (loop " + std::to_string(loop) + ")";
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(1, 1, 1, 0.9f), "%s", line.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Play again")) run_command(UiCommand::restart);
  remember_control("result/restart");
  ImGui::SameLine();
  if (ImGui::Button("Save replay")) run_command(UiCommand::save_replay);
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(1, 1, 1, 0.75f), "(the episode list keeps the result)");
  ImGui::End();
  ImGui::PopStyleColor(2);
}

// [SECTION] Named controls (scripted runs)
void StudioUi::remember_control(const std::string& name) {
  if (ImGui::IsItemVisible()) input_.controls[name] = to_rect(ImGui::GetItemRectMin(), ImGui::GetItemRectSize());
}

std::optional<ImageRect> StudioUi::control_rect(const std::string& name) const {
  const auto found = input_.controls.find(name);
  if (found == input_.controls.end()) return std::nullopt;
  return found->second;
}

std::string StudioUi::edit_setting(const std::string& name, const std::string& value) {
  if (name == "map") {
    if (settings_.maps.empty()) return "the game has not listed its maps yet";
    // A map file here is played from its bytes, listed or not.
    if (local_map_file_refusal(value).empty()) {
      settings_.edited.map = value;
      return {};
    }
    if (std::find(settings_.maps.begin(), settings_.maps.end(), value) == settings_.maps.end()) {
      std::string listed;
      for (const std::string& map : settings_.maps) listed += (listed.empty() ? "" : ", ") + map;
      return "unknown map " + value + "; the game lists: " + listed;
    }
    settings_.edited.map = value;
    return {};
  }
  if (name == "map_file") {  // the field's text, as typed; its "use" button checks it
    settings_.map_file = value;
    settings_.map_file_error.clear();
    return {};
  }
  if (name == "opponent") {
    if (std::string refusal = opponent_refusal(settings_.edited.map, value); !refusal.empty()) return refusal;
    settings_.edited.opponent = value;
    return {};
  }
  int size = 0;
  try {
    size = std::stoi(value);
  } catch (const std::exception&) {
    return name + " needs a size in pixels, not '" + value + "'";
  }
  // The sliders' range.
  if (size < 16 || size > 256) return name + " size " + value + " is outside the settings' range 16..256";
  if (name == "screen") {
    settings_.edited.feature_screen_size = size;
  } else if (name == "minimap") {
    settings_.edited.feature_minimap_size = size;
  } else {
    return "unknown setting " + name + " (screen, minimap, map, opponent)";
  }
  return {};
}

}  // namespace sc2::app::ui
