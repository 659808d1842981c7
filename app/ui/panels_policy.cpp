// [SECTION] Index
//   Heat-maps      made once per policy (and per observation for the minimap's projection),
//                  uploaded as textures, drawn over the layers, the World view and the minimap
//   Policy section the Agent panel's: heat-map on/off and argument, the most likely function
//                  ids with the one sent marked, the value estimate over the episode
#include <algorithm>
#include <cinttypes>
#include <cmath>

#include "app/ui/studio_ui.h"
#include "app/ui/ui_helpers.h"
#include "client/pysc2/actions.h"

namespace sc2::app::ui {

namespace {
constexpr std::size_t kTopFunctions = 5;

const char* argument_name(int type) {
  switch (type) {
    case pysc2::arg::minimap: return "minimap";
    case pysc2::arg::screen2: return "screen2";
    default: return "screen";
  }
}
}  // namespace

// [SECTION] Heat-maps
void StudioUi::update_policy_overlay() {
  const SessionSnapshot& snapshot = shown_.snapshot;
  PolicyOverlayState& state = policy_;
  if (!snapshot.policy) {
    if (state.made_for) {  // the person plays, or another agent: nothing stale is drawn
      state.made_for.reset();
      state.heat = HeatMap{};
      state.on_minimap = HeatMap{};
      state.texture.clear();
      state.minimap_texture.clear();
      state.top.clear();
    }
    return;
  }
  const bool new_policy = snapshot.policy != state.made_for || state.argument != state.made_argument;
  const bool projected = !state.heat.empty() && !is_minimap_argument(state.heat.argument_type);
  if (!new_policy && !(projected && snapshot.timestep_version != state.made_version)) return;
  if (new_policy) {
    const agents::PolicyView& view = snapshot.policy->view;
    state.heat = policy_heat_map(view, heat_argument_type(state.argument, view.chosen));
    state.top = top_functions(view, kTopFunctions);
    if (state.heat.empty()) {
      state.texture.clear();
    } else {
      state.texture.upload(heat_rgba(state.heat), state.heat.width, state.heat.height);
    }
  }
  // A screen argument on the minimap: where the camera is now.
  state.on_minimap = HeatMap{};
  state.minimap_texture.clear();
  const pysc2::Layer* minimap = snapshot.timestep ? snapshot.timestep->observation.minimap("height_map") : nullptr;
  if (!state.heat.empty() && !is_minimap_argument(state.heat.argument_type) && snapshot.game_view && minimap &&
      minimap->width > 0) {
    state.on_minimap = screen_heat_on_minimap(state.heat, camera_world_area(), *snapshot.game_view, minimap->width,
                                              minimap->height);
    if (!state.on_minimap.empty()) {
      state.minimap_texture.upload(heat_rgba(state.on_minimap), state.on_minimap.width, state.on_minimap.height);
    }
  }
  state.made_for = snapshot.policy;
  state.made_argument = state.argument;
  state.made_version = snapshot.timestep_version;
}

void StudioUi::draw_policy_heat(ImDrawList* draw, const ImageRect& image, bool minimap, bool with_screen_on_map) const {
  if (!policy_.show || policy_.heat.empty()) return;
  const bool heat_on_minimap = is_minimap_argument(policy_.heat.argument_type);
  const render::RgbaTexture* texture = nullptr;
  if (heat_on_minimap == minimap) {
    texture = &policy_.texture;
  } else if (minimap && with_screen_on_map) {
    texture = &policy_.minimap_texture;
  }
  if (texture == nullptr || !texture->ready()) return;
  draw->AddImage(texture_id(texture->id()), ImVec2(image.x, image.y), ImVec2(image.x + image.width, image.y + image.height));
}

std::optional<float> StudioUi::policy_probability_at(bool minimap, LayerPixel pixel) const {
  if (!policy_.show || policy_.heat.empty() || is_minimap_argument(policy_.heat.argument_type) != minimap) {
    return std::nullopt;
  }
  return policy_.heat.at(pixel);
}

// [SECTION] Policy section
void StudioUi::draw_policy_section(const SessionSnapshot& snapshot) {
  if (!ImGui::CollapsingHeader("Policy", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::shared_ptr<const AgentPolicy>& policy = snapshot.policy;
  if (!policy) {
    // Briefly why there is nothing to show.
    if (snapshot.agent.empty() || snapshot.controller == Controller::human) {
      ImGui::TextColored(kDim, "you play: no policy to show");
    } else if (snapshot.agent_without_policy) {
      ImGui::TextColored(kDim, "agent %s has no policy to show (learned agents do)", snapshot.agent.c_str());
    } else {
      ImGui::TextColored(kDim, "waiting for the agent's first step");
    }
    return;
  }
  const agents::PolicyView& view = policy->view;
  // The heat-map: on/off and which spatial argument.
  ImGui::Checkbox("heat-map", &policy_.show);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x));
  const HeatArgument choices[] = {HeatArgument::automatic, HeatArgument::screen, HeatArgument::minimap,
                                  HeatArgument::screen2};
  if (ImGui::BeginCombo("##heat_argument", to_string(policy_.argument))) {
    for (HeatArgument choice : choices) {
      if (ImGui::Selectable(to_string(choice), choice == policy_.argument)) policy_.argument = choice;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the spatial argument whose distribution is drawn over the layers, the World view\n"
                      "and the minimap (\"the call's\": the argument of the call sent)");
  }
  if (policy_.heat.empty()) {
    ImGui::TextColored(kDim, "no %s distribution in this policy",
                       argument_name(heat_argument_type(policy_.argument, view.chosen)));
  } else {
    ImGui::TextColored(kDim, "%s: peak %.1f%% at [%d, %d]", argument_name(policy_.heat.argument_type),
                       100.0f * policy_.heat.peak, policy_.heat.peak_at.x, policy_.heat.peak_at.y);
  }
  // The value estimate over the episode.
  const float width = ImGui::GetContentRegionAvail().x;
  const std::vector<float>& values = policy->values;
  if (!values.empty()) {
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    const float pad = std::max(0.05f, 0.1f * (*high - *low));
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "value %.3f", values.back());
    ImGui::PlotLines("##value", values.data(), static_cast<int>(values.size()), 0, overlay, *low - pad, *high + pad,
                     ImVec2(width, 40));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("the critic's estimate of the return, at each of the episode's %zu agent steps\n(%.3f .. %.3f)",
                        values.size(), *low, *high);
    }
  }
  // The most likely function ids, the one sent marked.
  for (const FunctionChoice& choice : policy_.top) {
    char text[96];
    std::snprintf(text, sizeof text, "%s%s %.1f%%", choice.chosen ? "> " : "  ", function_name(choice.function).c_str(),
                  100.0f * choice.probability);
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, choice.chosen ? kMagenta : ImVec4(0.35f, 0.45f, 0.6f, 1.0f));
    ImGui::ProgressBar(std::clamp(choice.probability, 0.0f, 1.0f), ImVec2(width, 0), text);
    ImGui::PopStyleColor();
  }
  ImGui::TextColored(kDim, "> the call sent (%s)", view.greedy ? "greedy: the most likely" : "sampled");
}

}  // namespace sc2::app::ui
