// Regions and points (spec §1.4, §1.5, §2.4 "Regions and points"): the map's regions by id
// (each a copy this game may move: MoveToBeacon re-centres its beacon circle), the entire map,
// the placed points by id. The playable area a script sets is read once per map, at load (its
// layout: scripted_layout.h); setting it again later changes nothing.
#include <algorithm>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

void move_region(mapfile::Region& region, Vec2 centre) {
  const std::optional<mapfile::RegionBounds> bounds = region.bounds();
  if (!bounds) return;
  const mapfile::MapPoint from = bounds->center();
  const float dx = centre.x - from.x;
  const float dy = centre.y - from.y;
  for (mapfile::RegionShape& shape : region.shapes) {
    shape.min = {shape.min.x + dx, shape.min.y + dy};
    shape.max = {shape.max.x + dx, shape.max.y + dy};
    shape.center = {shape.center.x + dx, shape.center.y + dy};
  }
}

std::optional<mapfile::RegionBounds> bounds_arg(NativeCall& call, ScriptWorld& w, std::uint32_t i) {
  const mapfile::Region* region = region_arg(call, w, i);
  if (region == nullptr) return std::nullopt;
  std::optional<mapfile::RegionBounds> bounds = region->bounds();
  if (!bounds) call.fail("the region has no area (no positive shape)");
  return bounds;
}

}  // namespace

void register_region_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("RegionFromId", [&w](NativeCall& call) {
    const std::optional<galaxy::Handle> region = w.region_from_id(call.int_arg(0));
    if (!region) return call.fail("the map has no region with id " + std::to_string(call.int_arg(0)));
    call.return_handle(*region);
  });
  r.add("RegionEntireMap", [&w](NativeCall& call) { call.return_handle(w.entire_map()); });
  r.add("RegionGetCenter", [&w](NativeCall& call) {
    if (const auto bounds = bounds_arg(call, w, 0)) call.return_point(galaxy::Point::from_world(bounds->center().x, bounds->center().y));
  });
  r.add("RegionSetCenter", [&w](NativeCall& call) {
    mapfile::Region* region = region_arg(call, w, 0);
    const std::optional<Vec2> centre = region ? point_arg(call, 1) : std::nullopt;
    if (centre) move_region(*region, *centre);
  });
  r.add("RegionRandomPoint", [&w](NativeCall& call) {
    const mapfile::Region* region = region_arg(call, w, 0);
    if (region == nullptr) return;
    // A try is two draws and a test of every shape; no more tries than the budget still pays.
    const std::int64_t per_try = 2 + region_test_cost(*region);
    const int tries = static_cast<int>(std::min<std::int64_t>(w.limits().random_point_tries, call.affordable() / per_try));
    std::int64_t draws = 0;
    const auto point = region->random_point(
        [&w, &draws] {
          ++draws;
          return w.world().rng().uniform01();
        },
        tries);
    call.charge(draws / 2 * per_try);
    if (point) return call.return_point(galaxy::Point::from_world(point->x, point->y));
    if (tries < w.limits().random_point_tries) {
      return call.fail("the script's instruction budget ran out after " + std::to_string(tries) +
                       " tries for a random point in the region");
    }
    call.fail("no random point found in the region (" + std::to_string(tries) + " tries)");
  });
  r.add("RegionContainsPoint", [&w](NativeCall& call) {
    const mapfile::Region* region = region_arg(call, w, 0);
    const std::optional<Vec2> p = region ? point_arg(call, 1) : std::nullopt;
    if (!p) return;
    call.charge(region_test_cost(*region));
    call.return_bool(region->contains(to_map_point(*p)));
  });
  r.add("RegionPlayableMapSet", [&w](NativeCall& call) {
    if (const auto bounds = bounds_arg(call, w, 0)) w.settings().playable = *bounds;
  });
  r.add("PointFromId", [&w](NativeCall& call) {
    const mapfile::PlacedPoint* point = w.placed_point(static_cast<std::uint32_t>(call.int_arg(0)));
    if (point == nullptr) return call.fail("the map's Objects have no point with id " + std::to_string(call.int_arg(0)));
    call.return_point(galaxy::Point::from_world(point->position.x, point->position.y));
  });
}

}  // namespace sc2::engine::scripted
