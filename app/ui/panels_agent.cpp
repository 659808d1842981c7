// [SECTION] Index
//   Agent panel  watch / play, the agent chooser, take over / hand back, recording, the
//                policy (panels_policy.cpp), the agent's steps (call + the available actions
//                it chose from)
//   Episodes     (in the Game panel) reward per episode (plot and table), the chosen
//                episode's reward curve
//   Markers      the last call's target on the world view, the layers and the minimap
#include <algorithm>
#include <cinttypes>
#include <vector>

#include "agents/agent.h"
#include "app/input/call_target.h"
#include "app/program/recording_folder.h"
#include "app/ui/cheap_drawing.h"
#include "app/ui/mode_text.h"
#include "app/ui/result_text.h"
#include "app/ui/studio_ui.h"
#include "app/ui/ui_helpers.h"

namespace sc2::app::ui {

namespace {
constexpr const char* kAgentWindow = "Agent";
constexpr std::size_t kShownSteps = 120;  // the panel lists the agent's last steps
constexpr int kMarkerSteps = 3;  // a call's marker stays this many steps (~1 s at step_mul 8, as PySC2's viewer)

std::string available_names(const std::vector<int>& available) {
  std::string text;
  for (int id : available) text += (text.empty() ? "" : ", ") + function_name(id);
  return text;
}
}  // namespace

// [SECTION] control
void StudioUi::toggle_control() {
  if (shown_.snapshot.agent.empty()) {
    note("no agent to hand control to: choose one in the Agent panel (or start with --agent NAME)");
    return;
  }
  commands_->set_controller(shown_.snapshot.controller == Controller::agent ? Controller::human : Controller::agent);
}

void StudioUi::choose_agent(const std::string& name) {
  options_.agent = name;
  settings_.edited.agent = name;  // a game restart keeps watching it
  commands_->set_agent(name);
}

// [SECTION] Agent panel
void StudioUi::draw_agent_panel(const SessionSnapshot& snapshot) {
  place_window(0.60f, 0.64f, 0.18f, 0.36f);
  skip_background_over_backdrop(kAgentWindow);
  if (!ImGui::Begin(kAgentWindow)) {
    ImGui::End();
    return;
  }
  // Mode: Play (the person) or Watch (the agent chosen next to it).
  const bool watching = snapshot.controller == Controller::agent;
  const std::string chosen = snapshot.agent.empty() ? options_.agent : snapshot.agent;
  if (ImGui::RadioButton("Play", !watching) && watching) commands_->set_controller(Controller::human);
  ImGui::SameLine();
  if (ImGui::RadioButton("Watch", watching)) {
    if (snapshot.agent.empty()) {
      choose_agent(chosen.empty() ? "scripted" : chosen);
    } else if (!watching) {
      commands_->set_controller(Controller::agent);
    }
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##agent", chosen.empty() ? "choose an agent" : chosen.c_str())) {
    for (const std::string& name : agents::agent_names()) {
      if (ImGui::Selectable(name.c_str(), name == snapshot.agent)) choose_agent(name);
    }
    ImGui::EndCombo();
  }
  if (!snapshot.agent.empty()) {
    const std::string keys = input_.keymap.keys_for("toggle_control");
    const std::string label = (watching ? "Take over" : "Hand back") + (keys.empty() ? "" : " (" + keys + ")");
    if (ImGui::Button(label.c_str())) toggle_control();
    ImGui::SameLine();
    if (watching) {
      ImGui::TextColored(kMagenta, "agent %s plays", snapshot.agent.c_str());
    } else {
      ImGui::TextColored(kCyan, "you play");
    }
  } else {
    ImGui::TextColored(kDim, "you play (no agent loaded)");
  }
  if (!snapshot.agent_error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kRed, "%s", snapshot.agent_error.c_str());
    ImGui::PopTextWrapPos();
  }
  draw_recording_controls(snapshot);
  draw_policy_section(snapshot);

  ImGui::Separator();
  draw_agent_steps();
  ImGui::End();
}

void StudioUi::draw_recording_controls(const SessionSnapshot& snapshot) {
  bool recording = snapshot.recording;
  if (ImGui::Checkbox("Record", &recording)) {
    if (recording) {
      const std::filesystem::path folder = next_recording_folder(record_folder_);
      options_.record = settings_.edited.record = record_folder_;  // a map change records on, into a new folder
      commands_->start_recording(folder);
    } else {
      options_.record = settings_.edited.record = "";
      commands_->stop_recording();
    }
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("record each step (observation, FunctionCall, reward) as a dataset\n(agents/dataset/FORMAT.md)");
  }
  ImGui::SameLine();
  if (snapshot.recording) {
    ImGui::TextColored(kRed, "REC");
    ImGui::SameLine();
    ImGui::TextColored(kDim, "%" PRId64 " steps, %zu episodes", snapshot.recorded_steps, snapshot.recorded_episodes);
    ImGui::TextColored(kDim, "-> %s", snapshot.recording_folder.c_str());
  } else {
    ImGui::SetNextItemWidth(-1);
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, "%s", record_folder_.c_str());
    if (ImGui::InputText("##record_folder", buffer, sizeof buffer)) record_folder_ = buffer;
  }
  if (!snapshot.recording_error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kRed, "%s", snapshot.recording_error.c_str());
    ImGui::PopTextWrapPos();
  }
}

void StudioUi::draw_agent_steps() {
  std::vector<const ActionRecord*> steps;
  for (auto it = shown_.log.rbegin(); it != shown_.log.rend() && steps.size() < kShownSteps; ++it) {
    if (it->source == Controller::agent) steps.push_back(&*it);
  }
  if (steps.empty()) {
    ImGui::TextColored(kDim, "The agent's calls appear here, one line per step, with the\n"
                             "available actions it chose from.");
    return;
  }
  ImGui::BeginChild("##agent_steps");
  // Only the steps in view are laid out (wrapping their lists of available actions was most of
  // the panel's cost); the others move the cursor by the height they had when last laid out.
  const float wrap_width = ImGui::GetContentRegionAvail().x;
  const float font_scale = ImGui::GetIO().FontGlobalScale;
  if (wrap_width != agent_steps_.wrap_width || font_scale != agent_steps_.font_scale) {
    agent_steps_.heights.clear();
    agent_steps_.wrap_width = wrap_width;
    agent_steps_.font_scale = font_scale;
  }
  const float view_top = ImGui::GetScrollY();
  const float view_bottom = view_top + ImGui::GetWindowHeight();
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  std::map<std::uint64_t, float> heights;  // of the steps listed now
  ImGui::PushTextWrapPos(0.0f);
  for (const ActionRecord* record : steps) {  // newest first
    const float top = ImGui::GetCursorPosY();
    if (const auto known = agent_steps_.heights.find(record->sequence);
        known != agent_steps_.heights.end() && (top + known->second < view_top || top > view_bottom)) {
      ImGui::Dummy(ImVec2(0.0f, known->second - spacing));
      heights.insert(*known);
      continue;
    }
    ImGui::TextColored(kDim, "%u", record->game_loop);
    ImGui::SameLine();
    ImGui::TextColored(record->failed ? kRed : kMagenta, "%s", record->text.c_str());
    if (record->failed) {
      ImGui::SameLine();
      ImGui::TextColored(kRed, "%s", record->result.c_str());
    }
    ImGui::TextColored(kDim, "  from %zu: %s", record->available.size(), available_names(record->available).c_str());
    heights[record->sequence] = ImGui::GetCursorPosY() - top;
  }
  agent_steps_.heights.swap(heights);
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

void StudioUi::draw_episodes() {
  if (shown_.episodes.empty()) {
    ImGui::TextColored(kDim, "No episode yet.");
    return;
  }
  // Reward per episode: the score each episode reached (the sum of its rewards), oldest
  // first, the running one last.
  std::vector<float> per_episode;
  per_episode.reserve(shown_.episodes.size());
  float most = 1.0f, least = 0.0f;
  for (const EpisodeSummary& episode : shown_.episodes) {
    per_episode.push_back(static_cast<float>(episode.score));
    most = std::max(most, per_episode.back());
    least = std::min(least, per_episode.back());
  }
  ImGui::TextColored(kDim, "reward per episode (%zu episodes, best %.0f)", per_episode.size(), most);
  ImGui::PlotHistogram("##reward_per_episode", per_episode.data(), static_cast<int>(per_episode.size()), 0, nullptr,
                       least, most * 1.1f, ImVec2(ImGui::GetContentRegionAvail().x, 40));
  const EpisodeSummary* plotted = &shown_.episodes.back();
  for (const EpisodeSummary& episode : shown_.episodes) {
    if (episode.episode == shown_.plotted_episode) plotted = &episode;
  }
  ImGui::TextColored(kDim, "episode %d reward (%s; click an episode below)", plotted->episode,
                     plotted->finished ? "finished" : "running");
  float top = 1.0f, bottom = 0.0f;
  for (float value : plotted->reward_curve) top = std::max(top, value), bottom = std::min(bottom, value);
  ImGui::PlotLines("##episode_reward", plotted->reward_curve.data(), static_cast<int>(plotted->reward_curve.size()), 0,
                   nullptr, bottom, top * 1.1f, ImVec2(ImGui::GetContentRegionAvail().x, 50));
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;  // no row backgrounds: fewer filled pixels
  const float rows = static_cast<float>(std::min<std::size_t>(shown_.episodes.size(), 5) + 1);
  // Melee games: a column with each game's result (mini-games have none to show).
  const bool with_results = std::any_of(shown_.episodes.begin(), shown_.episodes.end(),
                                        [](const EpisodeSummary& episode) { return episode.outcome.has_value(); }) ||
                            !shown_.snapshot.opponent.empty();
  if (ImGui::BeginTable("##episodes", with_results ? 5 : 4, flags,
                        ImVec2(0, rows * ImGui::GetTextLineHeightWithSpacing() + 6))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#");
    ImGui::TableSetupColumn("score");
    ImGui::TableSetupColumn("steps");
    ImGui::TableSetupColumn("played by");
    if (with_results) ImGui::TableSetupColumn("result");
    ImGui::TableHeadersRow();
    for (auto it = shown_.episodes.rbegin(); it != shown_.episodes.rend(); ++it) {
      const EpisodeSummary& episode = *it;
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      char label[32];
      std::snprintf(label, sizeof label, "%d%s", episode.episode, episode.finished ? "" : "*");
      const bool selected = &episode == plotted;
      if (ImGui::Selectable(label, selected, ImGuiSelectableFlags_SpanAllColumns)) {
        shown_.plotted_episode = (it == shown_.episodes.rbegin()) ? 0 : episode.episode;  // the newest follows the game
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%.0f", episode.score);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%" PRId64, episode.steps);
      ImGui::TableSetColumnIndex(3);
      const PlayedBy by = played_by(episode, shown_.snapshot.mode);
      const ImVec4 colour = by == PlayedBy::agent ? kMagenta : (by == PlayedBy::human ? kCyan : kDim);
      ImGui::TextColored(by == PlayedBy::both ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colour, "%s",
                         played_by_text(episode, shown_.snapshot.mode).c_str());
      if (with_results) {
        ImGui::TableSetColumnIndex(4);
        const std::string result = result_cell(episode.outcome);
        const BannerColour tint = result_banner_colour(episode.outcome.value_or(0));
        ImGui::TextColored(ImVec4(0.4f + tint.r / 425.0f, 0.4f + tint.g / 425.0f, 0.4f + tint.b / 425.0f, 1.0f), "%s",
                           it == shown_.episodes.rbegin() && !episode.finished ? "playing"
                           : result.empty()                                    ? "-"
                                                                               : result.c_str());
      }
    }
    ImGui::EndTable();
  }
}

// [SECTION] Markers
void StudioUi::update_marker() {
  shown_.marker.reset();
  if (!shown_.snapshot.timestep) return;
  const std::uint32_t now = shown_.snapshot.timestep->observation.game_loop;
  const std::uint32_t window = static_cast<std::uint32_t>(kMarkerSteps * std::max(1, shown_.snapshot.step_mul));
  for (auto it = shown_.log.rbegin(); it != shown_.log.rend(); ++it) {
    if (it->episode != shown_.snapshot.episode || now > it->game_loop + window) break;
    if (it->failed || it->result == "queued") continue;
    if (!call_target(it->call) && !(it->raw && it->raw->target_world)) continue;
    shown_.marker = *it;
    return;
  }
}

void StudioUi::draw_call_marker(ImDrawList* draw, const ImageRect& image, int width, int height, bool minimap,
                                bool with_label) const {
  if (!shown_.marker || width <= 0 || height <= 0) return;
  std::optional<CallTarget> target = call_target(shown_.marker->call);
  if (!target && shown_.marker->raw && shown_.marker->raw->target_world && !minimap) {
    // A raw command's world point, on the screen layers' grid.
    const render::WorldPoint pixel = render::world_to_screen(
        camera_world_area(), {shown_.marker->raw->target_world->x, shown_.marker->raw->target_world->y}, width, height);
    if (pixel.x < 0 || pixel.y < 0 || pixel.x >= width || pixel.y >= height) return;
    target = CallTarget{TargetKind::screen_point, LayerPixel{static_cast<int>(pixel.x), static_cast<int>(pixel.y)}, {}};
  }
  if (!target || (target->kind == TargetKind::minimap_point) != minimap) return;
  const ImU32 color = shown_.marker->source == Controller::agent ? kAgentMarker : kHumanMarker;
  const float cell_w = image.width / static_cast<float>(width), cell_h = image.height / static_cast<float>(height);
  auto centre = [&](LayerPixel p) {
    return ImVec2(image.x + (static_cast<float>(p.x) + 0.5f) * cell_w, image.y + (static_cast<float>(p.y) + 0.5f) * cell_h);
  };
  const ImVec2 at = centre(target->at);
  if (target->kind == TargetKind::screen_rect) {
    const ImVec2 other = centre(target->corner);
    const ImVec2 a(std::min(at.x, other.x) - cell_w / 2, std::min(at.y, other.y) - cell_h / 2);
    const ImVec2 b(std::max(at.x, other.x) + cell_w / 2, std::max(at.y, other.y) + cell_h / 2);
    draw->AddRectFilled(a, b, (color & 0x00FFFFFF) | 0x30000000);
    draw->AddRect(a, b, color, 0, 0, 2.0f);
  } else {
    const float radius = std::clamp(std::min(image.width, image.height) / 24.0f, 4.0f, 14.0f);
    const float thickness = with_label ? 2.0f : 1.5f;
    draw->AddCircle(at, radius, color, 24, thickness);
    draw->AddLine(ImVec2(at.x - radius * 1.6f, at.y), ImVec2(at.x - radius * 0.4f, at.y), color, thickness);
    draw->AddLine(ImVec2(at.x + radius * 0.4f, at.y), ImVec2(at.x + radius * 1.6f, at.y), color, thickness);
    draw->AddLine(ImVec2(at.x, at.y - radius * 1.6f), ImVec2(at.x, at.y - radius * 0.4f), color, thickness);
    draw->AddLine(ImVec2(at.x, at.y + radius * 0.4f), ImVec2(at.x, at.y + radius * 1.6f), color, thickness);
  }
  if (with_label) {
    const std::string name = shown_.marker->raw ? shown_.marker->text.substr(0, shown_.marker->text.find('(')) : function_name(shown_.marker->call.function);
    const std::string text = (shown_.marker->source == Controller::agent ? "agent: " : "you: ") + name;
    const ImVec2 label(at.x + 10, at.y + 8);
    draw->AddText(ImVec2(label.x + 1, label.y + 1), IM_COL32(0, 0, 0, 220), text.c_str());
    draw->AddText(label, color, text.c_str());
  }
}

}  // namespace sc2::app::ui
