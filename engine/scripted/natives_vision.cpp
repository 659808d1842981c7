// Camera and vision (spec §2.4 "Camera and vision"). Headless, a camera pan speaks only to a
// person, except the one map init makes for player 1: the mini-games pan to their arena and
// lock the camera there (CameraLockInput), which is where the agent's camera starts and stays
// (as the built-in single-screen maps do). Vision is approximate (README.md): sc2lite's fog of
// war is one switch for the whole game (World::set_fog), so
// * VisEnable(c_visTypeFog, false) turns it off; at map init, so does VisRevealArea for player
//   1 over the whole playable area (the mini-games' arena) (MapSettings, read at load);
// * VisEnable(c_visTypeMask, false) (no black mask) marks every cell explored for every player;
// * VisRevealArea over part of the map marks its cells explored for the player (not visible);
// * VisExploreArea marks the region's cells explored or unexplored;
// * VisIsVisibleForPlayer asks the world's visibility of the point's cell.
#include <algorithm>
#include <cmath>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

constexpr std::int32_t kVisTypeMask = 0;  // c_visTypeMask
constexpr std::int32_t kVisTypeFog = 1;   // c_visTypeFog
constexpr int kAgent = 1;

// The cells whose centres may be in the region: its bounds on the map, [x0, x1) x [y0, y1).
struct CellBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::int64_t cells() const { return std::int64_t{x1 - x0} * (y1 - y0); }
};

CellBox cells_under(const mapfile::Region& region, const MapLayout& map) {
  const std::optional<mapfile::RegionBounds> bounds = region.bounds();
  if (!bounds) return {};
  const auto clamp = [](float v, int most) { return static_cast<int>(std::clamp(v, 0.0f, static_cast<float>(most))); };
  CellBox box{clamp(std::floor(bounds->min.x), map.width), clamp(std::floor(bounds->min.y), map.height),
              clamp(std::ceil(bounds->max.x), map.width), clamp(std::ceil(bounds->max.y), map.height)};
  box.x1 = std::max(box.x1, box.x0);
  box.y1 = std::max(box.y1, box.y0);
  return box;
}

// Sets the explored mark of the region's cells (by their centres) for an engine owner. A cell
// costs a test per shape, checked against the budget before any is done.
void explore(NativeCall& call, ScriptWorld& w, const mapfile::Region& region, int owner, bool explored) {
  if (owner == kNeutralOwner) return;
  std::vector<std::uint8_t>& cells = w.world().player(owner).explored;
  const MapLayout& map = w.world().map();
  const CellBox box = cells_under(region, map);
  const std::int64_t cost = box.cells() * region_test_cost(region);
  if (!call.can_afford(cost)) {
    return call.fail("the script's instruction budget cannot pay for the region's " + std::to_string(box.cells()) +
                     " cells");
  }
  call.charge(cost);
  for (int y = box.y0; y < box.y1; ++y) {
    for (int x = box.x0; x < box.x1; ++x) {
      if (region.contains({x + 0.5f, y + 0.5f})) cells[map.cell(x, y)] = explored ? 1 : 0;
    }
  }
}

void register_camera(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("CameraPan", [&w](NativeCall& call) {
    const std::optional<int> owner = player_arg(call, 0);
    const std::optional<Vec2> target = owner ? point_arg(call, 1) : std::nullopt;
    if (!target || !w.in_map_init() || *owner == kNeutralOwner) return;
    if (*owner == kAgent) w.settings().camera_start = *target;
    w.world().player(*owner).camera = *target;
  });
  r.add("CameraLockInput", [&w](NativeCall& call) {
    if (w.in_map_init() && call.int_arg(0) == kAgent) w.settings().camera_locked = call.bool_arg(1);
  });
}

void register_visibility(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("VisEnable", [&w](NativeCall& call) {
    if (call.bool_arg(1)) return;  // turning them on: the game's fog is what Game set it to
    if (call.int_arg(0) == kVisTypeFog) {
      w.settings().fog_disabled = true;
      w.world().set_fog(false);
    } else if (call.int_arg(0) == kVisTypeMask) {
      for (int owner = 1; owner < kNeutralOwner; ++owner) {
        call.charge(static_cast<std::int64_t>(w.world().player(owner).explored.size() / 32));
        std::ranges::fill(w.world().player(owner).explored, 1);
      }
    }
  });
  r.add("VisRevealArea", [&w](NativeCall& call) {
    const std::optional<int> owner = player_arg(call, 0);
    const mapfile::Region* region = owner ? region_arg(call, w, 1) : nullptr;
    if (region == nullptr) return;
    if (*owner == kAgent && w.in_map_init()) {
      if (const auto bounds = region->bounds()) w.settings().revealed.push_back(*bounds);
    }
    explore(call, w, *region, *owner, true);
  });
  r.add("VisExploreArea", [&w](NativeCall& call) {
    const std::optional<int> owner = player_arg(call, 0);
    const mapfile::Region* region = owner ? region_arg(call, w, 1) : nullptr;
    if (region != nullptr) explore(call, w, *region, *owner, call.bool_arg(2));
  });
  r.add("VisIsVisibleForPlayer", [&w](NativeCall& call) {
    const std::optional<int> owner = player_arg(call, 0);
    const std::optional<Vec2> p = owner ? point_arg(call, 1) : std::nullopt;
    if (p) call.return_bool(w.world().visibility(*owner, floor_to_int(p->x), floor_to_int(p->y)) == 2);
  });
}

}  // namespace

void register_vision_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  register_camera(r, w);
  register_visibility(r, w);
}

}  // namespace sc2::engine::scripted
