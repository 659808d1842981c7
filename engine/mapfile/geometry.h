#pragma once
// Points of a map in world units (x east, y north; z up where the file gives it).
namespace sc2::engine::mapfile {

struct MapPoint {
  float x = 0;
  float y = 0;
  bool operator==(const MapPoint&) const = default;
};

struct MapPoint3 {
  float x = 0;
  float y = 0;
  float z = 0;
  MapPoint xy() const { return {x, y}; }
  bool operator==(const MapPoint3&) const = default;
};

}  // namespace sc2::engine::mapfile
