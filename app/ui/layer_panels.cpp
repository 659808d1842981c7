// [SECTION] Index
//   Raw layers      the viewer's five map grids (start_raw, map_state), as the client decoded them
//   Feature layers  grid of raw, minimap and screen layers; title click opens an inspector
//   Inspector       zoom/pan, pixel grid, value + meaning under the cursor, legend, units there
#include <algorithm>
#include <map>
#include <utility>

#include "app/ui/cheap_drawing.h"
#include "app/ui/studio_ui.h"
#include "app/ui/ui_helpers.h"
#include "app/views/unit_type_names.h"
#include "app/views/world_view_logic.h"
#include "client/pysc2/raw_layers.h"
#include "render/world_scene.h"

namespace sc2::app::ui {

namespace {
constexpr const char* kLayersWindow = "Feature layers";

// The layers PySC2 users look at first; every other layer follows them.
constexpr const char* kKeyScreenLayers[] = {"height_map", "visibility_map", "player_relative",
                                            "unit_type",  "selected",       "unit_density"};
constexpr const char* kKeyMinimapLayers[] = {"height_map", "visibility_map", "camera", "player_relative", "selected"};

render::LayerSet set_of(const std::string& key) {
  if (key.starts_with("minimap/")) return render::LayerSet::minimap;
  if (key.starts_with("raw/")) return render::LayerSet::raw;
  return render::LayerSet::screen;
}

const char* prefix_of(render::LayerSet set) {
  switch (set) {
    case render::LayerSet::minimap: return "minimap";
    case render::LayerSet::raw: return "raw";
    case render::LayerSet::screen: break;
  }
  return "screen";
}

const pysc2::Layer* find_layer(const pysc2::Observation& obs, const std::string& key) {
  const std::string name = key.substr(key.find('/') + 1);
  switch (set_of(key)) {
    case render::LayerSet::minimap: return obs.minimap(name);
    case render::LayerSet::screen: return obs.screen(name);
    case render::LayerSet::raw: break;
  }
  const auto raw = pysc2::raw_layers(obs);
  const auto found = std::find_if(raw.begin(), raw.end(), [&](const pysc2::Layer* layer) { return layer->name == name; });
  return found == raw.end() ? nullptr : *found;
}

// Whether a rectangle lies wholly inside the grid's visible rows: only then may a script click
// anywhere in it (a partly scrolled-out cell is revealed first, see reveal_layer). The grid
// never scrolls sideways; `slack`: how far an item's rect may reach past the clip rect (a
// Selectable's rect covers half the item spacing around it).
bool wholly_visible(ImDrawList* draw, ImVec2 min, ImVec2 size, float slack = 1.0f) {
  const ImVec2 a = draw->GetClipRectMin(), b = draw->GetClipRectMax();
  return min.y >= a.y - slack && min.y + size.y <= b.y + slack;
}

std::string value_meaning(const pysc2::Layer& layer, render::LayerSet set, int value) {
  if (set == render::LayerSet::raw) return pysc2::raw_layer_value_meaning(layer.name, value);
  return layer_value_meaning(layer.name, value, layer.kind == pysc2::LayerKind::scalar, layer.scale);
}

// Where an inspector's layer lies in its view this frame.
struct InspectorCells {
  float cell = 1.0f;  // window pixels per layer pixel
  ImVec2 image_min;   // the layer's top-left corner (outside the view when panned)
  float visible_w = 0.0f;  // layer pixels across and down the view
  float visible_h = 0.0f;
};

// What the layer is (kind, scale, size) and the view's fit button and zoom slider.
void draw_inspector_header(Inspector& inspector, const pysc2::Layer& layer, render::LayerSet set) {
  const bool scalar = layer.kind == pysc2::LayerKind::scalar;
  ImGui::TextColored(kDim, "%s%s, scale %d, %dx%d   wheel: zoom   drag: pan",
                     set == render::LayerSet::raw ? "map grid (row 0 = world y 0), " : "",
                     scalar ? "scalar" : "categorical", layer.scale, layer.width, layer.height);
  ImGui::SameLine();
  if (ImGui::SmallButton("fit")) inspector.zoom = 1.0f, inspector.pan_x = inspector.pan_y = 0.0f;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  ImGui::SliderFloat("##zoom", &inspector.zoom, 1.0f, 32.0f, "x%.1f", ImGuiSliderFlags_Logarithmic);
}

// Zoom (wheel, around the cursor) and pan (left drag) of the view hovered / held as the last
// item; the pan is kept inside the layer, and centred when the layer fits. Pixel size on
// screen: fit, times zoom.
InspectorCells zoom_and_pan(Inspector& inspector, const pysc2::Layer& layer, const PictureRect& view, bool hovered) {
  const float fit = std::min(view.size.x / layer.width, view.size.y / layer.height);
  float cell = fit * inspector.zoom;
  const ImGuiIO& io = ImGui::GetIO();
  if (hovered && io.MouseWheel != 0.0f) {
    // Keep the layer point under the cursor in place.
    const float px = inspector.pan_x + (io.MousePos.x - view.min.x) / cell;
    const float py = inspector.pan_y + (io.MousePos.y - view.min.y) / cell;
    inspector.zoom = std::clamp(inspector.zoom * (io.MouseWheel > 0 ? 1.25f : 0.8f), 1.0f, 64.0f);
    cell = fit * inspector.zoom;
    inspector.pan_x = px - (io.MousePos.x - view.min.x) / cell;
    inspector.pan_y = py - (io.MousePos.y - view.min.y) / cell;
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    inspector.pan_x -= io.MouseDelta.x / cell;
    inspector.pan_y -= io.MouseDelta.y / cell;
  }
  const float visible_w = view.size.x / cell, visible_h = view.size.y / cell;
  inspector.pan_x = std::clamp(inspector.pan_x, std::min(0.0f, layer.width - visible_w), std::max(0.0f, layer.width - visible_w));
  inspector.pan_y = std::clamp(inspector.pan_y, std::min(0.0f, layer.height - visible_h), std::max(0.0f, layer.height - visible_h));
  if (inspector.zoom <= 1.0f) {
    inspector.pan_x = (layer.width - visible_w) / 2;  // centred when it fits
    inspector.pan_y = (layer.height - visible_h) / 2;
  }
  return InspectorCells{cell, ImVec2(view.min.x - inspector.pan_x * cell, view.min.y - inspector.pan_y * cell),
                        visible_w, visible_h};
}

// Lines between the layer's pixels in view (drawn from 8 screen pixels per layer pixel).
void draw_pixel_grid(ImDrawList* draw, const pysc2::Layer& layer, const Inspector& inspector, const InspectorCells& cells) {
  const float cell = cells.cell;
  const ImVec2 origin = cells.image_min;
  const int x0 = std::max(0, static_cast<int>(inspector.pan_x)), y0 = std::max(0, static_cast<int>(inspector.pan_y));
  const int x1 = std::min(layer.width, static_cast<int>(inspector.pan_x + cells.visible_w) + 1);
  const int y1 = std::min(layer.height, static_cast<int>(inspector.pan_y + cells.visible_h) + 1);
  const ImU32 grid = IM_COL32(255, 255, 255, cell >= 16.0f ? 40 : 24);
  for (int x = x0; x <= x1; ++x) {
    draw->AddLine(ImVec2(origin.x + x * cell, origin.y + y0 * cell), ImVec2(origin.x + x * cell, origin.y + y1 * cell), grid);
  }
  for (int y = y0; y <= y1; ++y) {
    draw->AddLine(ImVec2(origin.x + x0 * cell, origin.y + y * cell), ImVec2(origin.x + x1 * cell, origin.y + y * cell), grid);
  }
}

// The values present with their colour, meaning and pixel count (the first 24).
void draw_layer_legend(const pysc2::Layer& layer, render::LayerSet set) {
  ImGui::TextColored(kAccent, "legend (values present)");
  std::map<int, int> counts;
  for (std::int32_t v : layer.values) ++counts[v];
  const render::LayerStyle style = render::style_for_layer(layer.name, set);
  std::size_t shown = 0;
  for (const auto& [value, count] : counts) {
    if (++shown > 24) {
      ImGui::TextColored(kDim, "... %zu more values", counts.size() - 24);
      break;
    }
    int index = value;
    if (style.clip && style.palette) index = std::clamp(value, 0, style.palette->size() - 1);
    const render::Rgb rgb = style.palette ? style.palette->color(index) : render::Rgb{255, 0, 255};
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + h, p.y + h), to_color(rgb));
    ImGui::GetWindowDrawList()->AddRect(p, ImVec2(p.x + h, p.y + h), IM_COL32(120, 120, 120, 255));
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine();
    ImGui::Text("%d  %s  (%d px)", value, value_meaning(layer, set, value).c_str(), count);
  }
}
}  // namespace

// [SECTION] Raw layers
void StudioUi::update_raw_layers(const SessionSnapshot& snapshot) {
  // Decoded by the client with the observation (the start_raw three once per game, in its
  // GameView): the atlas takes them as they are and recolours only what changed.
  layers_.atlas.set_raw_layers(pysc2::raw_layers(snapshot.timestep->observation), snapshot.timestep);
}

// [SECTION] Feature layers
void StudioUi::draw_feature_layers(const SessionSnapshot& snapshot) {
  place_window(0.37f, 0.0f, 0.41f, 0.64f);
  layers_.titles.clear();
  layers_.images.clear();
  skip_background_over_backdrop(kLayersWindow);
  if (!ImGui::Begin(kLayersWindow)) {
    ImGui::End();
    return;
  }
  if (!snapshot.timestep) {
    ImGui::TextColored(kDim, "Waiting for the first observation...");
    ImGui::End();
    return;
  }
  ImGui::SetNextItemWidth(120);
  ImGui::SliderFloat("##cell", &layers_.cell_width, 64.0f, 512.0f, "cell %.0f px");
  ImGui::SameLine();
  ImGui::Checkbox("all layers", &layers_.show_all);
  ImGui::SameLine();
  ImGui::TextColored(kDim, "title: inspect   image: play");

  const pysc2::Observation& obs = snapshot.timestep->observation;
  // Groups of cells, each starting a row: the layers PySC2 users look at first (the screen
  // layers one plays on stay in view); with all layers, then the rest in PySC2's viewer order
  // (raw, minimap, screen).
  struct Group {
    const char* title;
    std::vector<std::pair<const pysc2::Layer*, render::LayerSet>> cells;
  };
  std::vector<Group> groups;
  Group key{nullptr, {}};
  for (const char* name : kKeyScreenLayers) {
    if (const pysc2::Layer* layer = obs.screen(name)) key.cells.emplace_back(layer, render::LayerSet::screen);
  }
  for (const char* name : kKeyMinimapLayers) {
    if (const pysc2::Layer* layer = obs.minimap(name)) key.cells.emplace_back(layer, render::LayerSet::minimap);
  }
  groups.push_back(std::move(key));
  if (layers_.show_all) {
    auto is_key = [](const std::string& name, auto& list) {
      return std::any_of(std::begin(list), std::end(list), [&](const char* k) { return name == k; });
    };
    Group raw{"Raw (map grids of the raw interface; their images do not play)", {}};
    for (const pysc2::Layer* layer : pysc2::raw_layers(obs)) raw.cells.emplace_back(layer, render::LayerSet::raw);
    Group minimap{"Other minimap layers", {}};
    for (const pysc2::Layer& layer : obs.feature_minimap) {
      if (!is_key(layer.name, kKeyMinimapLayers)) minimap.cells.emplace_back(&layer, render::LayerSet::minimap);
    }
    Group screen{"Other screen layers", {}};
    for (const pysc2::Layer& layer : obs.feature_screen) {
      if (!is_key(layer.name, kKeyScreenLayers)) screen.cells.emplace_back(&layer, render::LayerSet::screen);
    }
    groups.push_back(std::move(raw));
    groups.push_back(std::move(minimap));
    groups.push_back(std::move(screen));
  }

  ImGui::BeginChild("##layer_grid");
  OpaqueImageRun images(ImGui::GetWindowDrawList());
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float avail = ImGui::GetContentRegionAvail().x;
  const int columns = std::max(1, static_cast<int>((avail + spacing) / (layers_.cell_width + spacing)));
  const float cell_width = std::floor((avail - spacing * static_cast<float>(columns - 1)) / static_cast<float>(columns));
  const std::string reveal = std::exchange(layers_.reveal, std::string());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].cells.empty()) continue;
    if (groups[g].title) {
      if (g > 0) ImGui::Spacing();
      ImGui::TextColored(kDim, "%s", groups[g].title);
    }
    for (std::size_t i = 0; i < groups[g].cells.size(); ++i) {
      if (i % static_cast<std::size_t>(columns) != 0) ImGui::SameLine();
      const auto [layer, set] = groups[g].cells[i];
      draw_layer_cell(*layer, set, cell_width, images);
      if (!reveal.empty() && reveal == std::string(prefix_of(set)) + "/" + layer->name) ImGui::SetScrollHereY(0.5f);
    }
  }
  images.merge();
  ImGui::EndChild();
  ImGui::End();
}

void StudioUi::draw_layer_cell(const pysc2::Layer& layer, render::LayerSet set, float cell_width, OpaqueImageRun& images) {
  const bool minimap = set == render::LayerSet::minimap;
  const bool raw = set == render::LayerSet::raw;
  const std::string key = std::string(prefix_of(set)) + "/" + layer.name;
  const std::string title = std::string(prefix_of(set)) + " " + layer.name;
  ImGui::BeginGroup();
  ImGui::PushID(key.c_str());
  const ImVec4 title_color = raw       ? ImVec4(1.0f, 0.8f, 0.55f, 1.0f)
                             : minimap ? ImVec4(0.55f, 0.75f, 1.0f, 1.0f)
                                       : ImVec4(0.9f, 0.9f, 0.9f, 1.0f);
  ImGui::PushStyleColor(ImGuiCol_Text, title_color);
  const bool inspected = std::any_of(layers_.inspectors.begin(), layers_.inspectors.end(),
                                     [&](const Inspector& inspector) { return inspector.key == key; });
  if (ImGui::Selectable(title.c_str(), inspected, 0, ImVec2(cell_width, 0))) open_inspector(key);
  if (ImGui::IsItemVisible() && wholly_visible(ImGui::GetWindowDrawList(), ImGui::GetItemRectMin(),
                                                ImGui::GetItemRectSize(), ImGui::GetStyle().ItemSpacing.y)) {
    layers_.titles[key] = to_rect(ImGui::GetItemRectMin(), ImGui::GetItemRectSize());
  }
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("open %s in an inspector", title.c_str());

  const float aspect = layer.height > 0 ? static_cast<float>(layer.width) / static_cast<float>(layer.height) : 1.0f;
  const ImVec2 size(cell_width, std::floor(cell_width / aspect));
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##layer", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Only layers in view are coloured and uploaded (find does that when their values changed).
  const bool visible = ImGui::IsItemVisible();
  // Raw images are listed too (scripts may click them to check that nothing is sent).
  if (visible && wholly_visible(draw, min, size)) {
    layers_.images[key] = SurfaceRect{to_rect(min, size), layer.width, layer.height, true};
  }
  if (const auto image = visible ? layers_.atlas.find(key) : std::nullopt) {
    images.draw([&] { add_atlas_image(draw, *image, min, size); });
  } else if (visible) {
    draw->AddRectFilled(min, ImVec2(min.x + size.x, min.y + size.y), IM_COL32(0, 0, 0, 255));
  }
  draw->AddRect(min, ImVec2(min.x + size.x, min.y + size.y), IM_COL32(70, 70, 80, 255));
  // Raw grids are map space, not a surface PySC2 actions point into: no marker, no input.
  if (!raw) {
    draw->PushClipRect(min, ImVec2(min.x + size.x, min.y + size.y), true);
    if (visible) draw_policy_heat(draw, to_rect(min, size), minimap);
    draw_call_marker(draw, to_rect(min, size), layer.width, layer.height, minimap, false);
    draw->PopClipRect();
    if (minimap) {
      handle_minimap_input(min, size, layer.width, layer.height);
    } else {
      handle_screen_input(to_rect(min, size));
    }
  }
  if (ImGui::IsItemHovered() && !layer.empty() && !input_.mapper.pressed()) {
    const LayerPixel pixel = image_to_pixel(to_rect(min, size), ScreenPoint{ImGui::GetMousePos().x, ImGui::GetMousePos().y},
                                            layer.width, layer.height);
    const int value = layer.at(pixel.x, pixel.y);
    ImGui::BeginTooltip();
    ImGui::Text("%s [%d, %d] = %d", title.c_str(), pixel.x, pixel.y, value);
    ImGui::TextColored(kYellow, "%s", value_meaning(layer, set, value).c_str());
    if (const auto p = raw ? std::nullopt : policy_probability_at(minimap, pixel)) {
      ImGui::TextColored(kMagenta, "policy: %.2f%% here", 100.0f * *p);
    }
    ImGui::EndTooltip();
  }
  ImGui::PopID();
  ImGui::EndGroup();
}

void StudioUi::open_inspector(const std::string& key) {
  for (Inspector& inspector : layers_.inspectors) {
    if (inspector.key == key) {
      inspector.open = true;
      ImGui::SetWindowFocus(("Inspect " + key).c_str());
      return;
    }
  }
  layers_.inspectors.push_back(Inspector{key});
}

std::optional<SurfaceRect> StudioUi::layer_image_surface(const std::string& key) const {
  const auto found = layers_.images.find(key);
  if (found == layers_.images.end()) return std::nullopt;
  return found->second;
}

std::optional<ImageRect> StudioUi::layer_title_rect(const std::string& key) const {
  const auto found = layers_.titles.find(key);
  if (found == layers_.titles.end()) return std::nullopt;
  return found->second;
}

// [SECTION] Inspector
void StudioUi::draw_inspectors(const SessionSnapshot& snapshot) {
  std::erase_if(layers_.inspectors, [](const Inspector& inspector) { return !inspector.open; });
  if (!snapshot.timestep) return;
  for (std::size_t i = 0; i < layers_.inspectors.size(); ++i) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.30f + 30.0f * static_cast<float>(i), display.y * 0.12f + 30.0f * i),
                            ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(560, 520), ImGuiCond_FirstUseEver);
    draw_inspector(layers_.inspectors[i], snapshot.timestep->observation);
  }
}

// Steps: the window and its layer, the header (what the layer is, fit, zoom), the view (zoom
// and pan by the mouse, the image, the pixel grid, the pixel under the cursor), then the facts
// beside it (the value there, the units there, the legend).
void StudioUi::draw_inspector(Inspector& inspector, const pysc2::Observation& obs) {
  const std::string title = "Inspect " + inspector.key;
  skip_background_over_backdrop(title.c_str());
  if (!ImGui::Begin(title.c_str(), &inspector.open)) {
    ImGui::End();
    return;
  }
  const render::LayerSet set = set_of(inspector.key);
  const pysc2::Layer* layer = find_layer(obs, inspector.key);
  if (!layer || layer->empty()) {
    ImGui::TextColored(kDim, "this layer is not in the observation");
    ImGui::End();
    return;
  }
  draw_inspector_header(inspector, *layer, set);
  // Split: image on the left, facts on the right.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float facts_width = std::clamp(avail.x * 0.36f, 170.0f, 260.0f);
  const ImVec2 view_size(std::max(64.0f, avail.x - facts_width - 8.0f), std::max(64.0f, avail.y));
  const std::optional<LayerPixel> under =
      draw_inspector_view(inspector, *layer, PictureRect{ImGui::GetCursorScreenPos(), view_size});
  ImGui::SameLine();
  ImGui::BeginChild("##facts", ImVec2(facts_width, view_size.y));
  draw_inspector_facts(*layer, set, obs, under);
  ImGui::Separator();
  draw_layer_legend(*layer, set);
  ImGui::EndChild();
  ImGui::End();
}

// The image with its background, pixel grid and the pixel under the cursor; returns that pixel.
std::optional<LayerPixel> StudioUi::draw_inspector_view(Inspector& inspector, const pysc2::Layer& layer,
                                                        const PictureRect& view) {
  ImGui::InvisibleButton("##view", view.size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(view.min, view.max(), true);
  draw->AddRectFilled(view.min, view.max(), IM_COL32(8, 8, 10, 255));
  const InspectorCells cells = zoom_and_pan(inspector, layer, view, hovered);
  const ImVec2 image_size(layer.width * cells.cell, layer.height * cells.cell);
  if (const auto image = layers_.atlas.find(inspector.key)) {
    begin_opaque(draw);
    add_atlas_image(draw, *image, cells.image_min, image_size);
    end_opaque(draw);
  }
  if (const render::LayerSet set = set_of(inspector.key); set != render::LayerSet::raw) {
    draw_policy_heat(draw, to_rect(cells.image_min, image_size), set == render::LayerSet::minimap);
  }
  if (cells.cell >= 8.0f) draw_pixel_grid(draw, layer, inspector, cells);
  std::optional<LayerPixel> under;
  if (hovered) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const float fx = (mouse.x - cells.image_min.x) / cells.cell, fy = (mouse.y - cells.image_min.y) / cells.cell;
    if (fx >= 0 && fy >= 0 && fx < layer.width && fy < layer.height) {
      under = LayerPixel{static_cast<int>(fx), static_cast<int>(fy)};
      const ImVec2 a(cells.image_min.x + under->x * cells.cell, cells.image_min.y + under->y * cells.cell);
      draw->AddRect(a, ImVec2(a.x + cells.cell, a.y + cells.cell), IM_COL32(255, 255, 0, 255), 0, 0, 1.5f);
    }
  }
  draw->PopClipRect();
  return under;
}

// The value under the cursor with its meaning and the units at that pixel from raw data: the
// camera area for screen layers, the map for minimap layers, the map cell for raw grids.
void StudioUi::draw_inspector_facts(const pysc2::Layer& layer, render::LayerSet set, const pysc2::Observation& obs,
                                    std::optional<LayerPixel> under) {
  if (!under) {
    ImGui::TextColored(kDim, "hover the image");
    return;
  }
  const int value = layer.at(under->x, under->y);
  ImGui::Text("[%d, %d] = %d", under->x, under->y, value);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kYellow, "%s", value_meaning(layer, set, value).c_str());
  ImGui::PopTextWrapPos();
  if (set != render::LayerSet::raw) {
    if (const auto p = policy_probability_at(set == render::LayerSet::minimap, *under)) {
      ImGui::TextColored(kMagenta, "policy: %.2f%% here", 100.0f * *p);
    }
  }
  if (!obs.raw_view.sent) return;
  const pysc2::RawView& raw = obs.raw_view;
  std::vector<const pysc2::RawUnit*> units;
  if (set == render::LayerSet::raw) {
    units = units_at_map_cell(raw, *under);
  } else if (set != render::LayerSet::minimap) {
    units = units_at_screen_pixel(raw, camera_world_area(), layer.width, layer.height, *under);
  } else if (shown_.snapshot.game_view) {
    units = units_at_minimap_pixel(raw, *shown_.snapshot.game_view, layer.width, layer.height, *under);
  }
  if (!units.empty()) ImGui::TextColored(kAccent, "units here");
  for (const pysc2::RawUnit* unit : units) {
    ImGui::BulletText("%s  owner %d  hp %.0f/%.0f", unit_type_label(static_cast<int>(unit->unit_type)).c_str(),
                      unit->owner, unit->health, unit->health_max);
  }
  if (units.empty()) ImGui::TextColored(kDim, "no unit here");
}

}  // namespace sc2::app::ui
