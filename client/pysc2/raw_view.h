#pragma once
// The raw interface's part of one observation (Observation.raw_data), decoded once by
// to_observation (features.h) into plain values for the views: every unit with what the app
// shows and draws, the effects on the ground, the sensor towers' radar rings, the camera and
// the two map_state grids. Enum values are the SC2 API's (raw.proto); a field the game left
// out reads as the protocol's default (proto2: an enum's first value, zero, false).
#include <cstdint>
#include <optional>
#include <vector>

#include "client/pysc2/layer.h"

namespace sc2::pysc2 {

enum class Alliance : std::int32_t { self = 1, ally = 2, neutral = 3, enemy = 4 };
enum class DisplayType : std::int32_t { visible = 1, snapshot = 2, hidden = 3, placeholder = 4 };
enum class CloakState : std::int32_t {
  unknown = 0, cloaked = 1, cloaked_detected = 2, not_cloaked = 3, cloaked_allied = 4
};

// World coordinates: origin bottom-left, y up, map cells.
struct Point2D {
  float x = 0.0f;
  float y = 0.0f;
  friend bool operator==(const Point2D&, const Point2D&) = default;
};
struct Point3D {
  float x = 0.0f;
  float y = 0.0f;
  float z = 0.0f;
  friend bool operator==(const Point3D&, const Point3D&) = default;
};

struct UnitOrder {
  std::uint32_t ability_id = 0;
  std::optional<Point2D> target_point;      // target_world_space_pos (its x and y)
  std::optional<std::uint64_t> target_tag;  // target_unit_tag
  float progress = 0.0f;
};

struct RallyTarget {
  std::optional<Point2D> point;
  std::uint64_t tag = 0;
};

struct RawUnit {
  std::uint64_t tag = 0;
  std::uint32_t unit_type = 0;
  std::int32_t owner = 0;  // player id; 16 = neutral
  Alliance alliance = Alliance::self;
  DisplayType display_type = DisplayType::visible;
  CloakState cloak = CloakState::unknown;
  Point3D pos;
  float facing = 0.0f;  // radians
  float radius = 0.0f;
  float health = 0.0f;
  float health_max = 0.0f;
  float shield = 0.0f;
  float shield_max = 0.0f;
  float energy = 0.0f;
  float energy_max = 0.0f;
  float build_progress = 0.0f;      // 0..1
  bool has_build_progress = false;  // the game sent build_progress (status bars need it)
  std::int32_t mineral_contents = 0;
  std::int32_t vespene_contents = 0;
  std::int32_t assigned_harvesters = 0;
  std::int32_t ideal_harvesters = 0;
  bool is_selected = false;
  bool is_hallucination = false;
  bool is_burrowed = false;
  bool is_flying = false;
  std::vector<UnitOrder> orders;
  std::vector<RallyTarget> rally_targets;
  std::vector<std::uint32_t> buff_ids;
};

// An effect on the ground (storms, bile, scans, ...): one area per position.
struct Effect {
  std::uint32_t effect_id = 0;
  Alliance alliance = Alliance::self;
  std::int32_t owner = 0;
  float radius = 0.0f;
  std::vector<Point2D> positions;
};

struct RadarRing {
  Point2D pos;
  float radius = 0.0f;
};

struct RawView {
  bool sent = false;  // the observation had raw_data (the raw interface is on)
  std::vector<RawUnit> units;
  std::vector<Effect> effects;
  std::vector<RadarRing> radar;
  std::optional<Point2D> camera;  // raw_data.player.camera, when the game sent it
  // map_state's grids (client/pysc2/raw_layers.h: row y is world y); empty when not sent.
  // Named, with their kind and palette length (PySC2 viewer's), even then; visibility keeps
  // the feature layer's 4 values so that "full hidden" is still a value of it.
  Layer visibility = empty_layer("visibility", LayerKind::categorical, 4);
  Layer creep = empty_layer("creep", LayerKind::categorical, 2);

  const RawUnit* find(std::uint64_t tag) const;  // nullptr when no unit has that tag
};

}  // namespace sc2::pysc2
