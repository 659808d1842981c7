#pragma once
// Regions (spec sc2-map-files.md §1.4): named areas made of rectangles and circles, some of
// them negative (cut out). A point is in a region when it is in one of its positive shapes
// and in none of its negative ones; edges count as inside.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/geometry.h"
#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

struct RegionShape {
  enum class Kind { rect, circle };
  Kind kind = Kind::rect;
  bool negative = false;
  MapPoint min;     // rect: the quad's min x, min y
  MapPoint max;     // rect: its max x, max y
  MapPoint center;  // circle
  float radius = 0;  // circle

  bool contains(MapPoint p) const;
  bool operator==(const RegionShape&) const = default;
};

struct RegionBounds {
  MapPoint min;
  MapPoint max;
  MapPoint center() const { return {(min.x + max.x) / 2, (min.y + max.y) / 2}; }
  bool operator==(const RegionBounds&) const = default;
};

struct Region {
  int id = 0;  // what RegionFromId(id) names
  std::string name;
  std::string color;  // "r,g,b,a" as written, "" when absent
  bool invisible = false;
  std::vector<RegionShape> shapes;

  bool contains(MapPoint p) const;
  // The box around the positive shapes; nullopt when there are none.
  std::optional<RegionBounds> bounds() const;
  // A point uniformly distributed over the region: tries points of bounds() drawn with
  // `uniform01` (the caller's seeded RNG, each call uniform in [0,1)) until one is inside.
  // nullopt after `max_tries` misses (a region its negative shapes all but remove) or
  // when it has no positive shape.
  std::optional<MapPoint> random_point(const std::function<float()>& uniform01, int max_tries) const;

  bool operator==(const Region&) const = default;
};

// The Regions file's XML. Throws MapError("Regions", ...) for bad XML, a region without a
// whole-number id or with a duplicate one, an unknown shape type, bad numbers, or more than
// limits.max_region_shapes shapes in a region.
std::vector<Region> parse_regions(std::string_view xml_text, const MapLimits& limits = {});

// The region with `id`, or nullptr.
const Region* find_region(const std::vector<Region>& regions, int id);

}  // namespace sc2::engine::mapfile
