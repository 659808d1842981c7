#include "app/input/raw_actions.h"

#include <algorithm>
#include <cmath>

#include "app/views/world_view_logic.h"
#include "client/pysc2/actions.h"

namespace sc2::app {

namespace {

bool own(const pysc2::RawUnit& unit) { return unit.alliance == pysc2::Alliance::self; }

std::vector<std::uint64_t> selected_own_tags(const pysc2::RawView& raw) {
  std::vector<std::uint64_t> tags;
  for (const pysc2::RawUnit& unit : raw.units) {
    if (own(unit) && unit.is_selected) tags.push_back(unit.tag);
  }
  return tags;
}

render::WorldPoint pixel_centre(const render::WorldRect& camera, int w, int h, const std::vector<int>& pixel) {
  return render::screen_to_world(camera, {pixel[0] + 0.5f, pixel[1] + 0.5f}, w, h);
}

// Own units whose disc reaches into the world box spanned by two screen pixels (both included).
std::vector<std::uint64_t> own_tags_in_box(const pysc2::RawView& raw, const render::WorldRect& camera,
                                           int w, int h, const std::vector<int>& a, const std::vector<int>& b) {
  const float x0 = static_cast<float>(std::min(a[0], b[0])), x1 = static_cast<float>(std::max(a[0], b[0]) + 1);
  const float y0 = static_cast<float>(std::min(a[1], b[1])), y1 = static_cast<float>(std::max(a[1], b[1]) + 1);
  const render::WorldPoint top_left = render::screen_to_world(camera, {x0, y0}, w, h);
  const render::WorldPoint bottom_right = render::screen_to_world(camera, {x1, y1}, w, h);
  const float left = std::min(top_left.x, bottom_right.x), right = std::max(top_left.x, bottom_right.x);
  const float bottom = std::min(top_left.y, bottom_right.y), top = std::max(top_left.y, bottom_right.y);
  std::vector<std::uint64_t> tags;
  for (const pysc2::RawUnit& unit : raw.units) {
    if (!own(unit)) continue;
    const float nearest_x = std::clamp(unit.pos.x, left, right);
    const float nearest_y = std::clamp(unit.pos.y, bottom, top);
    if (std::hypot(unit.pos.x - nearest_x, unit.pos.y - nearest_y) <= unit.radius) tags.push_back(unit.tag);
  }
  return tags;
}

RawMapping nothing(std::string message) { return RawMapping{false, std::nullopt, std::move(message)}; }

}  // namespace

RawMapping to_raw_command(const pysc2::FunctionCall& call, const pysc2::RawView& raw,
                          const render::WorldRect& camera, int screen_width, int screen_height) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(call.function);
  if (!spec || screen_width <= 0 || screen_height <= 0) return RawMapping{true, std::nullopt, {}};
  const auto& args = call.arguments;
  switch (spec->type) {
    case pysc2::FunctionType::select_point: {
      if (args.size() < 2 || args[1].size() < 2) break;
      const std::uint64_t tag =
          unit_selected_at(raw, camera, screen_width, screen_height, LayerPixel{args[1][0], args[1][1]});
      const pysc2::RawUnit* unit = tag ? raw.find(tag) : nullptr;
      if (!unit || !own(*unit)) return nothing("raw mode: no own unit there to select");
      return RawMapping{false, pysc2::RawCommand{0, false, {tag}, std::nullopt, std::nullopt}, {}};
    }
    case pysc2::FunctionType::select_rect: {
      if (args.size() < 3 || args[1].size() < 2 || args[2].size() < 2) break;
      std::vector<std::uint64_t> tags = own_tags_in_box(raw, camera, screen_width, screen_height, args[1], args[2]);
      if (tags.empty()) return nothing("raw mode: no own units in the box to select");
      return RawMapping{false, pysc2::RawCommand{0, false, std::move(tags), std::nullopt, std::nullopt}, {}};
    }
    case pysc2::FunctionType::cmd_quick:
    case pysc2::FunctionType::cmd_screen: {
      std::vector<std::uint64_t> tags = selected_own_tags(raw);
      if (tags.empty()) return nothing("raw mode: " + std::string(spec->name) + " needs selected own units");
      pysc2::RawCommand command;
      command.ability_id = spec->general_id != 0 ? spec->general_id : spec->ability_id;
      command.queued = !args.empty() && !args[0].empty() && args[0][0] != 0;
      command.unit_tags = std::move(tags);
      if (spec->type == pysc2::FunctionType::cmd_screen) {
        if (args.size() < 2 || args[1].size() < 2) break;
        const LayerPixel pixel{args[1][0], args[1][1]};
        const std::uint64_t target = unit_selected_at(raw, camera, screen_width, screen_height, pixel);
        if (target && pysc2::raw_function_for(command.ability_id, pysc2::RawFunctionType::raw_cmd_unit)) {
          command.target_unit_tag = target;
        } else {
          const render::WorldPoint at = pixel_centre(camera, screen_width, screen_height, args[1]);
          command.target_world = pysc2::WorldXY{at.x, at.y};
        }
      }
      return RawMapping{false, std::move(command), {}};
    }
    default: break;
  }
  return RawMapping{true, std::nullopt, {}};
}

}  // namespace sc2::app
