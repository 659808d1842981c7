#pragma once
// Objects (spec sc2-map-files.md §1.5): the points and units placed in the editor, with the
// ids PointFromId / UnitFromId name them by. Other kinds of placed objects (doodads,
// cameras, sounds) matter only to a renderer and are not kept.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/geometry.h"
#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

struct PlacedPoint {
  std::uint32_t id = 0;
  std::string name;  // "Team 1", "Start Location 001"
  std::string type;  // "Normal" or "StartLoc"
  MapPoint3 position;
  float rotation = 0;  // radians (1.5705 ~ pi/2)
  bool is_start_location() const { return type == "StartLoc"; }
  bool operator==(const PlacedPoint&) const = default;
};

struct PlacedUnit {
  std::uint32_t id = 0;
  std::string unit_type;  // "MineralField", "VespeneGeyser", ...
  int owner = 0;          // Player attribute; absent = 0, neutral
  MapPoint3 position;
  float rotation = 0;  // radians
  int variation = 0;
  std::vector<std::string> flags;  // <Flag Index="ForcePlacement" Value="1"/>: the set ones
  bool operator==(const PlacedUnit&) const = default;
};

struct PlacedObjects {
  int version = 0;  // PlacedObjects Version (27 in the reference maps)
  std::vector<PlacedPoint> points;
  std::vector<PlacedUnit> units;

  const PlacedPoint* point(std::uint32_t id) const;
  const PlacedUnit* unit(std::uint32_t id) const;
  // StartLoc points in file order.
  std::vector<PlacedPoint> start_locations() const;

  bool operator==(const PlacedObjects&) const = default;
};

// Throws MapError("Objects", ...) for bad XML, a point or unit without a whole-number Id or
// with one used twice, a bad Position, or an owner outside 0..15.
PlacedObjects parse_objects(std::string_view xml_text, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
