#pragma once
// How the World view draws each kind of resource, drawn small: the World view's legend (the
// kinds in view) and the help overlay's. The same colours and proportions as the discs
// (render/resource_kind.h resource_look).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/ui/ui_helpers.h"
#include "imgui.h"
#include "render/palette.h"
#include "render/resource_kind.h"

namespace sc2::app::ui {

// A gas building is drawn in its owner's colour: the legend shows player 1's.
inline render::Rgb legend_owner_colour() { return render::palette_for_layer("player_id", false).color(1); }

// A disc of that kind at `centre`, with the world view's black outline.
inline void draw_resource_swatch(ImDrawList* draw, ImVec2 centre, float radius, render::ResourceKind kind) {
  const render::ResourceLook look = render::resource_look(kind, legend_owner_colour());
  draw->AddCircleFilled(centre, radius, IM_COL32(0, 0, 0, 255));
  draw->AddCircleFilled(centre, radius - 1.0f, to_color(look.fill));
  if (look.core_fraction > 0.0f) draw->AddCircleFilled(centre, radius * look.core_fraction, to_color(look.core));
}

// Swatches with their names ("mineral field", ...) on a dark band whose bottom left is at
// `bottom_left`, in rows no wider than `max_width` (a kind per row when it has to). Returns
// the band's size.
inline ImVec2 draw_resource_legend(ImDrawList* draw, ImVec2 bottom_left, float max_width,
                                   const std::vector<render::ResourceKind>& kinds) {
  const float line = ImGui::GetTextLineHeight();
  const float radius = std::floor(line * 0.45f);
  constexpr float kPad = 6.0f, kGap = 12.0f;
  auto item_width = [&](render::ResourceKind kind) {
    return 2 * radius + 4 + ImGui::CalcTextSize(render::resource_kind_name(kind)).x;
  };
  // Lay out first: where each item goes, relative to the band's top left.
  std::vector<ImVec2> places;
  float x = kPad, y = 3.0f, width = 0.0f;
  for (render::ResourceKind kind : kinds) {
    if (x > kPad && x + item_width(kind) + kPad > max_width) {
      x = kPad;
      y += line + 2.0f;
    }
    places.emplace_back(x, y);
    width = std::max(width, x + item_width(kind) + kPad);
    x += item_width(kind) + kGap;
  }
  const ImVec2 size(width, y + line + 3.0f);
  const ImVec2 at(bottom_left.x, bottom_left.y - size.y);
  draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), IM_COL32(0, 0, 0, 170), 3.0f);
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const ImVec2 place(at.x + places[i].x, at.y + places[i].y);
    draw_resource_swatch(draw, ImVec2(place.x + radius, place.y + line / 2), radius, kinds[i]);
    draw->AddText(ImVec2(place.x + 2 * radius + 4, place.y), IM_COL32(230, 230, 230, 255), render::resource_kind_name(kinds[i]));
  }
  return size;
}

}  // namespace sc2::app::ui
