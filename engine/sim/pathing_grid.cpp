#include "engine/sim/pathing_grid.h"

#include <algorithm>
#include <cmath>
#include <queue>

namespace sc2::engine {

namespace {

constexpr float kSampleStep = 0.125f;   // straight-line check resolution (world units)
constexpr float kDiagonal = 1.41421356f;
constexpr float kFinalInset = 0.05f;    // a fallback end point stays this far inside its cell

int cell_of(float v) { return floor_to_int(v); }

// Octile distance between two cells (the A* heuristic: exact on an open grid).
float octile(int dx, int dy) {
  dx = std::abs(dx);
  dy = std::abs(dy);
  return static_cast<float>(std::max(dx, dy) - std::min(dx, dy)) + kDiagonal * static_cast<float>(std::min(dx, dy));
}

// Per-thread search scratch, reset by a stamp instead of clearing.
struct SearchScratch {
  std::vector<std::uint32_t> stamp;
  std::vector<float> g;
  std::vector<std::int32_t> parent;
  std::vector<std::uint8_t> closed;
  std::uint32_t current = 0;

  void begin(std::size_t cells) {
    if (stamp.size() != cells) {
      stamp.assign(cells, 0);
      g.assign(cells, 0.0f);
      parent.assign(cells, -1);
      closed.assign(cells, 0);
      current = 0;
    }
    if (++current == 0) {  // wrapped: start over
      std::fill(stamp.begin(), stamp.end(), 0);
      current = 1;
    }
  }
  bool seen(std::size_t i) const { return stamp[i] == current; }
  void touch(std::size_t i) {
    if (seen(i)) return;
    stamp[i] = current;
    g[i] = 0.0f;
    parent[i] = -1;
    closed[i] = 0;
  }
};

struct OpenEntry {
  float f;
  float h;
  std::int32_t cell;
  // Smallest f first, then smallest h (nearer the goal), then lowest cell index.
  bool operator>(const OpenEntry& o) const {
    if (f != o.f) return f > o.f;
    if (h != o.h) return h > o.h;
    return cell > o.cell;
  }
};

}  // namespace

PathingGrid::PathingGrid(const MapLayout& map)
    : width_(map.width), height_(map.height), terrain_(map.pathable),
      structures_(static_cast<std::size_t>(map.width) * map.height, 0),
      near_(static_cast<std::size_t>(map.width) * map.height, 0),
      open_(map.pathable) {
  for (int y = map.playable.y0; y < map.playable.y1; ++y) {
    for (int x = map.playable.x0; x < map.playable.x1; ++x) {
      if (in_bounds(x, y) && terrain_[index(x, y)] == 0) ++inner_walls_;
    }
  }
}

void PathingGrid::mark(const UnitTypeStats& type, Vec2 centre, int delta, bool closes_gaps) {
  if (type.footprint_w <= 0 || type.footprint_h <= 0 || width_ == 0) return;
  const auto bump = [&](std::uint16_t& count) { count = static_cast<std::uint16_t>(std::max(0, count + delta)); };
  const int x0 = static_cast<int>(std::lround(centre.x - type.footprint_w * 0.5f));
  const int y0 = static_cast<int>(std::lround(centre.y - type.footprint_h * 0.5f));
  for (int y = y0; y < y0 + type.footprint_h; ++y) {
    for (int x = x0; x < x0 + type.footprint_w; ++x) {
      if (in_bounds(x, y) && distance({x + 0.5f, y + 0.5f}, centre) <= type.radius) bump(structures_[index(x, y)]);
    }
  }
  if (closes_gaps) {
    const float reach = type.radius + kGapMargin;  // also covers the footprint cells
    for (int y = cell_of(centre.y - reach); y <= cell_of(centre.y + reach); ++y) {
      for (int x = cell_of(centre.x - reach); x <= cell_of(centre.x + reach); ++x) {
        if (in_bounds(x, y) && distance({x + 0.5f, y + 0.5f}, centre) <= reach) bump(near_[index(x, y)]);
      }
    }
  }
  const float reach = type.radius + kGapMargin;
  for (int y = std::max(0, cell_of(centre.y - reach)); y <= std::min(height_ - 1, cell_of(centre.y + reach)); ++y) {
    for (int x = std::max(0, cell_of(centre.x - reach)); x <= std::min(width_ - 1, cell_of(centre.x + reach)); ++x) {
      const auto i = index(x, y);
      open_[i] = terrain_[i] != 0 && structures_[i] == 0 && near_[i] < 2 ? 1 : 0;
    }
  }
  blocking_structures_ = std::max(0, blocking_structures_ + delta);
  ++version_;
}

bool PathingGrid::disc_hits_wall(Vec2 p, float radius) const {
  for (int y = cell_of(p.y - radius); y <= cell_of(p.y + radius); ++y) {
    for (int x = cell_of(p.x - radius); x <= cell_of(p.x + radius); ++x) {
      if (terrain_open(x, y)) continue;
      const float cx = std::clamp(p.x, static_cast<float>(x), static_cast<float>(x + 1));
      const float cy = std::clamp(p.y, static_cast<float>(y), static_cast<float>(y + 1));
      if (distance(p, {cx, cy}) < radius) return true;
    }
  }
  return false;
}

bool PathingGrid::segment_clear(Vec2 a, Vec2 b, float radius) const {
  const int start_x = cell_of(a.x), start_y = cell_of(a.y);
  // A unit already touching a wall (sliding along it) is checked by its centre only.
  const bool check_disc = radius > 0.0f && !disc_hits_wall(a, radius);
  const float len = distance(a, b);
  const int samples = static_cast<int>(std::ceil(len / kSampleStep));
  for (int i = 1; i <= samples; ++i) {
    const Vec2 p = a + (b - a) * (static_cast<float>(i) / static_cast<float>(samples));
    const int x = cell_of(p.x), y = cell_of(p.y);
    if (!(x == start_x && y == start_y) && !pathable(x, y)) return false;
    if (check_disc && disc_hits_wall(p, radius)) return false;
  }
  return true;
}

PathResult PathingGrid::find_path(Vec2 from, Vec2 goal, float radius, float reach) const {
  PathResult result;
  if (width_ == 0) return result;
  ++searches_;
  const int sx = std::clamp(cell_of(from.x), 0, width_ - 1), sy = std::clamp(cell_of(from.y), 0, height_ - 1);
  const int gx = std::clamp(cell_of(goal.x), 0, width_ - 1), gy = std::clamp(cell_of(goal.y), 0, height_ - 1);
  const auto start = static_cast<std::int32_t>(index(sx, sy));
  const auto target = static_cast<std::int32_t>(index(gx, gy));

  thread_local SearchScratch s;
  s.begin(static_cast<std::size_t>(width_) * height_);
  std::priority_queue<OpenEntry, std::vector<OpenEntry>, std::greater<>> open;
  s.touch(static_cast<std::size_t>(start));
  const auto h_of = [&](int x, int y) { return std::max(0.0f, octile(x - gx, y - gy) - reach); };
  const auto is_goal = [&](std::int32_t c, int x, int y) {
    return reach > 0.0f ? distance({x + 0.5f, y + 0.5f}, goal) <= reach : c == target;
  };
  open.push({h_of(sx, sy), h_of(sx, sy), start});
  // Nearest cell to the goal found so far (fallback when the goal cannot be reached).
  std::int32_t best = start;
  float best_h = h_of(sx, sy), best_g = 0.0f;
  bool reached = false;
  std::int32_t end = start;

  constexpr int kDx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
  constexpr int kDy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
  while (!open.empty()) {
    const OpenEntry top = open.top();
    open.pop();
    const auto ci = static_cast<std::size_t>(top.cell);
    if (s.closed[ci]) continue;
    s.closed[ci] = 1;
    const int cx = top.cell % width_, cy = top.cell / width_;
    const float h = h_of(cx, cy);
    if (h < best_h || (h == best_h && s.g[ci] < best_g)) {
      best = top.cell;
      best_h = h;
      best_g = s.g[ci];
    }
    if (is_goal(top.cell, cx, cy) && (top.cell != start || reach <= 0.0f || pathable(cx, cy))) {
      reached = true;
      end = top.cell;
      break;
    }
    for (int k = 0; k < 8; ++k) {
      const int nx = cx + kDx[k], ny = cy + kDy[k];
      if (!pathable(nx, ny)) continue;
      if (k >= 4 && (!pathable(cx + kDx[k], cy) || !pathable(cx, cy + kDy[k]))) continue;  // no corner cutting
      const auto ni = index(nx, ny);
      s.touch(ni);
      if (s.closed[ni]) continue;
      const float g = s.g[ci] + (k >= 4 ? kDiagonal : 1.0f);
      if (s.parent[ni] >= 0 && g >= s.g[ni]) continue;
      if (static_cast<std::int32_t>(ni) == start) continue;
      s.g[ni] = g;
      s.parent[ni] = top.cell;
      const float nh = h_of(nx, ny);
      open.push({g + nh, nh, static_cast<std::int32_t>(ni)});
    }
  }

  // Cell centres from start to end, then the real end point.
  std::vector<Vec2> points;
  if (!reached) end = best;
  for (std::int32_t c = end; c >= 0 && c != start; c = s.parent[static_cast<std::size_t>(c)]) {
    points.push_back({c % width_ + 0.5f, c / width_ + 0.5f});
  }
  std::reverse(points.begin(), points.end());
  const float ex = static_cast<float>(end % width_), ey = static_cast<float>(end / width_);
  const Vec2 end_point = reached ? (reach > 0.0f ? Vec2{ex + 0.5f, ey + 0.5f} : goal)
                                 : Vec2{std::clamp(goal.x, ex + kFinalInset, ex + 1.0f - kFinalInset),
                                        std::clamp(goal.y, ey + kFinalInset, ey + 1.0f - kFinalInset)};
  if (points.empty()) {
    points.push_back(end_point);
  } else {
    points.back() = end_point;
  }

  // String pulling: from each corner, head for the farthest next point in a straight line.
  Vec2 current = from;
  std::size_t i = 0;
  while (i < points.size()) {
    std::size_t j = i;
    while (j + 1 < points.size() && segment_clear(current, points[j + 1], radius)) ++j;
    result.waypoints.push_back(points[j]);
    current = points[j];
    i = j + 1;
  }
  result.reaches_goal = reached;
  return result;
}

}  // namespace sc2::engine
