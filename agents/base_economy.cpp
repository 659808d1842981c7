#include "agents/base_economy.h"

#include <algorithm>
#include <cmath>

#include "agents/function_ids.h"

namespace sc2::agents {

BaseView BaseView::read(const pysc2::Observation& observation) {
  BaseView base;
  for (const auto& unit : screen_units(observation, kPlayerSelf)) {
    switch (unit.unit_type) {
      case kUnitTypeScv: base.scvs.push_back(unit); break;
      case kUnitTypeMarine: base.marines.push_back(unit); break;
      case kUnitTypeCommandCenter: base.command_centers.push_back(unit); break;
      case kUnitTypeSupplyDepot: base.depots.push_back(unit); break;
      case kUnitTypeBarracks: base.barracks.push_back(unit); break;
      case kUnitTypeRefinery: base.refineries.push_back(unit); break;
      default: break;
    }
  }
  for (const auto& unit : screen_units(observation, kPlayerNeutral)) {
    if (unit.unit_type == kUnitTypeVespeneGeyser) {
      base.geysers.push_back(unit);
    } else {  // every other neutral unit on these maps is a mineral field (several type ids)
      base.minerals.push_back(unit);
    }
  }
  const pysc2::Table& table = observation.feature_units;
  const int c_type = table.column("unit_type"), c_alliance = table.column("alliance");
  const int c_orders = table.column("order_length");
  for (int row = 0; c_orders >= 0 && row < table.rows; ++row) {
    if (table.at(row, c_alliance) != kPlayerSelf) continue;
    const auto type = table.at(row, c_type);
    if (type == kUnitTypeCommandCenter) base.scvs_queued += static_cast<int>(table.at(row, c_orders));
    if (type == kUnitTypeBarracks) base.marines_queued += static_cast<int>(table.at(row, c_orders));
  }
  base.minerals_banked = static_cast<int>(observation.player[kPlayerMinerals]);
  base.food_used = static_cast<int>(observation.player[kPlayerFoodUsed]);
  base.food_cap = static_cast<int>(observation.player[kPlayerFoodCap]);
  base.idle_workers = static_cast<int>(observation.player[kPlayerIdleWorkers]);
  return base;
}

int BaseView::finished(const std::vector<ScreenUnit>& structures) {
  return static_cast<int>(
      std::count_if(structures.begin(), structures.end(), [](const ScreenUnit& u) { return u.build_progress >= 100; }));
}

int BaseView::in_production() const {
  return std::max(0, food_used - static_cast<int>(scvs.size() + marines.size()));
}

std::vector<ScreenUnit> fields_by_distance(const BaseView& base) {
  std::vector<ScreenUnit> fields = base.minerals;
  if (base.command_centers.empty()) return fields;
  const ScreenUnit& cc = base.command_centers.front();
  std::stable_sort(fields.begin(), fields.end(), [&](const ScreenUnit& a, const ScreenUnit& b) {
    return squared_distance(cc.x, cc.y, a.x, a.y) < squared_distance(cc.x, cc.y, b.x, b.y);
  });
  return fields;
}

int& FieldPlan::sent_to(const ScreenUnit& field) {
  const Pixel2 at{field.x, field.y};
  for (auto& [pixel, count] : sent_) {
    if (pixel == at) return count;
  }
  return sent_.emplace_back(at, 0).second;
}

std::optional<ScreenUnit> FieldPlan::assign(const BaseView& base) {
  std::optional<ScreenUnit> best;
  int best_level = 0;
  for (const ScreenUnit& field : fields_by_distance(base)) {  // nearest first: it wins ties
    const int level = std::max(0, sent_to(field) - 1);       // 0 for a field's first two workers
    if (!best || level < best_level) best = field, best_level = level;
  }
  if (best) ++sent_to(*best);
  return best;
}

namespace {

// True when the straight walk from `from` to `to` passes clear of every obstacle ahead
// (those behind the walker, e.g. the field it mines, do not block it).
bool clear_walk(Pixel2 from, Pixel2 to, const std::vector<ScreenUnit>& obstacles, double clearance) {
  const double dx = to.x - from.x, dy = to.y - from.y;
  const double length2 = dx * dx + dy * dy;
  for (const auto& obstacle : obstacles) {
    const double ox = obstacle.x - from.x, oy = obstacle.y - from.y;
    const double along = ox * dx + oy * dy;
    if (along <= 0 || length2 == 0) continue;
    const double t = std::min(1.0, along / length2);
    const double px = from.x + t * dx - obstacle.x, py = from.y + t * dy - obstacle.y;
    const double reach = obstacle.radius + clearance;
    if (px * px + py * py < reach * reach) return false;
  }
  return true;
}

// Distance from (px, py) to the segment (ax, ay)-(bx, by), in pixels.
double distance_to_segment(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax, dy = by - ay;
  const double length2 = dx * dx + dy * dy;
  const double t = length2 == 0 ? 0.0 : std::clamp(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0);
  return std::hypot(ax + t * dx - px, ay + t * dy - py);
}

// An SCV next to a structure under construction is building it: taking it away would halt
// the construction for good.
bool busy_building(const ScreenUnit& scv, const std::vector<ScreenUnit>& structures, double ppw) {
  for (const auto& structure : structures) {
    if (structure.build_progress >= 100) continue;
    const double reach = structure.radius + 1.5 * ppw;
    if (static_cast<double>(squared_distance(scv.x, scv.y, structure.x, structure.y)) <= reach * reach) return true;
  }
  return false;
}

}  // namespace

std::optional<BuildSite> find_build_spot(const pysc2::Observation& observation, const BaseView& base,
                                         const SpotQuery& query, const std::vector<Pixel2>& excluded) {
  const pysc2::Layer* buildable = observation.screen("buildable");
  const bool use_buildable =
      buildable != nullptr && !buildable->empty() &&
      std::any_of(buildable->values.begin(), buildable->values.end(), [](std::int32_t v) { return v != 0; });
  const pysc2::Layer* any_layer = observation.feature_screen.empty() ? nullptr : &observation.feature_screen.front();
  const int width = use_buildable ? buildable->width : (any_layer ? any_layer->width : 64);
  const int height = use_buildable ? buildable->height : (any_layer ? any_layer->height : 64);
  const double ppw = query.pixels_per_world;
  const double half = query.footprint_world / 2.0 * ppw;  // half the footprint, pixels
  const double edge = half + query.edge_gap_world * ppw;   // closest a centre may be to an edge

  std::vector<ScreenUnit> obstacles = base.minerals;
  for (const auto* list : {&base.geysers, &base.command_centers, &base.depots, &base.barracks, &base.refineries})
    obstacles.insert(obstacles.end(), list->begin(), list->end());
  const int cx = base.command_centers.empty() ? width / 2 : base.command_centers.front().x;
  const int cy = base.command_centers.empty() ? height / 2 : base.command_centers.front().y;

  std::optional<BuildSite> best;
  long best_distance = 0;
  const int step = std::max(1, static_cast<int>(std::lround(ppw)));  // one world cell
  for (int y = static_cast<int>(std::ceil(edge)); y + edge < height; y += step) {
    for (int x = static_cast<int>(std::ceil(edge)); x + edge < width; x += step) {
      const Pixel2 spot{x, y};
      if (std::find(excluded.begin(), excluded.end(), spot) != excluded.end()) continue;
      bool ok = true;
      if (use_buildable) {
        const int x0 = static_cast<int>(std::floor(x - half)), x1 = static_cast<int>(std::ceil(x + half));
        const int y0 = static_cast<int>(std::floor(y - half)), y1 = static_cast<int>(std::ceil(y + half));
        for (int py = std::max(0, y0); ok && py < std::min(height, y1); ++py)
          for (int px = std::max(0, x0); ok && px < std::min(width, x1); ++px) ok = buildable->at(px, py) != 0;
        // The footprint must lie fully on the screen's buildable area.
        ok = ok && x0 >= 0 && y0 >= 0 && x1 <= width && y1 <= height;
      }
      for (const auto& obstacle : obstacles) {
        if (!ok) break;
        // Square footprint against the obstacle's circle (radius + margin), by the nearest
        // point of the square.
        const double nx = std::clamp<double>(obstacle.x, x - half, x + half);
        const double ny = std::clamp<double>(obstacle.y, y - half, y + half);
        const double reach = obstacle.radius + query.margin_world * ppw;
        ok = (nx - obstacle.x) * (nx - obstacle.x) + (ny - obstacle.y) * (ny - obstacle.y) >= reach * reach;
        const bool resource =
            obstacle.alliance == kPlayerNeutral;  // keep the mining lanes clear
        if (ok && resource && query.lane_gap_world > 0) {
          ok = distance_to_segment(x, y, cx, cy, obstacle.x, obstacle.y) >= half + query.lane_gap_world * ppw;
        } else if (ok && resource) {
          const double gap = query.resource_gap_world * ppw;
          ok = squared_distance(x, y, obstacle.x, obstacle.y) >= gap * gap;
        }
      }
      if (!ok) continue;
      const long distance = squared_distance(cx, cy, x, y);
      if (best && distance >= best_distance) continue;
      const ScreenUnit* builder = nullptr;
      long builder_distance = 0;
      for (const auto& scv : base.scvs) {
        if (busy_building(scv, obstacles, ppw)) continue;
        const long walk = squared_distance(scv.x, scv.y, x, y);
        if (builder != nullptr && walk >= builder_distance) continue;
        if (query.require_clear_walk && !clear_walk({scv.x, scv.y}, spot, obstacles, 0.5 * ppw)) continue;
        builder = &scv;
        builder_distance = walk;
      }
      if (builder == nullptr) continue;
      best = BuildSite{spot, {builder->x, builder->y}};
      best_distance = distance;
    }
  }
  return best;
}

std::optional<Pixel2> nearest_free_builder(const BaseView& base, Pixel2 spot, double pixels_per_world) {
  std::vector<ScreenUnit> structures = base.depots;
  for (const auto* list : {&base.barracks, &base.command_centers, &base.refineries})
    structures.insert(structures.end(), list->begin(), list->end());
  std::optional<Pixel2> best;
  long best_distance = 0;
  for (const auto& scv : base.scvs) {
    if (busy_building(scv, structures, pixels_per_world)) continue;
    const long d = squared_distance(scv.x, scv.y, spot.x, spot.y);
    if (best && d >= best_distance) continue;
    best = Pixel2{scv.x, scv.y};
    best_distance = d;
  }
  return best;
}

std::optional<pysc2::FunctionCall> FollowUp::take(const pysc2::Observation& observation) {
  if (!pending_) return std::nullopt;
  auto call = std::move(*pending_);
  pending_.reset();
  if (!is_available(observation, call.function)) return std::nullopt;
  return call;
}

}  // namespace sc2::agents
