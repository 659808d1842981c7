#include "app/ui/panels_replay.h"

#include <algorithm>
#include <string>

#include "app/ui/cheap_drawing.h"
#include "app/ui/pace_text.h"
#include "app/ui/ui_helpers.h"

namespace sc2::app::ui {

namespace {

constexpr const char* kReplayWindow = "Replay###read_only";
constexpr const char* kObserveWindow = "Observing###read_only";

std::uint32_t current_loop(const SessionSnapshot& snapshot) {
  return snapshot.timestep ? snapshot.timestep->observation.game_loop : 0;
}

void draw_replay_controls(SessionCommands& commands, const SessionSnapshot& snapshot) {
  // The slider shows where the replay is, except while the person drags it.
  static int dragged_loop = -1;
  const std::uint32_t loop = current_loop(snapshot);
  const int length = static_cast<int>(std::max<std::uint32_t>(snapshot.replay_loops, loop));
  int shown = dragged_loop >= 0 ? dragged_loop : static_cast<int>(loop);
  ImGui::SetNextItemWidth(-1);
  ImGui::BeginDisabled(length == 0);
  if (ImGui::SliderInt("##game_loop", &shown, 0, std::max(1, length), "game loop %d")) dragged_loop = shown;
  if (ImGui::IsItemDeactivatedAfterEdit() && dragged_loop >= 0) {
    commands.request_seek(static_cast<std::uint32_t>(dragged_loop));
    dragged_loop = -1;
  }
  ImGui::EndDisabled();

  if (ImGui::Button("|<")) commands.request_seek(0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("back to the start");
  ImGui::SameLine();
  if (ImGui::Button(snapshot.paused ? "Play" : "Pause", ImVec2(56, 0))) commands.set_paused(!snapshot.paused);
  ImGui::SameLine();
  if (ImGui::Button("Step")) {
    if (!snapshot.paused) commands.set_paused(true);
    commands.request_step();
  }
  ImGui::SameLine();
  if (ImGui::Button(">|")) commands.request_seek(snapshot.replay_loops);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("to the end");
  ImGui::SameLine();
  ImGui::TextColored(kDim, "%u/%u%s", loop, snapshot.replay_loops, snapshot.seeking ? "  (seeking)" : "");

  if (snapshot.replay_players.size() > 0) {
    const std::string current = "player " + std::to_string(snapshot.observed_player);
    ImGui::SetNextItemWidth(120);
    ImGui::BeginDisabled(snapshot.replay_players.size() < 2);
    if (ImGui::BeginCombo("observed player", current.c_str())) {
      for (int player : snapshot.replay_players) {
        const std::string name = "player " + std::to_string(player);
        if (ImGui::Selectable(name.c_str(), player == snapshot.observed_player)) commands.set_observed_player(player);
      }
      ImGui::EndCombo();
    }
    ImGui::EndDisabled();
    if (snapshot.replay_players.size() < 2 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::SetTooltip("this replay has one player");
    }
  }
}

}  // namespace

void draw_read_only_panel(SessionCommands& commands, const SessionSnapshot& snapshot) {
  if (snapshot.mode == SessionMode::play) return;
  place_window(0.78f, 0.0f, 0.22f, 0.22f);
  static bool focused = false;
  if (!focused) {
    ImGui::SetNextWindowFocus();  // above the (disabled) command card on the first frame
    focused = true;
  }
  const bool replay = snapshot.mode == SessionMode::replay;
  skip_background_over_backdrop(replay ? kReplayWindow : kObserveWindow);
  if (!ImGui::Begin(replay ? kReplayWindow : kObserveWindow)) {
    ImGui::End();
    return;
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kYellow, "%s", snapshot.read_only.c_str());
  if (!replay) {
    ImGui::TextColored(kDim, "%s", snapshot.status.c_str());
    if (!snapshot.paces_game) ImGui::TextColored(kDim, "%s", pace_note(snapshot.paces_game).c_str());
  }
  ImGui::PopTextWrapPos();
  if (replay) draw_replay_controls(commands, snapshot);
  ImGui::End();
}

}  // namespace sc2::app::ui
