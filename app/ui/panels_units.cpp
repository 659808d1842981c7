// [SECTION] Index
//   Minimap       whole map from the minimap layers, camera rectangle, units, clicks
//   Command card  UI / quick / targeted commands with hotkeys, greyed when unavailable
//   Selection     single / multi selection, production queue, control groups
#include <algorithm>

#include "app/views/selection_details.h"
#include "app/ui/cheap_drawing.h"
#include "app/ui/studio_ui.h"
#include "app/ui/ui_helpers.h"
#include "app/views/unit_type_names.h"
#include "app/views/world_view_logic.h"

namespace sc2::app::ui {

namespace {
constexpr const char* kMinimapWindow = "Minimap";
constexpr const char* kCommandWindow = "Command card";
constexpr const char* kSelectionWindow = "Selection";

// A health bar: filled fraction, text over it.
void vital_bar(float fraction, ImVec4 color, const char* text, float width) {
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, color);
  ImGui::ProgressBar(std::clamp(fraction, 0.0f, 1.0f), ImVec2(width, 0), text);
  ImGui::PopStyleColor();
}

void unit_info_rows(const pysc2::UnitInfo& unit, float width) {
  char text[64];
  if (unit.max_health > 0) {
    std::snprintf(text, sizeof text, "HP %d / %d", unit.health, unit.max_health);
    vital_bar(static_cast<float>(unit.health) / unit.max_health, ImVec4(0.2f, 0.7f, 0.25f, 1), text, width);
  } else {
    std::snprintf(text, sizeof text, "HP %d", unit.health);
    ImGui::TextUnformatted(text);
  }
  if (unit.max_shields > 0) {
    std::snprintf(text, sizeof text, "shields %d / %d", unit.shields, unit.max_shields);
    vital_bar(static_cast<float>(unit.shields) / unit.max_shields, ImVec4(0.25f, 0.45f, 0.9f, 1), text, width);
  }
  if (unit.max_energy > 0) {
    std::snprintf(text, sizeof text, "energy %d / %d", unit.energy, unit.max_energy);
    vital_bar(static_cast<float>(unit.energy) / unit.max_energy, ImVec4(0.6f, 0.3f, 0.8f, 1), text, width);
  }
  if (unit.has_build_progress && unit.build_progress < 1.0f) {
    std::snprintf(text, sizeof text, "building %.0f%%", unit.build_progress * 100);
    vital_bar(unit.build_progress, ImVec4(0.7f, 0.6f, 0.2f, 1), text, width);
  }
}
}  // namespace

// [SECTION] Minimap
void StudioUi::draw_minimap(const SessionSnapshot& snapshot) {
  place_window(0.0f, 0.64f, 0.185f, 0.36f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  skip_background_over_backdrop(kMinimapWindow);
  const bool open = ImGui::Begin(kMinimapWindow);
  ImGui::PopStyleVar();
  minimap_.surface.valid = false;
  if (!open) {
    ImGui::End();
    return;
  }
  const pysc2::Observation* obs = snapshot.timestep ? &snapshot.timestep->observation : nullptr;
  const pysc2::Layer* height = obs ? obs->minimap("height_map") : nullptr;
  const int width_px = height && height->width > 0 ? height->width : options_.feature_minimap_size;
  const int height_px = height && height->height > 0 ? height->height : options_.feature_minimap_size;
  const PictureRect picture = fit_picture(static_cast<float>(width_px) / static_cast<float>(height_px));
  const ImVec2 min = picture.min, size = picture.size, max = picture.max();
  ImGui::InvisibleButton("##minimap", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const bool rgb = obs && view_.rgb && minimap_.rgb.update(obs->rgb_minimap, snapshot.timestep_version);
  // Terrain: height_map x 0.6 as PySC2's renderer (then units from player_relative), an opaque
  // image over the whole picture; black below only where nothing covers it (a second fill of
  // the picture's pixels per frame otherwise).
  const std::optional<render::AtlasImage> terrain =
      obs && !rgb ? layers_.atlas.find("minimap/height_map") : std::nullopt;
  if (!terrain) draw->AddRectFilled(min, max, IM_COL32(0, 0, 0, 255));
  if (rgb) {
    // The game's rendered minimap (F9): the whole map, as the feature minimap covers it.
    draw->AddImage(texture_id(minimap_.rgb.id()), min, max);
  }
  if (obs) {
    if (terrain) {
      begin_opaque(draw);
      add_atlas_image(draw, *terrain, min, size, IM_COL32(153, 153, 153, 255));
      end_opaque(draw);
    }
    const float cell_x = size.x / static_cast<float>(width_px);
    const float cell_y = size.y / static_cast<float>(height_px);
    if (const pysc2::Layer* visibility = obs->minimap("visibility_map"); !rgb && visibility && !visibility->empty()) {
      for (int y = 0; y < visibility->height; ++y) {
        for (int x = 0; x < visibility->width; ++x) {
          const int v = visibility->at(x, y);
          if (v == 2) continue;
          const ImVec2 a(min.x + x * cell_x, min.y + y * cell_y);
          draw->AddRectFilled(a, ImVec2(a.x + cell_x, a.y + cell_y), IM_COL32(0, 0, 0, v == 1 ? 90 : 170));
        }
      }
    }
    if (const pysc2::Layer* relative = obs->minimap("player_relative"); !rgb && relative && !relative->empty()) {
      const render::Palette& palette = render::palette_for_layer("player_relative", true);
      for (int y = 0; y < relative->height; ++y) {
        for (int x = 0; x < relative->width; ++x) {
          const int v = relative->at(x, y);
          if (v == 0) continue;
          const ImVec2 a(min.x + x * cell_x, min.y + y * cell_y);
          draw->AddRectFilled(a, ImVec2(a.x + std::max(cell_x, 2.0f), a.y + std::max(cell_y, 2.0f)),
                              to_color(palette.color(v)));
        }
      }
    }
    if (snapshot.game_view) {  // start locations, as PySC2's viewer circles them
      for (const MinimapCircle& start : start_location_circles(*snapshot.game_view, width_px, height_px)) {
        const ImVec2 centre(min.x + (start.centre.x + 0.5f) * cell_x, min.y + (start.centre.y + 0.5f) * cell_y);
        draw->AddCircle(centre, start.radius * cell_x, IM_COL32(255, 255, 255, 160), 0, 1.0f);
      }
      for (const MinimapCircle& ring :
           radar_circles(obs->raw_view, *snapshot.game_view, width_px, height_px)) {
        const ImVec2 centre(min.x + (ring.centre.x + 0.5f) * cell_x, min.y + (ring.centre.y + 0.5f) * cell_y);
        draw->AddCircle(centre, ring.radius * cell_x, IM_COL32(128, 128, 128, 255), 0, 1.0f);  // white / 2
      }
    }
    if (const pysc2::Layer* camera = obs->minimap("camera"); !rgb && camera && !camera->empty()) {  // RGB: the game draws its own box
      int x0 = camera->width, y0 = camera->height, x1 = -1, y1 = -1;
      for (int y = 0; y < camera->height; ++y) {
        for (int x = 0; x < camera->width; ++x) {
          if (camera->at(x, y) != 1) continue;
          x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
        }
      }
      if (x1 >= 0) {
        draw->AddRect(ImVec2(min.x + x0 * cell_x, min.y + y0 * cell_y),
                      ImVec2(min.x + (x1 + 1) * cell_x, min.y + (y1 + 1) * cell_y), IM_COL32(255, 255, 255, 230), 0, 0,
                      1.5f);
      }
    }
    // The policy's minimap argument, or its screen argument where the camera is.
    draw_policy_heat(draw, to_rect(min, size), true, true);
    draw_call_marker(draw, to_rect(min, size), width_px, height_px, true, false);
    minimap_.surface = SurfaceRect{to_rect(min, size), width_px, height_px, true};
    handle_minimap_input(min, size, width_px, height_px);
    if (ImGui::IsItemHovered()) {
      const LayerPixel at = image_to_pixel(to_rect(min, size), ScreenPoint{ImGui::GetMousePos().x, ImGui::GetMousePos().y},
                                           width_px, height_px);
      ImGui::SetTooltip("minimap [%d, %d]\nleft: %s   right: Smart_minimap", at.x, at.y,
                        input_.armed ? (input_.armed->name + "_minimap").c_str() : "move_camera");
    }
  }
  draw->AddRect(min, max, input_.armed ? IM_COL32(255, 200, 60, 255) : IM_COL32(170, 40, 40, 255));
  ImGui::End();
}

// [SECTION] Command card
void StudioUi::draw_command_card(const SessionSnapshot&) {
  place_window(0.78f, 0.0f, 0.22f, 0.52f);
  skip_background_over_backdrop(kCommandWindow);
  if (!ImGui::Begin(kCommandWindow)) {
    ImGui::End();
    return;
  }
  if (input_.armed) {
    ImGui::TextColored(kYellow, "armed: %s", input_.armed->name.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("cancel (Esc)")) run_command(UiCommand::cancel);
  } else {
    ImGui::TextColored(kDim, "click or press a hotkey; Shift queues");
  }
  const std::vector<CommandEntry> card = command_card(available_actions(), input_.keymap);
  std::optional<CommandGroup> group;
  const float button_width = ImGui::GetContentRegionAvail().x;
  for (std::size_t i = 0; i < card.size(); ++i) {
    const CommandEntry& entry = card[i];
    if (!group || *group != entry.group) {
      group = entry.group;
      ImGui::Spacing();
      ImGui::TextColored(kAccent, "%s", to_string(entry.group));
      ImGui::Separator();
    }
    ImGui::PushID(static_cast<int>(i));
    const bool is_armed = input_.armed && entry.group == CommandGroup::targeted && input_.armed->name == entry.name;
    if (!entry.available) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.42f, 0.42f, 0.45f, 1.0f));
    if (is_armed) ImGui::PushStyleColor(ImGuiCol_Header, ImVec4(0.55f, 0.42f, 0.1f, 1.0f));
    std::string label = entry.name;
    if (entry.group == CommandGroup::targeted) label += "  [target]";
    if (ImGui::Selectable(label.c_str(), is_armed, 0, ImVec2(button_width, 0))) activate(entry);
    if (!entry.hotkey.empty()) {
      const ImVec2 key_size = ImGui::CalcTextSize(entry.hotkey.c_str());
      ImGui::SameLine(std::max(120.0f, button_width - key_size.x));
      ImGui::TextColored(entry.available ? kYellow : ImVec4(0.45f, 0.42f, 0.3f, 1.0f), "%s", entry.hotkey.c_str());
    }
    if (is_armed) ImGui::PopStyleColor();
    if (!entry.available) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::End();
}

// [SECTION] Selection
void StudioUi::draw_selection(const SessionSnapshot& snapshot) {
  place_window(0.185f, 0.64f, 0.185f, 0.36f);
  skip_background_over_backdrop(kSelectionWindow);
  if (!ImGui::Begin(kSelectionWindow)) {
    ImGui::End();
    return;
  }
  if (!snapshot.timestep) {
    ImGui::TextColored(kDim, "no observation yet");
    ImGui::End();
    return;
  }
  const pysc2::UiView& ui = snapshot.timestep->observation.ui_view;
  const float width = ImGui::GetContentRegionAvail().x;
  if (ui.single || ui.cargo) {
    const pysc2::UnitInfo& unit = ui.single ? ui.single->unit : ui.cargo->unit;
    ImGui::TextColored(kAccent, "%s", unit_type_label(static_cast<int>(unit.unit_type)).c_str());
    unit_info_rows(unit, width);
    // Upgrades, buffs and cargo, as PySC2's viewer lists them.
    for (const std::string& line : selection_details(ui)) ImGui::TextColored(kDim, "%s", line.c_str());
  } else if (ui.multi) {
    const std::vector<pysc2::UnitInfo>& units = ui.multi->units;
    ImGui::TextColored(kAccent, "%d units selected", static_cast<int>(units.size()));
    ImGui::TextColored(kDim, "click: select   Shift: deselect   Ctrl: all of type");
    const Modifiers mods = current_modifiers();
    const int act = mods.ctrl ? (mods.shift ? 3 : 2) : (mods.shift ? 1 : 0);
    for (int i = 0; i < static_cast<int>(units.size()); ++i) {
      const pysc2::UnitInfo& unit = units[static_cast<std::size_t>(i)];
      ImGui::PushID(i);
      char label[128];
      int used = std::snprintf(label, sizeof label, "%s  %d/%d", unit_type_label(static_cast<int>(unit.unit_type)).c_str(),
                               unit.health, unit.max_health);
      // Shields and energy when the unit has them, as the single-selection rows show.
      if (unit.max_shields > 0 && used > 0 && used < static_cast<int>(sizeof label)) {
        used += std::snprintf(label + used, sizeof label - used, "  sh %d/%d", unit.shields, unit.max_shields);
      }
      if (unit.max_energy > 0 && used > 0 && used < static_cast<int>(sizeof label)) {
        std::snprintf(label + used, sizeof label - used, "  en %d/%d", unit.energy, unit.max_energy);
      }
      if (ImGui::Selectable(label)) {
        if (std::find(available_actions().begin(), available_actions().end(), pysc2::fn::select_unit) !=
            available_actions().end()) {
          submit(pysc2::FunctionCall{pysc2::fn::select_unit, {{act}, {i}}});
        } else {
          note("select_unit is not available now");
        }
      }
      ImGui::PopID();
    }
  } else if (ui.production) {
    const pysc2::ProductionPanel& production = *ui.production;
    ImGui::TextColored(kAccent, "%s", unit_type_label(static_cast<int>(production.unit.unit_type)).c_str());
    unit_info_rows(production.unit, width);
    ImGui::TextColored(kDim, "production queue (click to cancel)");
    for (int i = 0; i < static_cast<int>(production.build_queue.size()); ++i) {
      const pysc2::UnitInfo& item = production.build_queue[static_cast<std::size_t>(i)];
      ImGui::PushID(1000 + i);
      char label[96];
      std::snprintf(label, sizeof label, "%d. %s  %.0f%%", i + 1, unit_type_label(static_cast<int>(item.unit_type)).c_str(),
                    item.build_progress * 100);
      if (ImGui::Selectable(label)) {
        if (std::find(available_actions().begin(), available_actions().end(), pysc2::fn::build_queue) !=
            available_actions().end()) {
          submit(pysc2::FunctionCall{pysc2::fn::build_queue, {{i}}});
        } else {
          note("build_queue is not available now");
        }
      }
      ImGui::PopID();
    }
  } else {
    ImGui::TextColored(kDim, "nothing selected");
  }

  ImGui::Spacing();
  ImGui::TextColored(kAccent, "Control groups");
  ImGui::Separator();
  int shown = 0;
  for (const pysc2::ControlGroup& group : ui.groups) {
    if (group.count == 0) continue;
    ImGui::PushID(2000 + static_cast<int>(group.index));
    char label[96];
    std::snprintf(label, sizeof label, "%u: %s x%u", group.index,
                  unit_type_label(static_cast<int>(group.leader_unit_type)).c_str(), group.count);
    if (ImGui::Selectable(label)) {
      submit(pysc2::FunctionCall{pysc2::fn::select_control_group, {{0}, {static_cast<int>(group.index)}}});
    }
    ImGui::PopID();
    ++shown;
  }
  if (shown == 0) ImGui::TextColored(kDim, "none (Ctrl+0..9 sets one)");
  ImGui::End();
}

}  // namespace sc2::app::ui
