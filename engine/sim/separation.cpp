#include "engine/sim/separation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr int kSeparationPasses = 3;  // at most 3: passes 2 and 3 find bodies in two sets of bins
constexpr float kCellSize = 1.0f;  // a small unit's disc (0.75 across) touches 1 to 4 cells
// DiscBins::cell_of multiplies by the inverse of the cell size, exact only for powers of two.
static_assert(kCellSize == 1.0f || kCellSize == 0.5f || kCellSize == 2.0f, "kCellSize must be a power of two");
constexpr std::size_t kCellsPerBody = 4;  // coarser cells when the units are spread thinly
// Overlaps below this count as touching: a pair pushed exactly apart is often a float
// rounding short of its radii again, and re-pushing such pairs kept every settled crowd
// busy for all passes of every loop.
constexpr float kContactSlack = 1e-3f;

// One solid unit during separation: what the pair test reads, packed so that a crowd's
// pairs are checked from a small array instead of the scattered Unit objects.
struct Body {
  Unit* unit = nullptr;
  Vec2 pos;
  float radius = 0.0f;
  bool immobile = false;    // structures and resources: never move
  bool fixed = false;       // immobile or holding position: does not yield to mobile units
  bool harvesting = false;  // on a harvest trip: passes through other mobile units
  bool flying = false;      // not held to pathable cells (read here, not through the unit, per push)
  bool cliff_walker = false;  // held to the cliff walkers' grid (World::pathing_for)
  int cell_x0 = 0, cell_y0 = 0, cell_x1 = 0, cell_y1 = 0;  // cells of the disc's box at binning
};

// Per body, beside the bodies (the pair loop reads it for every pair it looks at):
// kAwake = moved (or changed how it yields) since its pairs were last checked, i.e. during
// the last pass or, in the first pass, since the last loop's separation; kMoved = moved in
// the current pass. Only pairs with an awake body or one moved in this pass can change
// anything; the others are skipped (the same result as checking them, less work).
constexpr std::uint8_t kAwake = 1;
constexpr std::uint8_t kMoved = 2;

std::uint8_t flags_of(const Body& b) { return static_cast<std::uint8_t>((b.fixed ? 1 : 0) | (b.harvesting ? 2 : 0)); }

// Workers on a harvest trip pass through other mobile units, as in the game (they still
// keep out of structures and resources).
bool harvesting(const Unit& u) { return !u.orders.empty() && u.orders.front().kind == OrderKind::Gather; }

// Direction used to split two units standing on exactly the same point: fixed, so the
// outcome does not depend on anything but the pair's slot indices.
Vec2 split_direction(std::size_t pair_index) {
  constexpr Vec2 kDirections[] = {{1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f},
                                  {0.70710678f, 0.70710678f}, {-0.70710678f, 0.70710678f},
                                  {-0.70710678f, -0.70710678f}, {0.70710678f, -0.70710678f}};
  return kDirections[pair_index % 8];
}

// Whether the body moved.
bool move_to(Body& b, Vec2 to) {
  if (to == b.pos) return false;
  b.pos = to;
  return true;
}

// A push never takes a ground unit from a pathable cell into an unpathable one (a wall or
// a structure's cells); units already standing on one may leave it.
Vec2 pushed_to(const World& world, const Body& body, Vec2 to) {
  to = world.clamp_to_playable(to, body.radius);
  const PathingGrid& grid = body.cliff_walker ? world.pathing_for(*body.unit->stats) : world.pathing();
  if (body.flying || !grid.has_obstacles() || grid.pathable_at(to) || !grid.pathable_at(body.pos)) {
    return to;
  }
  return body.pos;
}

// Pushes a pair apart if they overlap (the caller skips pairs with no active body). Marks
// in `activity_a` / `activity_b` whichever of them moved.
void push_apart(const World& world, Body& a, Body& b, std::uint8_t& activity_a, std::uint8_t& activity_b) {
  if (a.immobile && b.immobile) return;  // a Refinery on its geyser
  if (a.flying != b.flying) return;      // air units pass over ground units
  if ((a.harvesting && !b.immobile) || (b.harvesting && !a.immobile)) return;
  const float min_gap = a.radius + b.radius;
  const Vec2 delta = b.pos - a.pos;
  const float squared = delta.x * delta.x + delta.y * delta.y;
  const float touching = min_gap - kContactSlack;
  if (squared >= touching * touching) return;
  const float dist = std::sqrt(squared);
  const Vec2 normal =
      dist > 1e-6f ? delta * (1.0f / dist) : split_direction(std::size_t{a.unit->id.index} + b.unit->id.index);
  const float overlap = min_gap - dist;
  float share_a = 0.5f, share_b = 0.5f;
  if (a.fixed && !b.fixed) share_a = 0.0f, share_b = 1.0f;
  if (b.fixed && !a.fixed) share_a = 1.0f, share_b = 0.0f;
  // Structures and resources never move, not even for a unit holding position.
  if (a.immobile) share_a = 0.0f, share_b = 1.0f;
  if (b.immobile) share_a = 1.0f, share_b = 0.0f;
  if (share_a > 0.0f && move_to(a, pushed_to(world, a, a.pos - normal * (overlap * share_a)))) activity_a |= kMoved;
  if (share_b > 0.0f && move_to(b, pushed_to(world, b, b.pos + normal * (overlap * share_b)))) activity_b |= kMoved;
}

// Some bodies' discs binned into square cells (CSR lists, bodies ascending in each cell).
// An entry is a body index shifted left by two, with bit 0 set in the first column of the
// body's box and bit 1 in its first row: a pair's first shared cell is the one where
// max(x0a, x0b) and max(y0a, y0b) meet, i.e. where each axis is the first of one of them,
// so the pair loop tells it from the two entries without reading the bodies.
class DiscBins {
 public:
  // Bins `members` (ascending body indices).
  void bin(std::vector<Body>& bodies, const std::vector<std::uint32_t>& members) {
    const Body& first = bodies[members.front()];
    float x_min = first.pos.x, y_min = first.pos.y, x_max = x_min, y_max = y_min;
    for (const std::uint32_t i : members) {
      const Body& b = bodies[i];
      x_min = std::min(x_min, b.pos.x - b.radius), x_max = std::max(x_max, b.pos.x + b.radius);
      y_min = std::min(y_min, b.pos.y - b.radius), y_max = std::max(y_max, b.pos.y + b.radius);
    }
    origin_ = {x_min, y_min};
    // Few units spread over a large map: coarser cells, so that clearing them stays cheap.
    const std::size_t cell_budget = kCellsPerBody * members.size() + 64;
    cell_scale_ = 1.0f / kCellSize;
    while (true) {
      columns_ = cell_of(x_max, origin_.x) + 1;
      rows_ = cell_of(y_max, origin_.y) + 1;
      if (static_cast<std::size_t>(columns_) * rows_ <= cell_budget) break;
      cell_scale_ *= 0.5f;  // cells twice as large
    }
    // Locals and raw pointers below: the counts are uint32 and the boxes int, which may
    // alias, so members would be reloaded after every count.
    const int columns = columns_, rows = rows_;
    start_.assign(static_cast<std::size_t>(columns) * rows + 1, 0);
    std::uint32_t* const counts = start_.data() + 1;
    for (const std::uint32_t i : members) {
      Body& b = bodies[i];
      const int x0 = cell_of(b.pos.x - b.radius, origin_.x);
      const int y0 = cell_of(b.pos.y - b.radius, origin_.y);
      const int x1 = std::min(columns - 1, cell_of(b.pos.x + b.radius, origin_.x));
      const int y1 = std::min(rows - 1, cell_of(b.pos.y + b.radius, origin_.y));
      b.cell_x0 = x0, b.cell_y0 = y0, b.cell_x1 = x1, b.cell_y1 = y1;
      for (int y = y0; y <= y1; ++y) {
        std::uint32_t* const row = counts + static_cast<std::size_t>(y) * columns;
        for (int x = x0; x <= x1; ++x) ++row[x];
      }
    }
    for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
    entries_.resize(start_.back());
    fill_.assign(start_.begin(), start_.end() - 1);
    std::uint32_t* const entries = entries_.data();
    std::uint32_t* const fill = fill_.data();
    for (const std::uint32_t i : members) {
      const Body& b = bodies[i];
      const int x0 = b.cell_x0, y0 = b.cell_y0, x1 = b.cell_x1, y1 = b.cell_y1;
      if (x1 < x0) continue;  // an empty box (only a NaN position or negative radius): no cells
      for (int y = y0; y <= y1; ++y) {
        const std::uint32_t row_bits = (i << 2) | (y == y0 ? 2u : 0u);
        std::uint32_t* const row_fill = fill + static_cast<std::size_t>(y) * columns;
        entries[row_fill[x0]++] = row_bits | 1u;
        for (int x = x0 + 1; x <= x1; ++x) entries[row_fill[x]++] = row_bits;
      }
    }
  }

  // Calls f(a, b) with the body indices of every pair of binned bodies whose boxes share a
  // cell and of which one is active (activity[index] != 0, as f leaves it), once: in the first
  // cell they share (cells row by row), lower body index first.
  template <typename F>
  void for_each_active_pair(const std::vector<std::uint8_t>& activity, F&& f) const {
    const std::uint32_t* const start = start_.data();
    const std::uint32_t* const entries = entries_.data();
    const std::uint8_t* const active = activity.data();
    const std::size_t cells = start_.size() - 1;
    for (std::size_t c = 0; c < cells; ++c) {
      const std::uint32_t end = start[c + 1];
      if (end - start[c] < 2) continue;
      // A cell of sleeping bodies is passed over: f only wakes the bodies of a pair with an
      // active one, so none of its pairs could become one while it is read.
      std::uint8_t any = 0;
      for (std::uint32_t e = start[c]; e < end; ++e) any |= active[entries[e] >> 2];
      if (any == 0) continue;
      for (std::uint32_t e = start[c]; e + 1 < end; ++e) {
        const std::uint32_t a = entries[e];
        for (std::uint32_t k = e + 1; k < end; ++k) {
          const std::uint32_t b = entries[k];
          if (((a | b) & 3u) == 3u && (active[a >> 2] | active[b >> 2]) != 0) f(a >> 2, b >> 2);
        }
      }
    }
  }

  // Notes every cell that the box around `b`'s disc where it stands now touches, once.
  void note_cells_near(const Body& b) {
    if (noted_.size() != start_.size()) noted_.assign(start_.size(), 0);
    const int x0 = std::max(0, cell_of(b.pos.x - b.radius, origin_.x));
    const int y0 = std::max(0, cell_of(b.pos.y - b.radius, origin_.y));
    const int x1 = std::min(columns_ - 1, cell_of(b.pos.x + b.radius, origin_.x));
    const int y1 = std::min(rows_ - 1, cell_of(b.pos.y + b.radius, origin_.y));
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        const auto c = static_cast<std::uint32_t>(y * columns_ + x);
        if (noted_[c] != 0) continue;
        noted_[c] = 1;
        noted_cells_.push_back(c);
      }
    }
  }
  // Calls f(index) for every body binned in a noted cell (more than once for a body in
  // several of them), then forgets the notes. Neighbours of a crowd share most cells:
  // each is read once, not once per body next to it.
  template <typename F>
  void for_each_in_noted_cells(F&& f) {
    const std::uint32_t* const start = start_.data();
    const std::uint32_t* const entries = entries_.data();
    for (const std::uint32_t c : noted_cells_) {
      noted_[c] = 0;
      const std::uint32_t end = start[c + 1];
      for (std::uint32_t e = start[c]; e < end; ++e) f(entries[e] >> 2);
    }
    noted_cells_.clear();
  }

 private:
  // Cell coordinate of `v` (floor; below the origin gives -1 or less). The cell size is a power
  // of two, so multiplying by its inverse is dividing by it, exactly.
  int cell_of(float v, float origin) const { return floor_to_int((v - origin) * cell_scale_); }

  Vec2 origin_;
  float cell_scale_ = 1.0f / kCellSize;  // 1 / the cell size, a power of two (so exact)
  int columns_ = 0, rows_ = 0;
  std::vector<std::uint32_t> start_;    // cell c holds entries [start[c], start[c+1])
  std::vector<std::uint32_t> entries_;  // body index << 2 | first column (1) | first row (2)
  std::vector<std::uint32_t> fill_;
  std::vector<std::uint8_t> noted_;         // per cell: noted since the last for_each_in_noted_cells
  std::vector<std::uint32_t> noted_cells_;  // the noted cells, in the order noted
};

}  // namespace

void separate_units(const World& world, std::span<Unit* const> units) {
  // Reused between loops (this runs every loop): the bodies, the bins of the first pass
  // (every body) and of the last pass, the bodies of the next pass.
  thread_local std::vector<Body> bodies;
  thread_local DiscBins all_bins, pass_bins;
  thread_local std::vector<std::uint32_t> members, marks;
  thread_local std::vector<std::uint8_t> activity;  // kAwake / kMoved per body
  const std::uint32_t grid_version = world.pathing().version();
  bodies.clear();
  members.clear();
  activity.clear();
  bool any_awake = false;
  for (Unit* u : units) {
    if (!u->stats->solid() || !u->alive()) continue;
    members.push_back(static_cast<std::uint32_t>(bodies.size()));
    Body& b = bodies.emplace_back();
    b.unit = u;
    b.pos = u->pos;
    b.radius = u->radius;
    b.immobile = u->stats->immobile();
    b.fixed = b.immobile || u->holding_position;
    b.harvesting = harvesting(*u);
    b.flying = u->stats->flying;
    b.cliff_walker = u->stats->cliff_walker;
    const SeparationMemo& memo = u->separation;
    const bool awake =
        !memo.valid || !(memo.pos == b.pos) || memo.flags != flags_of(b) || memo.grid_version != grid_version;
    activity.push_back(awake ? kAwake : 0);
    any_awake = any_awake || awake;
  }
  // Each pass checks the pairs with an awake body (or one moved earlier in the pass); a
  // body is awake in the next pass when this one moved it. The first pass bins every
  // body; the later ones only the awake bodies and those next to one: every other body
  // stands where the first or the last pass binned it, so the bins of those two passes
  // find them. A pass that moves nobody would be repeated identically: stop.
  for (int pass = 0; pass < kSeparationPasses && any_awake && bodies.size() >= 2; ++pass) {
    DiscBins& bins = pass == 0 ? all_bins : pass_bins;
    if (pass > 0) {
      marks.assign(bodies.size(), 0);
      for (std::uint32_t i = 0; i < bodies.size(); ++i) {
        if (activity[i] == 0) continue;
        marks[i] = 1;
        all_bins.note_cells_near(bodies[i]);
        if (pass > 1) pass_bins.note_cells_near(bodies[i]);
      }
      const auto mark = [&](std::uint32_t j) { marks[j] = 1; };
      all_bins.for_each_in_noted_cells(mark);
      if (pass > 1) pass_bins.for_each_in_noted_cells(mark);
      members.clear();
      for (std::uint32_t i = 0; i < bodies.size(); ++i) {
        if (marks[i] != 0) members.push_back(i);
      }
    }
    bins.bin(bodies, members);
    bins.for_each_active_pair(activity, [&](std::uint32_t a, std::uint32_t b) {
      push_apart(world, bodies[a], bodies[b], activity[a], activity[b]);
    });
    any_awake = false;
    for (std::uint8_t& state : activity) {
      state = (state & kMoved) != 0 ? kAwake : 0;
      any_awake = any_awake || state != 0;
    }
  }
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body& b = bodies[i];
    if (!b.immobile) b.unit->pos = b.pos;
    // Still awake = moved in the last pass, after some of its pairs were checked.
    b.unit->separation = {activity[i] == 0, b.pos, flags_of(b), grid_version};
  }
}

}  // namespace sc2::engine
